import { users } from "@db/schema";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { getMemberships } from "~/auth/association.server";
import { feedOwner } from "~/commands/calendar-feed.server";
import { getDb } from "~/db.server";
import { feedIcs } from "~/mail/calendar-ics.server";
import { gatherFeed } from "~/queries/calendar.server";

/**
 * The personal iCal feed at its secret URL, /calendar/feed/{token}.ics (issue 12 part 3): the same
 * entries as the calendar page, recurring events as RRULEs in their own zone. No session: calendar
 * apps fetch it; an unknown or reset token, or a disabled account's, answers 404.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const raw = params.token ?? "";
  const token = raw.endsWith(".ics") ? raw.slice(0, -4) : raw;
  const db = await getDb();
  const userId = await feedOwner(db, token);
  if (!userId) throw new Response("Not found", { status: 404 });
  const [user] = await db
    .select({ email: users.email, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId));
  // A disabled account's feed stops with it (issue 26, part 4.3).
  if (!user || user.disabledAt) throw new Response("Not found", { status: 404 });
  const memberships = await getMemberships(userId);
  const events = await gatherFeed(db, {
    userId,
    email: user.email,
    associationIds: memberships.map((m) => m.associationId),
  });
  return new Response(feedIcs("Association Commons", events), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="calendar.ics"',
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
