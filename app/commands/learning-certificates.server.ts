import { randomBytes } from "node:crypto";
import { type Database, type Queryable, queryRows } from "@db/client";
import {
  CERTIFICATE_MESSAGES,
  certificateHref,
  certificateNumberFromBytes,
  expiryFrom,
  expiryReminderDue,
  expiryReminderMessage,
  REVOCATION_REASON_MAX,
  reminderHorizon,
} from "@domain/learning/certificates";
import { sql } from "drizzle-orm";
import { notify } from "~/commands/notifications.server";

/**
 * The learning hub's certificates (issue 30, part 5; decision 077): issued or renewed in the
 * transaction that completes a course's enrolment, revoked by an admin with a reason, and the expiry
 * reminder 30 days before, sent once per expiry.
 */

/** A new certificate number: 128 random bits. */
export const newCertificateNumber = () => certificateNumberFromBytes(randomBytes(16));

/**
 * Called by the learning commands when an enrolment completes (its row locked, so once per person and
 * course): a course that provides a certification issues its certificate (the unique (person, course)
 * key holds it to one), and a refresher course renews the person's certificate of the course it
 * renews: the same certificate and number, a new expiry from now. Returns the certificate issued.
 */
export async function certifyCompletion(
  tx: Queryable,
  userId: string,
  courseId: string,
  now: Date,
): Promise<{ issuedId: string | null; renewedId: string | null }> {
  const [course] = await queryRows<{
    title: string;
    provides_certification: boolean;
    valid_months: number | null;
    renews_course_id: string | null;
  }>(
    tx,
    sql`select c.title, c.provides_certification, cc.valid_months, cc.renews_course_id
        from courses c left join course_certifications cc on cc.course_id = c.id where c.id = ${courseId}`,
  );
  if (!course) return { issuedId: null, renewedId: null };
  let issuedId: string | null = null;
  let renewedId: string | null = null;
  if (course.provides_certification) {
    const validMonths = course.valid_months === null ? null : Number(course.valid_months);
    const expires = expiryFrom(now, validMonths);
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into certificates (number, user_id, course_id, name, issued_at, expires_at)
          values (${newCertificateNumber()}, ${userId}, ${courseId}, ${course.title}, ${now.toISOString()},
            ${expires?.toISOString() ?? null})
          on conflict (user_id, course_id) do nothing returning id`,
    );
    if (row) {
      issuedId = row.id;
      await history(tx, row.id, "issued", { courseId, expiresAt: expires, at: now });
    }
  }
  if (course.renews_course_id) {
    // The renewed certificate keeps its own course's validity.
    const [cert] = await queryRows<{ id: string; valid_months: number | null }>(
      tx,
      sql`select ce.id, cc.valid_months from certificates ce
          left join course_certifications cc on cc.course_id = ce.course_id
          where ce.user_id = ${userId} and ce.course_id = ${course.renews_course_id} and ce.revoked_at is null
          for update of ce`,
    );
    if (cert) {
      const expires = expiryFrom(now, cert.valid_months === null ? null : Number(cert.valid_months));
      await tx.execute(
        sql`update certificates set renewed_at = ${now.toISOString()}, expires_at = ${expires?.toISOString() ?? null}
            where id = ${cert.id}`,
      );
      await history(tx, cert.id, "renewed", { courseId, expiresAt: expires, at: now });
      renewedId = cert.id;
    }
  }
  return { issuedId, renewedId };
}

async function history(
  tx: Queryable,
  certificateId: string,
  kind: "issued" | "renewed" | "revoked",
  x: { courseId?: string; actorId?: string; reason?: string; expiresAt?: Date | null; at: Date },
) {
  await tx.execute(
    sql`insert into certificate_history (certificate_id, kind, actor_id, course_id, reason, expires_at, at)
        values (${certificateId}, ${kind}, ${x.actorId ?? null}, ${x.courseId ?? null}, ${x.reason ?? null},
          ${x.expiresAt?.toISOString() ?? null}, ${x.at.toISOString()})`,
  );
}

export type RevokeResult =
  | { ok: true }
  | { ok: false; kind: "not_found" | "validation" | "conflict"; message: string };

/** An admin revokes a certificate with a reason (checked here too); recorded with who and when. */
export async function revokeCertificate(
  db: Database,
  input: { certificateId: string; adminId: string; reason: string; now?: Date },
): Promise<RevokeResult> {
  const reason = input.reason.trim();
  if (reason.length === 0)
    return { ok: false, kind: "validation", message: CERTIFICATE_MESSAGES.revokeReasonRequired };
  if (reason.length > REVOCATION_REASON_MAX)
    return { ok: false, kind: "validation", message: CERTIFICATE_MESSAGES.revokeReasonTooLong };
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [cert] = await queryRows<{ revoked_at: string | null }>(
      tx,
      sql`select revoked_at from certificates where id = ${input.certificateId} for update`,
    );
    if (!cert)
      return { ok: false as const, kind: "not_found" as const, message: CERTIFICATE_MESSAGES.notFound };
    if (cert.revoked_at)
      return { ok: false as const, kind: "conflict" as const, message: CERTIFICATE_MESSAGES.alreadyRevoked };
    await tx.execute(
      sql`update certificates set revoked_at = ${now.toISOString()}, revoked_by = ${input.adminId},
            revocation_reason = ${reason} where id = ${input.certificateId}`,
    );
    await history(tx, input.certificateId, "revoked", { actorId: input.adminId, reason, at: now });
    return { ok: true as const };
  });
}

/** Certificates looked at in one round. */
const BATCH = 500;

/**
 * The expiry reminder (spec 002: expiring soon at 30 days), run by the background jobs on every app
 * server: each certificate whose expiry is within 30 days gets one notification per expiry. The claim
 * (expiry_reminded_for set to the expiry, only if it was not) and the notification are one
 * transaction, so a second round or server finds it taken and sends nothing.
 */
export async function sendCertificateExpiryReminders(db: Database, now: Date = new Date()): Promise<number> {
  const rows = await queryRows<{
    id: string;
    user_id: string;
    name: string;
    expires_at: string;
    expiry_reminded_for: string | null;
  }>(
    db,
    sql`select id, user_id, name, expires_at, expiry_reminded_for from certificates
        where expires_at > ${now.toISOString()} and expires_at <= ${reminderHorizon(now).toISOString()}
          and revoked_at is null and expiry_reminded_for is distinct from expires_at
        order by expires_at, id limit ${BATCH}`,
  );
  let sent = 0;
  for (const row of rows) {
    const expiresAt = new Date(row.expires_at);
    const due = expiryReminderDue(
      {
        isActive: true,
        expiresAt,
        remindedFor: row.expiry_reminded_for ? new Date(row.expiry_reminded_for) : null,
      },
      now,
    );
    if (!due) continue;
    const done = await db.transaction(async (tx) => {
      const claimed = await queryRows<{ id: string }>(
        tx,
        sql`update certificates set expiry_reminded_for = expires_at
            where id = ${row.id} and expires_at = ${row.expires_at}::timestamptz and revoked_at is null
              and expiry_reminded_for is distinct from expires_at
            returning id`,
      );
      if (claimed.length === 0) return false;
      const message = expiryReminderMessage(row.name, expiresAt, now);
      await notify(tx, {
        userId: row.user_id,
        type: "certificate_expiring",
        title: message.title,
        body: message.body,
        priority: "normal",
        actionUrl: certificateHref(row.id),
        metadata: { certificate_id: row.id, expires_at: row.expires_at },
      });
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}
