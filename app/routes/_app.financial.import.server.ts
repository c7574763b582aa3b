import { parseWithZod } from "@conform-to/zod";
import { FINANCE_CATEGORIES } from "@domain/finance";
import { IMPORT_PREVIEW_LINES } from "@domain/finance/import";
import { z } from "zod";

/**
 * The import page's two forms, one union on `intent` parsed on the server only (no zod in the page,
 * decision 056): "upload" (the file streams through readImportUpload with its limits; this is its
 * other field) and "confirm" (the previewed lines ticked, each with its category).
 */
const category = z
  .enum(FINANCE_CATEGORIES, { errorMap: () => ({ message: "Choose a category" }) })
  .default("other");

export const ImportActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload"), category }),
  z.object({
    intent: z.literal("confirm"),
    id: z.string().uuid(),
    category,
    lines: z
      .array(
        z.object({
          line: z.number().int().min(1),
          include: z.literal("1").optional(),
          category: category.optional(),
        }),
      )
      .max(IMPORT_PREVIEW_LINES)
      .default([]),
  }),
]);

export const IMPORT_INTENTS = ["upload", "confirm"] as const;

export const parseImportForm = (formData: FormData) => parseWithZod(formData, { schema: ImportActionSchema });

/** The search params of the page: the stored import, and the category of lines that name none. */
export const ImportQuerySchema = z.object({
  id: z.string().uuid().optional().catch(undefined),
  category: z.enum(FINANCE_CATEGORIES).catch("other"),
});
