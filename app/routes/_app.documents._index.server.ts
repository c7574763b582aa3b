import { parseWithZod } from "@conform-to/zod";
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_MESSAGES,
  DOCUMENT_VISIBILITIES,
  FOLDER_NAME_MAX,
  TITLE_MAX,
} from "@domain/documents";
import { z } from "zod";

/**
 * The library page's forms (/documents), checked on the server only: the page's JavaScript carries no
 * zod (issue 27, part 3); Conform shows the errors the action answers (lastResult).
 */

const folderName = z
  .string({ required_error: DOCUMENT_MESSAGES.folderNameRequired })
  .trim()
  .min(1, DOCUMENT_MESSAGES.folderNameRequired)
  .max(FOLDER_NAME_MAX, DOCUMENT_MESSAGES.folderNameTooLong);

/** The library page's forms, told apart by their hidden intent. */
export const LibrarySchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("upload"),
    title: z.string().trim().max(TITLE_MAX, DOCUMENT_MESSAGES.titleTooLong).optional(),
    category: z.enum(DOCUMENT_CATEGORIES, { errorMap: () => ({ message: "Choose a category" }) }),
    visibility: z.enum(DOCUMENT_VISIBILITIES, { errorMap: () => ({ message: "Choose who may see it" }) }),
    vendors: z.string().max(10_000).optional(),
    folderId: z.string().uuid().optional(),
  }),
  z.object({
    intent: z.literal("create-folder"),
    name: folderName,
    parentId: z.string().uuid().optional(),
  }),
  z.object({ intent: z.literal("rename-folder"), folderId: z.string().uuid(), name: folderName }),
  z.object({ intent: z.literal("delete-folder"), folderId: z.string().uuid() }),
]);

export const parseLibraryForm = (formData: FormData) => parseWithZod(formData, { schema: LibrarySchema });
