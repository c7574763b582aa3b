import { parseWithZod } from "@conform-to/zod";
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX } from "@domain/rfp/saved-searches";
import { savedSearchNameError } from "@domain/rfp/search";
import { z } from "zod";

/*
 * The schema of /rfps's saved-search forms, read by the page's action only: the forms are checked on the
 * server and show its answer (Conform's lastResult), so zod stays out of the page's JavaScript
 * (issue 27, part 3).
 */

/** A name as spec 001 section 5 wants it (savedSearchNameError), at most SAVED_SEARCH_NAME_MAX characters. */
const name = z
  .string()
  .default("")
  .superRefine((value, ctx) => {
    const problem = savedSearchNameError(value);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  })
  .pipe(z.string().trim().max(SAVED_SEARCH_NAME_MAX, `Use at most ${SAVED_SEARCH_NAME_MAX} characters`));
const id = z.string({ required_error: SAVED_SEARCH_MESSAGES.notFound });

/** The forms of /rfps's saved searches, told apart by `intent` (one schema for server and browser). */
export const SavedSearchSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save-search"),
    name,
    filters: z.string().default(""),
    alerts: z.boolean().default(false),
    resultCount: z.number().int().min(0).default(0),
  }),
  z.object({ intent: z.literal("rename-search"), id, name }),
  z.object({ intent: z.literal("search-alerts"), id, alerts: z.boolean().default(false) }),
  z.object({ intent: z.literal("delete-search"), id }),
]);

/** A saved-search form's submission, parsed with its schema (Conform's reply goes back as lastResult). */
export const parseSavedSearch = (formData: FormData) => parseWithZod(formData, { schema: SavedSearchSchema });
