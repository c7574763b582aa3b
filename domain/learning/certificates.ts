/**
 * Certificates of the learning hub (spec 002 "Certification", display rules; issue 30, parts 5 and 10;
 * decision 077): the certificate number's form, the display state, expiry and the expiry reminder.
 * Pure: the clock comes in as `now`, the random bytes of a new number from the caller.
 */

/** Spec 002: "Certification expiring soon: 30 days". */
export const EXPIRING_SOON_DAYS = 30;
/** The demo certification's validity (issue 30: "e.g. two years"). */
export const DEFAULT_VALID_MONTHS = 24;
/** A revocation's reason, at most this long. */
export const REVOCATION_REASON_MAX = 500;
/** A number is 128 random bits: 32 hexadecimal digits. */
export const CERTIFICATE_NUMBER_HEX_LENGTH = 32;

export const CERTIFICATE_MESSAGES = {
  notFound: "Certificate not found",
  unknownNumber: "No certificate has this number.",
  unknownNumberHelp:
    "Check the number on the certificate (letters A to F and digits; the dashes do not matter) or scan its QR code again.",
  revoked: "Certificate revoked",
  revokeReasonRequired: "Give a reason for the revocation.",
  revokeReasonTooLong: `The reason can be at most ${REVOCATION_REASON_MAX} characters.`,
  alreadyRevoked: "This certificate is already revoked.",
  issued: "Certificate earned",
  copied: "Copied!",
} as const;

/** The stored form of a number from 16 random bytes: 32 upper-case hexadecimal digits. */
export function certificateNumberFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== CERTIFICATE_NUMBER_HEX_LENGTH / 2) throw new Error("a certificate number is 16 bytes");
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

/** The number as people read it: eight groups of four ("3F9A-07C2-..."). */
export function formatCertificateNumber(stored: string): string {
  return stored.match(/.{1,4}/g)?.join("-") ?? stored;
}

/**
 * A number as typed or linked (any case, with or without dashes or spaces) in its stored form; null
 * when it cannot be a number at all (so the lookup is not even made).
 */
export function parseCertificateNumber(input: string): string | null {
  if (input.length > 64) return null;
  const compact = input.replace(/[\s-]/g, "").toUpperCase();
  return /^[0-9A-F]{32}$/.test(compact) ? compact : null;
}

/** The expiry of a certificate issued (or renewed) at `from` for `validMonths` (null: never expires). */
export function expiryFrom(from: Date, validMonths: number | null): Date | null {
  if (validMonths === null) return null;
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + validMonths);
  // The same day of the month, or the month's last day (31 January + 1 month: 28 or 29 February).
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

const DAY_MS = 86_400_000;

/** Whole days from now to the expiry, rounded up (an expiry later today is 1 day); null: never expires. */
export function daysUntilExpiry(expiresAt: Date | null, now: Date): number | null {
  if (!expiresAt) return null;
  return Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS);
}

export type CertificateTone = "error" | "warning" | "success";
export type CertificateStatus = "active" | "expiring" | "expired" | "inactive";

export interface CertificateState {
  status: CertificateStatus;
  /** Spec 002: 'Expired' or 'Inactive' (error), 'Expires in N days' (warning), 'Active' (success). */
  label: string;
  tone: CertificateTone;
  daysUntilExpiry: number | null;
}

/**
 * Spec 002, certification display: inactive (revoked) shows 'Inactive', past expiry 'Expired' (error
 * style); 30 or fewer days to expiry 'Expires in N days' (warning); otherwise 'Active' (success).
 */
export function certificateState(
  cert: { isActive: boolean; expiresAt: Date | null },
  now: Date,
): CertificateState {
  const days = daysUntilExpiry(cert.expiresAt, now);
  if (!cert.isActive) return { status: "inactive", label: "Inactive", tone: "error", daysUntilExpiry: days };
  if (cert.expiresAt && cert.expiresAt.getTime() <= now.getTime())
    return { status: "expired", label: "Expired", tone: "error", daysUntilExpiry: days };
  if (days !== null && days <= EXPIRING_SOON_DAYS)
    return {
      status: "expiring",
      label: `Expires in ${days} ${days === 1 ? "day" : "days"}`,
      tone: "warning",
      daysUntilExpiry: days,
    };
  return { status: "active", label: "Active", tone: "success", daysUntilExpiry: days };
}

/** What the public verification page says of a certificate. */
export type VerificationStatus = "valid" | "expired" | "revoked";

export function verificationStatus(
  cert: { revokedAt: Date | null; expiresAt: Date | null },
  now: Date,
): VerificationStatus {
  if (cert.revokedAt) return "revoked";
  if (cert.expiresAt && cert.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

export const VERIFICATION_LABELS: Record<VerificationStatus, string> = {
  valid: "Valid certificate",
  expired: "Expired certificate",
  revoked: "Revoked certificate",
};

/**
 * The expiry reminder is due once the expiry is 30 days away or less and still ahead, for an active
 * certificate whose reminder has not been sent for this expiry (a renewal moves the expiry, so the new
 * one gets its reminder).
 */
export function expiryReminderDue(
  cert: { isActive: boolean; expiresAt: Date | null; remindedFor: Date | null },
  now: Date,
): boolean {
  if (!cert.isActive || !cert.expiresAt) return false;
  if (cert.remindedFor && cert.remindedFor.getTime() === cert.expiresAt.getTime()) return false;
  const left = cert.expiresAt.getTime() - now.getTime();
  return left > 0 && left <= EXPIRING_SOON_DAYS * DAY_MS;
}

/** The start of the window in which a reminder may be due (for the query): expiries up to now + 30 days. */
export function reminderHorizon(now: Date): Date {
  return new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS);
}

export function expiryReminderMessage(courseTitle: string, expiresAt: Date, now: Date) {
  const days = Math.max(1, daysUntilExpiry(expiresAt, now) ?? 1);
  return {
    title: "Certification expiring soon",
    body: `Your ${courseTitle} certificate expires in ${days} ${days === 1 ? "day" : "days"}, on ${longDate(expiresAt)}. Take the refresher course to renew it.`,
  };
}

/** "March 4, 2027" (spec 002: dates as long US date), in UTC. */
export function longDate(d: Date): string {
  return d.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
}

/** Where things live. */
export const certificateHref = (id: string) => `/learning-hub/certifications/${id}`;
export const verificationPath = (number: string) => `/verify-certificate/${number}`;
