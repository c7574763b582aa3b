import { createPrivateKey, hkdfSync, type KeyObject } from "node:crypto";
import { calculateJwkThumbprint, type JWK, SignJWT } from "jose";
import { z } from "zod";
import { env } from "~/env.server";
import type { CertificationCard } from "~/queries/learning-certificates.server";

/**
 * Open Badges 3.0 credentials for the learning hub's certificates (issue 30, part 5; decision 077):
 * each certificate as an OpenBadgeCredential secured as a VC-JWT (EdDSA, Ed25519), signed with the
 * platform's key, whose public part is published as a JWKS at /.well-known/jwks.json, so another
 * platform can verify it without asking us. Its credentialStatus is its bit in a signed W3C Bitstring
 * Status List (./status-list.server.ts, decision 086), set once an admin revoked it. Credentials
 * signed before that point at /credentials/{id}/status, an unsigned 1EdTech revocation list of that
 * one credential, still served.
 */

const PrivateJwk = z.object({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  d: z.string().min(40),
  x: z.string().min(40),
});

/** PKCS #8 prefix of an Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

interface SigningKey {
  privateKey: KeyObject;
  publicJwk: JWK & { kid: string };
}

let cached: { source: string; key: SigningKey } | undefined;

/**
 * The platform's signing key: CREDENTIAL_SIGNING_KEY (a private Ed25519 JWK) when set; otherwise an
 * Ed25519 key derived from SESSION_SECRET by HKDF (the same on every restart and app server).
 */
export async function signingKey(): Promise<SigningKey> {
  const e = env();
  const source = e.CREDENTIAL_SIGNING_KEY ?? `derived:${e.SESSION_SECRET}`;
  if (cached?.source === source) return cached.key;
  let privateKey: KeyObject;
  if (e.CREDENTIAL_SIGNING_KEY) {
    let parsed: z.infer<typeof PrivateJwk>;
    try {
      parsed = PrivateJwk.parse(JSON.parse(e.CREDENTIAL_SIGNING_KEY));
    } catch {
      throw new Error(
        'CREDENTIAL_SIGNING_KEY must be a private Ed25519 JWK: {"kty":"OKP","crv":"Ed25519","d":...,"x":...}',
      );
    }
    privateKey = createPrivateKey({ key: parsed, format: "jwk" });
  } else {
    const seed = Buffer.from(
      hkdfSync("sha256", e.SESSION_SECRET, "association-commons", "open-badges-signing-key", 32),
    );
    privateKey = createPrivateKey({
      key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
      format: "der",
      type: "pkcs8",
    });
  }
  const { kty, crv, x } = privateKey.export({ format: "jwk" }) as { kty: string; crv: string; x: string };
  const pub = { kty, crv, x };
  const kid = await calculateJwkThumbprint(pub);
  const key = { privateKey, publicJwk: { ...pub, kid, alg: "EdDSA", use: "sig" } };
  cached = { source, key };
  return key;
}

/** The JWKS published at /.well-known/jwks.json. */
export async function publishedJwks(): Promise<{ keys: JWK[] }> {
  return { keys: [(await signingKey()).publicJwk] };
}

const base = () => env().APP_URL.replace(/\/$/, "");
export const issuerId = () => `${base()}/credentials/issuer`;
export const credentialStatusUrl = (certificateId: string) => `${base()}/credentials/${certificateId}/status`;
export const OB_CONTEXT = [
  "https://www.w3.org/ns/credentials/v2",
  "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
];

/** The issuer's Open Badges Profile (at /credentials/issuer). */
export function issuerProfile() {
  return {
    "@context": OB_CONTEXT,
    id: issuerId(),
    type: ["Profile"],
    name: "Association Commons",
    url: base(),
    description: "The learning hub of Association Commons, for condominium and HOA professionals.",
  };
}

/**
 * The OpenBadgeCredential of a certificate (the JWT's `vc` claim). Its credentialStatus is its entry in
 * a signed Bitstring Status List (decision 086).
 */
export function openBadgeCredential(cert: CertificationCard, status: Record<string, string>) {
  const validFrom = cert.renewedAt ?? cert.issuedAt;
  return {
    "@context": OB_CONTEXT,
    id: `urn:uuid:${cert.id}`,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    issuer: { id: issuerId(), type: ["Profile"], name: "Association Commons", url: base() },
    validFrom,
    ...(cert.expiresAt ? { validUntil: cert.expiresAt } : {}),
    name: cert.certificateName,
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier: [
        { type: "IdentityObject", identityType: "name", hashed: false, identityHash: cert.holder.name },
      ],
      achievement: {
        id: `${base()}/learning-hub/courses/${cert.course.slug}`,
        type: ["Achievement"],
        achievementType: "Certificate",
        name: cert.certificateName,
        description: cert.certificateDescription,
        criteria: {
          narrative: "Completed every lesson of the course and passed every quiz, graded on the server.",
        },
      },
      certificateNumber: cert.displayNumber,
    },
    credentialStatus: status,
    evidence: [
      { id: `${base()}${cert.verificationPath}`, type: ["Evidence"], name: "Public verification page" },
    ],
  };
}

/** The certificate's credential as a VC-JWT (header alg EdDSA, kid of the published key). */
export async function signOpenBadgeCredential(
  cert: CertificationCard,
  status: Record<string, string>,
): Promise<string> {
  const { privateKey, publicJwk } = await signingKey();
  const vc = openBadgeCredential(cert, status);
  const jwt = new SignJWT({ vc })
    .setProtectedHeader({ alg: "EdDSA", typ: "JWT", kid: publicJwk.kid })
    .setIssuer(issuerId())
    .setJti(vc.id)
    .setSubject(`${base()}/verify-certificate/${cert.certificateNumber}`)
    .setIssuedAt()
    .setNotBefore(new Date(vc.validFrom));
  if (cert.expiresAt) jwt.setExpirationTime(new Date(cert.expiresAt));
  return jwt.sign(privateKey);
}

/** The status of credentials signed before decision 086: a 1EdTech revocation list of this one credential, listing it once revoked. */
export function revocationList(cert: Pick<CertificationCard, "id" | "revokedAt" | "revocationReason">) {
  return {
    id: credentialStatusUrl(cert.id),
    type: "1EdTechRevocationList",
    issuer: issuerId(),
    revokedCredentials: cert.revokedAt
      ? [{ id: `urn:uuid:${cert.id}`, revocationReason: cert.revocationReason, revokedAt: cert.revokedAt }]
      : [],
  };
}
