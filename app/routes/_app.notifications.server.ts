import { z } from "zod";
import { parseSubmission } from "~/forms.server";

const ids = () => z.array(z.string().uuid()).min(1, "Select at least one notification.").max(100);
/** Where the page was (its filters), so an action comes back to it. */
const returnTo = () => z.string().max(2000).optional();
/**
 * The page's forms, told apart by their intent (one schema, parsed with Conform). Here, not in the
 * route: importing zod at all keeps it in the page's JavaScript (issue 27, part 3).
 */
export const NotificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id: z.string().uuid() }),
  z.object({ intent: z.literal("read"), ids: ids(), returnTo: returnTo() }),
  z.object({ intent: z.literal("archive"), ids: ids(), returnTo: returnTo() }),
  z.object({ intent: z.literal("delete"), ids: ids(), returnTo: returnTo() }),
  z.object({ intent: z.literal("read-all"), returnTo: returnTo() }),
]);

export const NOTIFICATION_INTENTS = ["open", "read", "archive", "delete", "read-all"] as const;
export type NotificationIntent = (typeof NOTIFICATION_INTENTS)[number];
/** The intents of the bulk form (the ticked `ids`); its refusals show beside the boxes. */
export const BULK_INTENTS = ["read", "archive", "delete"] as const satisfies readonly NotificationIntent[];

/** Reads and checks a post of the page (Conform's submission), on the server only. */
export const parseNotificationForm = (request: Request) => parseSubmission(request, NotificationActionSchema);
