import { eq, type SQL, sql } from "drizzle-orm";
import { pgSchema, pgTable } from "drizzle-orm/pg-core";
import { SUBSCRIPTION_EVENT_SCHEMAS, type SubscriptionEvent } from "../../domain/billing";
import { assertNever } from "../../domain/shared";
import { type Queryable, queryRows } from "../client";
import { type BillingProjectionTables, billingProjectionTables } from "../schema/billing";
import type { Projection, ProjectionInput } from "./types";

const live = billingProjectionTables(pgTable);

type Tables = BillingProjectionTables & { schema: string | undefined };

async function applySubscriptionEvent(db: Queryable, e: SubscriptionEvent, version: number, t: Tables) {
  const { subscriptions: s, subscriptionInvoices: inv } = t;
  const id = e.data.subscriptionId;
  switch (e.type) {
    case "SubscriptionStarted": {
      const d = e.data;
      const ended = d.status === "canceled" || d.status === "incomplete_expired";
      await db.insert(s).values({
        id,
        subjectType: d.subjectType,
        subjectId: d.subjectId,
        source: "stripe",
        planId: d.planId,
        interval: d.interval,
        status: ended ? "canceled" : d.status,
        customerId: d.customerId,
        trialEndsAt: d.trialEndsAt,
        currentPeriodEnd: d.currentPeriodEnd,
        cancelAtPeriodEnd: d.cancelAtPeriodEnd,
        pastDueSince: d.status === "past_due" ? d.observedAt : null,
        startedAt: d.startedAt,
        endedAt: ended ? d.observedAt : null,
        endReason: ended ? "canceled" : null,
        version,
        updatedAt: d.observedAt,
      });
      return;
    }
    case "ComplimentaryPlanGranted": {
      const d = e.data;
      await db.insert(s).values({
        id,
        subjectType: d.subjectType,
        subjectId: d.subjectId,
        source: "complimentary",
        planId: d.planId,
        interval: null,
        status: "active",
        customerId: null,
        trialEndsAt: null,
        currentPeriodEnd: d.endsAt,
        cancelAtPeriodEnd: false,
        pastDueSince: null,
        startedAt: d.grantedAt,
        grantedBy: d.grantedBy,
        grantReason: d.reason,
        version,
        updatedAt: d.grantedAt,
      });
      return;
    }
    case "SubscriptionUpdated": {
      const d = e.data;
      await db
        .update(s)
        .set({
          status: d.status,
          planId: d.planId,
          interval: d.interval,
          trialEndsAt: d.trialEndsAt,
          currentPeriodEnd: d.currentPeriodEnd,
          cancelAtPeriodEnd: d.cancelAtPeriodEnd,
          pastDueSince:
            d.status === "past_due"
              ? sql`case when ${s.status} = 'past_due' then ${s.pastDueSince} else ${d.observedAt}::timestamptz end`
              : null,
          version,
          updatedAt: d.observedAt,
        } as Partial<typeof s.$inferInsert>)
        .where(eq(s.id, id));
      return;
    }
    case "SubscriptionEnded": {
      const d = e.data;
      await db
        .update(s)
        .set({
          status: "canceled",
          pastDueSince: null,
          endedAt: d.endedAt,
          endReason: d.reason,
          version,
          updatedAt: d.endedAt,
        })
        .where(eq(s.id, id));
      return;
    }
    case "InvoicePaid": {
      const d = e.data;
      await db
        .insert(inv)
        .values({
          invoiceId: d.invoiceId,
          subscriptionId: id,
          number: d.number,
          status: "paid",
          amount: d.amountPaid,
          currency: d.currency,
          hostedInvoiceUrl: d.hostedInvoiceUrl,
          invoicePdf: d.invoicePdf,
          periodStart: d.periodStart,
          periodEnd: d.periodEnd,
          attempts: 0,
          paidAt: d.paidAt,
          createdAt: d.paidAt,
        })
        .onConflictDoUpdate({
          target: inv.invoiceId,
          set: {
            status: "paid",
            amount: d.amountPaid,
            number: d.number,
            hostedInvoiceUrl: d.hostedInvoiceUrl,
            invoicePdf: d.invoicePdf,
            periodStart: d.periodStart,
            periodEnd: d.periodEnd,
            paidAt: d.paidAt,
          },
        });
      await db.update(s).set({ version }).where(eq(s.id, id));
      return;
    }
    case "InvoicePaymentFailed": {
      const d = e.data;
      await db
        .insert(inv)
        .values({
          invoiceId: d.invoiceId,
          subscriptionId: id,
          number: d.number,
          status: "failed",
          amount: d.amountDue,
          currency: d.currency,
          hostedInvoiceUrl: d.hostedInvoiceUrl,
          invoicePdf: null,
          periodStart: null,
          periodEnd: null,
          attempts: 1,
          lastFailedAt: d.failedAt,
          createdAt: d.failedAt,
        })
        .onConflictDoUpdate({
          target: inv.invoiceId,
          set: { attempts: sql`${inv.attempts} + 1`, lastFailedAt: d.failedAt },
        });
      await db.update(s).set({ version }).where(eq(s.id, id));
      return;
    }
    case "TrialEndingNoticed":
    case "RenewalReminded":
      await db.update(s).set({ version }).where(eq(s.id, id));
      return;
    default:
      assertNever(e);
  }
}

/**
 * The profile fields of spec 000 (subscription_status, subscription_tier, trial_ends_at) as the
 * person's own subscriptions in `subs` give them: the newest subscription that is trialing, active or
 * past due decides (a lapsed one leaves the tier Free); without any, the spec's defaults.
 */
function profileFieldsFrom(subs: SQL) {
  return sql`select p.id,
      coalesce(g.status, 'incomplete') as subscription_status,
      coalesce(case when g.status in ('trialing', 'active', 'past_due') then g.plan_id end, 'free') as subscription_tier,
      case when g.status = 'trialing' then g.trial_ends_at end as trial_ends_at
    from user_profiles p
    left join lateral (
      select status, plan_id, trial_ends_at from ${subs} s
      where s.subject_type = 'user' and s.subject_id = p.id
      order by (s.status in ('trialing', 'active', 'past_due')) desc, s.started_at desc, s.id
      limit 1
    ) g on true`;
}

/** Writes the derived profile fields of the given people (all: every profile) from the live table. */
export async function syncProfileSubscriptionFields(db: Queryable, userIds?: readonly string[]) {
  if (userIds && userIds.length === 0) return;
  const only = userIds
    ? sql`and d.id in (${sql.join(
        userIds.map((u) => sql`${u}::uuid`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(sql`update user_profiles p set
      subscription_status = d.subscription_status,
      subscription_tier = d.subscription_tier,
      trial_ends_at = d.trial_ends_at
    from (${profileFieldsFrom(sql`subscriptions`)}) d
    where p.id = d.id ${only}
      and (p.subscription_status, p.subscription_tier, p.trial_ends_at)
        is distinct from (d.subscription_status, d.subscription_tier, d.trial_ends_at)`);
}

/**
 * The subscription read models, event by event (an invoice's failures then its payment, a start then
 * updates of one row): `subscriptions` and `subscription_invoices`, and on the live tables the
 * derived profile fields of the people concerned.
 */
export const billingProjection: Projection<Tables> = {
  name: "billing",
  eventTypes: new Set(Object.keys(SUBSCRIPTION_EVENT_SCHEMAS)),
  tableNames: ["subscriptions", "subscription_invoices"],
  upsertTables: ["subscription_invoices"],
  tables: (schema) =>
    schema
      ? {
          ...billingProjectionTables(pgSchema(schema).table as unknown as typeof pgTable, `${schema}_`),
          schema,
        }
      : { ...live, schema: undefined },
  async apply(db, events, tables) {
    const touched = new Set<string>();
    for (const e of events as readonly ProjectionInput[]) {
      const event = { type: e.type, data: e.data } as SubscriptionEvent;
      await applySubscriptionEvent(db, event, e.streamVersion, tables);
      if (
        (event.type === "SubscriptionStarted" || event.type === "ComplimentaryPlanGranted") &&
        event.data.subjectType === "user"
      ) {
        touched.add(event.data.subjectId);
      } else touched.add(`sub:${event.data.subscriptionId}`);
    }
    if (tables.schema) return;
    const subIds = [...touched].filter((t) => t.startsWith("sub:")).map((t) => t.slice(4));
    const users = [...touched].filter((t) => !t.startsWith("sub:"));
    if (subIds.length > 0) {
      const rows = await queryRows<{ subject_id: string }>(
        db,
        sql`select distinct subject_id from subscriptions where subject_type = 'user' and id in (${sql.join(
          subIds.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
      for (const r of rows) users.push(r.subject_id);
    }
    await syncProfileSubscriptionFields(db, [...new Set(users)]);
  },
  derived: {
    /** After a replay swapped the tables in: every profile's fields from them. */
    sync: (db) => syncProfileSubscriptionFields(db),
    /** replay --verify: the live profile fields against those the rebuilt subscriptions give. */
    async diff(db, schema) {
      const scratch = sql.raw(`"${schema}"."subscriptions"`);
      const rows = await queryRows<{ side: "only_live" | "only_replayed"; row: Record<string, unknown> }>(
        db,
        sql`with expected as (${profileFieldsFrom(scratch)}),
          actual as (select id, subscription_status, subscription_tier, trial_ends_at from user_profiles)
        select 'only_live' as side, to_jsonb(d) as row from (select * from actual except all select * from expected) d
        union all
        select 'only_replayed' as side, to_jsonb(d) as row from (select * from expected except all select * from actual) d
        limit 100`,
      );
      return rows.map((r) => ({ table: "user_profiles (subscription fields)", side: r.side, row: r.row }));
    },
  },
};
