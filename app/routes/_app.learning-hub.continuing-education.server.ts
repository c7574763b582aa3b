import {
  CE_LIMITS,
  CE_MESSAGES,
  isIsoDate,
  LICENCE_TYPE_CODES,
  LICENCE_TYPES,
  localDate,
} from "@domain/learning/continuing-education";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { addLicence, removeLicence } from "~/commands/learning-ce.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorReply, intentOf, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import { ceOverview } from "~/queries/learning-ce.server";

/**
 * /learning-hub/continuing-education (issue 30, part 6; decision 079): the person's licences, per
 * licence its periods with the hours earned per subject against the requirement, and the forms to
 * record and remove a licence. Only the signed-in person's own licences and completions are read.
 */

export const CE_PATH = "/learning-hub/continuing-education";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const CeActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    licenceType: z.enum(LICENCE_TYPE_CODES, { errorMap: () => ({ message: "Choose a licence type." }) }),
    licenceNumber: z
      .string({ required_error: "Enter the licence number." })
      .trim()
      .min(1, "Enter the licence number.")
      .max(CE_LIMITS.licenceNumberMax, `Use at most ${CE_LIMITS.licenceNumberMax} characters.`)
      .regex(/^[A-Za-z0-9 ./-]+$/, "Use letters, digits, spaces, dots, slashes and hyphens."),
    anchorDate: z.preprocess(
      blank,
      z
        .string()
        .max(10, "Enter a date as YYYY-MM-DD.")
        .refine((v) => isIsoDate(v) && v >= "1950-01-01", "Enter a date as YYYY-MM-DD.")
        .optional(),
    ),
  }),
  z.object({ intent: z.literal("remove"), licenceId: z.string().uuid() }),
]);
const INTENTS = ["add", "remove"] as const;

export async function ceLoader(request: Request) {
  const viewer = await requireViewer(request);
  const licences = await ceOverview(await getDb(), viewer.user.id, new Date());
  return json({
    licences,
    types: LICENCE_TYPE_CODES.map((code) => ({
      value: code,
      label: `${LICENCE_TYPES[code].shortName}: ${LICENCE_TYPES[code].name}`,
      anchorRequired: LICENCE_TYPES[code].anchorRequired,
    })),
  });
}

export async function ceAction(request: Request) {
  const viewer = await requireViewer(request);
  const me = viewer.user.id;
  const { submission } = await parseSubmission(request, CeActionSchema);
  if (submission.status !== "success") {
    const intent = intentOf(submission.payload, INTENTS);
    return json({ intent, result: submission.reply() }, { status: 400 });
  }
  const input = submission.value;
  if (input.intent === "remove") {
    const removed = await removeLicence(await getDb(), me, input.licenceId);
    if (!removed.ok) pageNotFound();
    return redirectWithFlash(CE_PATH, { tone: "success", message: CE_MESSAGES.licenceRemoved });
  }
  const today = localDate(new Date(), LICENCE_TYPES[input.licenceType].timeZone);
  const added = await once(request, me, submission.payload, (tx) =>
    addLicence(tx, {
      userId: me,
      licenceType: input.licenceType,
      licenceNumber: input.licenceNumber,
      anchorDate: input.anchorDate ?? null,
      today,
    }),
  );
  if (!added.ok)
    return json(
      { intent: "add" as const, result: domainErrorReply(submission, added.error) },
      { status: added.error.kind === "validation" ? 422 : 409 },
    );
  return redirectWithFlash(`${CE_PATH}#licence-${added.id}`, {
    tone: "success",
    message: CE_MESSAGES.licenceAdded,
  });
}
