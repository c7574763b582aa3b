import { z } from "zod";
import {
  CONTENT_MAX_LENGTH,
  type ContentExtras,
  type ContentKind,
  checkContent,
  contentMessage,
} from "./content-rules";

/**
 * The content rules (./content-rules.ts) for Conform + Zod schemas (issue 29, part 8): one schema on
 * the server, and in the browser where a page checks forms with zod. Pages that follow decision 056
 * (forms parsed on the server only) show the rules as typed with checkContent instead.
 */

/**
 * The rules as a Zod refinement, for one Conform + Zod schema on the server and in the browser:
 * `z.string().superRefine(refineContent("comment"))`. Each error becomes an issue on the field;
 * warnings are not issues (show them with checkContent(...).warnings).
 */
export function refineContent(kind: ContentKind, extras: ContentExtras = {}) {
  return (value: string | undefined, ctx: z.RefinementCtx) => {
    for (const message of checkContent(kind, value ?? "", extras).errors) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    }
  };
}

/**
 * A form field holding a text of this kind: trimmed, required with the kind's message (Conform turns
 * an empty field into undefined), and every content rule. A message field may be empty (attachments).
 */
export function contentField(kind: ContentKind) {
  const required = contentMessage(
    kind,
    kind === "message" ? "CONTENT_OR_ATTACHMENT_REQUIRED" : "CONTENT_REQUIRED",
  );
  const base = z
    .string({ required_error: required, invalid_type_error: required })
    // A bound far above every limit keeps a huge body from being scanned by the patterns.
    .max(CONTENT_MAX_LENGTH[kind] * 4, contentMessage(kind, "CONTENT_TOO_LONG"))
    .transform((v) => v.trim());
  if (kind === "message") return base.pipe(z.string().superRefine(refineMessageText));
  return base.pipe(z.string().superRefine(refineContent(kind)));
}

/** A message's text alone (the attachments are checked with the files): empty is allowed here. */
function refineMessageText(value: string, ctx: z.RefinementCtx) {
  if (value.length === 0) return;
  refineContent("message")(value, ctx);
}
