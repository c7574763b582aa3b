import { sql } from "drizzle-orm";
import {
  BILLING_NOTICE_EVENT_TYPES,
  billingNotice,
  type SubscriptionEvent,
  type SubscriptionState,
} from "../../domain/billing";
import { type Queryable, queryRows } from "../client";
import { insertNotifications } from "./notifications";
import type { Reaction } from "./types";

/**
 * Who hears of a subscription: the person who holds it, or the board members and property managers of
 * the association it is for, with the association's name.
 */
async function recipients(tx: Queryable, state: SubscriptionState) {
  if (state.subjectType === "user" && state.subjectId) return { users: [state.subjectId], name: null };
  const rows = await queryRows<{ user_id: string; name: string }>(
    tx,
    sql`select m.user_id, a.name from association_members m join associations a on a.id = m.association_id
        where m.association_id = ${state.subjectId}::uuid and m.status = 'active'
          and m.member_role in ('board_member', 'property_manager')
        order by m.created_at`,
  );
  return { users: [...new Set(rows.map((r) => r.user_id))], name: rows[0]?.name ?? null };
}

/** payment_failed and subscription_expiring notices (domain/billing/notices.ts), written with their events. */
export const billingNoticesReaction: Reaction = {
  name: "billing-notices",
  eventTypes: BILLING_NOTICE_EVENT_TYPES,
  streamsRead: (events) => [
    ...new Set(events.filter((e) => BILLING_NOTICE_EVENT_TYPES.has(e.type)).map((e) => e.streamId)),
  ],
  async write(tx, events, stateOf) {
    const list = [];
    for (const e of events) {
      if (!BILLING_NOTICE_EVENT_TYPES.has(e.type)) continue;
      const state = stateOf(e.streamId) as SubscriptionState | undefined;
      if (!state) continue;
      const who = await recipients(tx, state);
      const notice = billingNotice(e as unknown as SubscriptionEvent, state, who.name);
      if (!notice) continue;
      for (const userId of who.users) list.push({ userId, ...notice });
    }
    return insertNotifications(tx, list);
  },
};
