import { z } from "zod";
import { parseSubmission } from "~/forms.server";

/**
 * The thread's small live posts (issue 28): "typing" (or stopped), never stored, only signalled to
 * the other participants; and "read", the read mark when a message arrives in the open thread.
 */
export const LiveMessagesSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("typing"),
    conversationId: z.string().uuid(),
    typing: z.enum(["true", "false"]).transform((v) => v === "true"),
  }),
  z.object({ intent: z.literal("read"), conversationId: z.string().uuid() }),
]);

export const parseLiveMessagesForm = (request: Request) => parseSubmission(request, LiveMessagesSchema);
