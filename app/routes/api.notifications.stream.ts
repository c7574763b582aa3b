import type { LoaderFunctionArgs } from "@remix-run/node";
import { getSessionUser } from "~/auth/session.server";
import { databaseHandle } from "~/db.server";
import { notificationStream } from "~/live/notification-hub.server";

/**
 * The signed-in person's live notifications (server-sent events; issue 5 part 2): the unread count,
 * new notifications and role or context changes. A reconnect sends Last-Event-ID (or ?lastEventId=)
 * and gets what it missed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // No redirect to the sign-in page: an EventSource cannot follow it. A 401 makes it stop retrying.
  const user = await getSessionUser(request);
  if (!user) throw new Response("User not authenticated", { status: 401 });
  const lastEventId =
    request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("lastEventId");
  return notificationStream({
    handle: await databaseHandle(),
    userId: user.id,
    lastEventId,
    // The connection itself (server/app.js): request.signal can stop following it for a lasting answer.
    // request.signal stays only for callers without server/app.js's context (tests calling the loader).
    signal: context?.connectionClosed ?? request.signal,
  });
}
