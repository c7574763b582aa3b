import {
  LEGAL_KINDS,
  LEGAL_LIMITS,
  LEGAL_MESSAGES,
  LEGAL_STATES,
  LEGAL_TOPICS,
} from "@domain/legal/resources";
import { json } from "@remix-run/node";
import { z } from "zod";
import { requireLegal } from "~/auth/legal.server";
import { submitLegalResource } from "~/commands/legal.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import { revisionsOf, submissionsOf } from "~/queries/legal.server";

/**
 * /legal/submissions (issue 30, part 9): a verified attorney's form to submit a resource (it waits for
 * an administrator's review) and the list of their submissions with their states. Anyone else: 403.
 */

/** A required text field, trimmed (line endings normalised) before its length is checked with one message. */
export const trimmed = (min: number, max: number, message: string) =>
  z
    .string({ required_error: message })
    .transform((s) => s.replace(/\r\n/g, "\n").trim())
    .pipe(z.string({ required_error: message }).min(min, message).max(max, message));

export const LegalSubmissionSchema = z.object({
  title: trimmed(LEGAL_LIMITS.titleMin, LEGAL_LIMITS.titleMax, LEGAL_MESSAGES.title),
  kind: z.enum(LEGAL_KINDS, { errorMap: () => ({ message: LEGAL_MESSAGES.kind }) }),
  state: z.enum(LEGAL_STATES, { errorMap: () => ({ message: LEGAL_MESSAGES.state }) }),
  topic: z.enum(LEGAL_TOPICS, { errorMap: () => ({ message: LEGAL_MESSAGES.topic }) }),
  summary: trimmed(LEGAL_LIMITS.summaryMin, LEGAL_LIMITS.summaryMax, LEGAL_MESSAGES.summary),
  body: trimmed(LEGAL_LIMITS.bodyMin, LEGAL_LIMITS.bodyMax, LEGAL_MESSAGES.body),
});

export async function legalSubmissionsLoader(request: Request) {
  const viewer = await requireLegal(request, "submit");
  const db = await getDb();
  const [submissions, revisions] = await Promise.all([
    submissionsOf(db, viewer.user.id),
    revisionsOf(db, viewer.user.id),
  ]);
  return json({ submissions, revisions, access: viewer.access });
}

export async function legalSubmissionsAction(request: Request) {
  const viewer = await requireLegal(request, "submit");
  const { formData, submission } = await parseSubmission(request, LegalSubmissionSchema);
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const creditName =
    viewer.profile.fullName?.trim() ||
    viewer.profile.displayName?.trim() ||
    viewer.role.title ||
    "An attorney";
  const organization = viewer.role.organizationName?.trim();
  await once(request, viewer.user.id, formData, (tx) =>
    submitLegalResource(tx, {
      userId: viewer.user.id,
      creditName: organization ? `${creditName}, ${organization}` : creditName,
      submission: submission.value,
    }),
  );
  return redirectWithFlash("/legal/submissions", { tone: "success", message: LEGAL_MESSAGES.submitted });
}
