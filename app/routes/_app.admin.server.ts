import { REJECTION_REASON_MAX, verificationReviewSchema } from "@domain/rules/roles";
import { parseSubmission } from "~/forms.server";

/**
 * The verification queue's two forms (approve; reject with a reason), one union on `intent`, parsed on
 * the server only: the page's JavaScript carries no zod (decision 056); Conform shows the action's
 * errors per field (lastResult).
 */
export const parseReviewForm = (request: Request) => parseSubmission(request, verificationReviewSchema);

/** The reason's limit, handed to the page by the loader (its module holds a schema). */
export { REJECTION_REASON_MAX };
