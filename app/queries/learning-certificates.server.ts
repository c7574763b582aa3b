import { type Queryable, queryRows } from "@db/client";
import {
  type CertificateState,
  certificateState,
  formatCertificateNumber,
  type VerificationStatus,
  verificationPath,
  verificationStatus,
} from "@domain/learning/certificates";
import { profileName } from "@domain/network/profile";
import { sql } from "drizzle-orm";

/**
 * The learning hub's certificates as people see them (issue 30, parts 5 and 10; decision 077): the
 * person's own list and card (spec 002 "Certification"), and the public verification by number, one
 * query on the number's unique index.
 */

export interface CertificationCard {
  id: string;
  /** Spec 002 certificate_name: the course's title when issued. */
  certificateName: string;
  certificateDescription: string;
  /** Stored form (32 hexadecimal digits) and as shown (groups of four). */
  certificateNumber: string;
  displayNumber: string;
  issuedAt: string;
  renewedAt: string | null;
  expiresAt: string | null;
  daysUntilExpiry: number | null;
  isActive: boolean;
  /** Issued by the platform from a course graded on the server: always verified. */
  isVerified: boolean;
  verificationPath: string;
  pdfPath: string;
  credentialPath: string;
  course: { slug: string; title: string };
  state: CertificateState;
  holder: { id: string; name: string };
  revokedAt: string | null;
  revocationReason: string | null;
}

interface Row {
  id: string;
  number: string;
  name: string;
  short_description: string;
  issued_at: string;
  renewed_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  revocation_reason: string | null;
  slug: string;
  title: string;
  user_id: string;
  full_name: string | null;
}

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

function cardOf(r: Row, now: Date): CertificationCard {
  const expiresAt = r.expires_at ? new Date(r.expires_at) : null;
  const isActive = !r.revoked_at;
  const state = certificateState({ isActive, expiresAt }, now);
  return {
    id: r.id,
    certificateName: r.name,
    certificateDescription: r.short_description,
    certificateNumber: r.number,
    displayNumber: formatCertificateNumber(r.number),
    issuedAt: new Date(r.issued_at).toISOString(),
    renewedAt: iso(r.renewed_at),
    expiresAt: iso(r.expires_at),
    daysUntilExpiry: state.daysUntilExpiry,
    isActive,
    isVerified: true,
    verificationPath: verificationPath(r.number),
    pdfPath: `/learning-hub/certifications/${r.id}/pdf`,
    credentialPath: `/learning-hub/certifications/${r.id}/credential`,
    course: { slug: r.slug, title: r.title },
    state,
    holder: { id: r.user_id, name: profileName(r.full_name) },
    revokedAt: iso(r.revoked_at),
    revocationReason: r.revocation_reason,
  };
}

const COLUMNS = sql`ce.id, ce.number, ce.name, c.short_description, ce.issued_at, ce.renewed_at, ce.expires_at,
  ce.revoked_at, ce.revocation_reason, c.slug, c.title, ce.user_id, p.full_name`;

/** The person's certificates, newest first. */
export async function listCertificates(
  db: Queryable,
  userId: string,
  now: Date = new Date(),
): Promise<CertificationCard[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from certificates ce join courses c on c.id = ce.course_id
        left join user_profiles p on p.id = ce.user_id
        where ce.user_id = ${userId} order by ce.issued_at desc, ce.id`,
  );
  return rows.map((r) => cardOf(r, now));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A certificate by id (null: none; the caller decides who may see it). */
export async function certificateById(
  db: Queryable,
  id: string,
  now: Date = new Date(),
): Promise<CertificationCard | null> {
  if (!UUID.test(id)) return null;
  const [row] = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from certificates ce join courses c on c.id = ce.course_id
        left join user_profiles p on p.id = ce.user_id where ce.id = ${id}`,
  );
  return row ? cardOf(row, now) : null;
}

export interface PublicVerification {
  /** The certificate's id: for the loader to link admins to it; never sent to anyone else. */
  id: string;
  status: VerificationStatus;
  holderName: string;
  certificateName: string;
  displayNumber: string;
  course: { slug: string; title: string };
  issuedAt: string;
  renewedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  revocationReason: string | null;
}

/**
 * The public verification of a number in its stored form (domain parseCertificateNumber): one query on
 * the unique index of certificates.number; null: no such certificate. Says nothing more than the page
 * shows (no ids, no e-mail).
 */
export async function verifyCertificateNumber(
  db: Queryable,
  number: string,
  now: Date = new Date(),
): Promise<PublicVerification | null> {
  const [r] = await queryRows<Row>(
    db,
    sql`select ${COLUMNS} from certificates ce join courses c on c.id = ce.course_id
        left join user_profiles p on p.id = ce.user_id where ce.number = ${number}`,
  );
  if (!r) return null;
  const expiresAt = r.expires_at ? new Date(r.expires_at) : null;
  const revokedAt = r.revoked_at ? new Date(r.revoked_at) : null;
  return {
    id: r.id,
    status: verificationStatus({ revokedAt, expiresAt }, now),
    holderName: profileName(r.full_name),
    certificateName: r.name,
    displayNumber: formatCertificateNumber(r.number),
    course: { slug: r.slug, title: r.title },
    issuedAt: new Date(r.issued_at).toISOString(),
    renewedAt: iso(r.renewed_at),
    expiresAt: iso(r.expires_at),
    revokedAt: iso(r.revoked_at),
    revocationReason: r.revocation_reason,
  };
}
