import { randomInt } from "node:crypto";
import { gzipSync } from "node:zlib";
import { type Queryable, queryRows } from "@db/client";
import {
  listForNewEntry,
  STATUS_LIST_SIZE,
  STATUS_LIST_TTL_SECONDS,
  STATUS_PURPOSE,
  statusBits,
} from "@domain/learning/status-list";
import { sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { env } from "~/env.server";
import { issuerId, OB_CONTEXT, signingKey } from "./open-badges.server";

/**
 * The signed status lists of the platform's Open Badges (decision 086): W3C Bitstring Status List
 * v1.0 credentials at /credentials/status/{list}, secured as VC-JWTs with the same Ed25519 key and in
 * the same form as the badges (so a verifier checks both with /.well-known/jwks.json), each
 * certificate's bit set once an administrator revoked it. A badge's credentialStatus is a
 * BitstringStatusListEntry naming its list and position.
 */

const base = () => env().APP_URL.replace(/\/$/, "");
export const statusListUrl = (listNumber: number) => `${base()}/credentials/status/${listNumber}`;

export interface StatusEntry {
  listNumber: number;
  listIndex: number;
}

/** A badge's credentialStatus (its bit in the list). */
export function statusListEntry(entry: StatusEntry) {
  const list = statusListUrl(entry.listNumber);
  return {
    id: `${list}#${entry.listIndex}`,
    type: "BitstringStatusListEntry",
    statusPurpose: STATUS_PURPOSE,
    statusListIndex: String(entry.listIndex),
    statusListCredential: list,
  };
}

/**
 * The certificate's place in a status list: the one it has, or a new one at a random free position of
 * the list being filled (a position taken by a concurrent signing is drawn again).
 */
export async function ensureStatusEntry(db: Queryable, certificateId: string): Promise<StatusEntry> {
  for (let attempt = 0; attempt < 32; attempt += 1) {
    const [existing] = await queryRows<{ list_number: number; list_index: number }>(
      db,
      sql`select list_number, list_index from credential_status_entries where certificate_id = ${certificateId}`,
    );
    if (existing) return { listNumber: Number(existing.list_number), listIndex: Number(existing.list_index) };
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from credential_status_entries`,
    );
    const listNumber = listForNewEntry(Number(count?.n ?? 0));
    await db.execute(
      sql`insert into credential_status_entries (certificate_id, list_number, list_index)
          values (${certificateId}, ${listNumber}, ${randomInt(STATUS_LIST_SIZE)})
          on conflict do nothing`,
    );
  }
  throw new Error(`no free status list position for certificate ${certificateId}`);
}

/** The encodedList: the bitstring GZIP-compressed, then multibase base64url without padding ("u"). */
export const encodeStatusList = (bits: Uint8Array) => `u${gzipSync(bits).toString("base64url")}`;

/**
 * List `listNumber` as a signed BitstringStatusListCredential (null: no such list). Valid for a day from
 * now; signed on each request, so a revocation shows at once.
 */
export async function signStatusList(
  db: Queryable,
  listNumber: number,
  now = new Date(),
): Promise<string | null> {
  if (!Number.isSafeInteger(listNumber) || listNumber < 1) return null;
  const [known] = await queryRows<{ top: number | null }>(
    db,
    sql`select max(list_number) as top from credential_status_entries`,
  );
  if (listNumber > Math.max(1, Number(known?.top ?? 0))) return null;
  const revoked = await queryRows<{ list_index: number }>(
    db,
    sql`select e.list_index from credential_status_entries e join certificates c on c.id = e.certificate_id
        where e.list_number = ${listNumber} and c.revoked_at is not null`,
  );
  const id = statusListUrl(listNumber);
  const validFrom = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const validUntil = new Date(validFrom.getTime() + STATUS_LIST_TTL_SECONDS * 1000);
  const vc = {
    "@context": [OB_CONTEXT[0]],
    id,
    type: ["VerifiableCredential", "BitstringStatusListCredential"],
    issuer: issuerId(),
    validFrom: validFrom.toISOString(),
    validUntil: validUntil.toISOString(),
    credentialSubject: {
      id: `${id}#list`,
      type: "BitstringStatusList",
      statusPurpose: STATUS_PURPOSE,
      encodedList: encodeStatusList(statusBits(revoked.map((r) => Number(r.list_index)))),
    },
  };
  const { privateKey, publicJwk } = await signingKey();
  return new SignJWT({ vc })
    .setProtectedHeader({ alg: "EdDSA", typ: "JWT", kid: publicJwk.kid })
    .setIssuer(issuerId())
    .setJti(id)
    .setSubject(vc.credentialSubject.id)
    .setIssuedAt(validFrom)
    .setNotBefore(validFrom)
    .setExpirationTime(validUntil)
    .sign(privateKey);
}
