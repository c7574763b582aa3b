import { type Queryable, queryRows } from "@db/client";
import {
  CE_LIMITS,
  CE_MESSAGES,
  type CeSubject,
  LICENCE_TYPES,
  type LicenceTypeCode,
} from "@domain/learning/continuing-education";
import { sql } from "drizzle-orm";

/**
 * Continuing education's writes (issue 30, part 6; decision 079): a course's CE hours, and the
 * licences a person records. Hours earned are read from completed enrolments, never written here.
 */

/** A course's hours for one licence type in one subject, in tenths of that type's hour. */
export interface CourseCeCredit {
  licenceType: LicenceTypeCode;
  subject: CeSubject;
  tenths: number;
}

/**
 * Gives a course its CE hours (the demo's course definitions), in force from the start; a credit in
 * force already is kept as it is (a second run changes nothing). Authors set them on the course's
 * authoring page (setCeCredit, decision 090).
 */
export async function setCourseCeCredits(db: Queryable, courseId: string, credits: CourseCeCredit[]) {
  for (const c of credits)
    await db.execute(
      sql`insert into course_ce_credits (course_id, licence_type, subject, hours_tenths)
          values (${courseId}, ${c.licenceType}, ${c.subject}, ${c.tenths})
          on conflict (course_id, licence_type, subject) where applies_until is null do nothing`,
    );
}

export type CeRefusal = {
  ok: false;
  error: {
    kind: "validation" | "conflict" | "not_found";
    message: string;
    fieldErrors?: Record<string, string[]>;
  };
};

export interface LicenceInput {
  userId: string;
  licenceType: LicenceTypeCode;
  licenceNumber: string;
  /** The issue or certification date; required where the periods run from it. */
  anchorDate: string | null;
  /** Today in the licence type's zone (a date in the future is refused). */
  today: string;
}

const field = (name: string, message: string): CeRefusal => ({
  ok: false,
  error: { kind: "validation", message, fieldErrors: { [name]: [message] } },
});

/** Records a licence the person holds: one per type, at most ten. */
export async function addLicence(
  db: Queryable,
  input: LicenceInput,
): Promise<{ ok: true; id: string } | CeRefusal> {
  const type = LICENCE_TYPES[input.licenceType];
  if (type.anchorRequired && !input.anchorDate) return field("anchorDate", CE_MESSAGES.anchorRequired);
  if (input.anchorDate && input.anchorDate > input.today)
    return field("anchorDate", CE_MESSAGES.anchorInFuture);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from professional_licences where user_id = ${input.userId}`,
  );
  if (Number(count?.n ?? 0) >= CE_LIMITS.licencesMax)
    return { ok: false, error: { kind: "conflict", message: CE_MESSAGES.tooMany } };
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into professional_licences (user_id, licence_type, licence_number, anchor_date)
        values (${input.userId}, ${input.licenceType}, ${input.licenceNumber}, ${input.anchorDate})
        on conflict (user_id, licence_type) do nothing
        returning id`,
  );
  if (!row) return field("licenceType", CE_MESSAGES.duplicate);
  return { ok: true, id: row.id };
}

/** Removes one of the person's own licences (another person's is "not found"). */
export async function removeLicence(
  db: Queryable,
  userId: string,
  licenceId: string,
): Promise<{ ok: true } | CeRefusal> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from professional_licences where id = ${licenceId} and user_id = ${userId} returning id`,
  );
  return rows.length > 0
    ? { ok: true }
    : { ok: false, error: { kind: "not_found", message: CE_MESSAGES.notFound } };
}
