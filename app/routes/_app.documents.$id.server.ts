import { parseWithZod } from "@conform-to/zod";
import { DOCUMENT_CATEGORIES, DOCUMENT_MESSAGES, DOCUMENT_VISIBILITIES, TITLE_MAX } from "@domain/documents";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound } from "~/auth/guards.server";
import { intentOf } from "~/forms.server";

/**
 * The document page's forms (/documents/{id}), checked on the server only: the page's JavaScript
 * carries no zod (issue 27, part 3); Conform shows the errors the action answers (lastResult).
 */

const ParamsSchema = z.object({ id: z.string().uuid() });

/** The document page's forms, told apart by their hidden intent. */
export const DocumentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("new-version") }),
  z.object({
    intent: z.literal("rename"),
    title: z
      .string({ required_error: DOCUMENT_MESSAGES.titleRequired })
      .trim()
      .min(1, DOCUMENT_MESSAGES.titleRequired)
      .max(TITLE_MAX, DOCUMENT_MESSAGES.titleTooLong),
  }),
  z.object({ intent: z.literal("move"), folderId: z.string().uuid().optional() }),
  z.object({
    intent: z.literal("category"),
    category: z.enum(DOCUMENT_CATEGORIES, { errorMap: () => ({ message: "Choose a category" }) }),
  }),
  z.object({
    intent: z.literal("visibility"),
    visibility: z.enum(DOCUMENT_VISIBILITIES, { errorMap: () => ({ message: "Choose who may see it" }) }),
    vendors: z.string().max(10_000).optional(),
  }),
  z.object({ intent: z.literal("archive") }),
  z.object({ intent: z.literal("restore") }),
]);

export const documentId = (params: LoaderFunctionArgs["params"]) => {
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) pageNotFound();
  return parsed.data.id;
};

export type Intent = z.infer<typeof DocumentSchema>["intent"];
const INTENTS: readonly Intent[] = DocumentSchema.options.map((o) => o.shape.intent.value);

/** The intent a refused form posted, when it is one of the page's (else "rename", as before). */
export const refusedIntent = (payload: Record<string, unknown>): Intent =>
  intentOf(payload, INTENTS) ?? "rename";

export const parseDocumentForm = (formData: FormData) => parseWithZod(formData, { schema: DocumentSchema });
