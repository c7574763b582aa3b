import { sql } from "drizzle-orm";
import { pgSchema, pgTable } from "drizzle-orm/pg-core";
import { CREDITS_EVENT_SCHEMAS } from "../../domain/credits";
import { type CreditProjectionTables, creditProjectionTables } from "../schema/credits";
import type { Projection } from "./types";

const live = creditProjectionTables(pgTable);

const creditTypes = Object.keys(CREDITS_EVENT_SCHEMAS);

/**
 * The credit read models, set-based (decision 007): each credits event becomes one history row (the
 * spec's credit transaction entity), and each vendor's balance row moves by the sums of its rows.
 * The same SQL runs inline in the append statement and over the events table in replay.
 */
export const creditsProjection: Projection<CreditProjectionTables> = {
  name: "credits",
  eventTypes: new Set(creditTypes),
  tableNames: ["vendor_credit_balances", "vendor_credit_transactions"],
  upsertTables: ["vendor_credit_balances"],
  tables: (schema) =>
    schema ? creditProjectionTables(pgSchema(schema).table as unknown as typeof pgTable, `${schema}_`) : live,
  writes(source, { vendorCreditBalances: b, vendorCreditTransactions: t }) {
    const types = sql.join(
      creditTypes.map((type) => sql`${type}`),
      sql`, `,
    );
    // One history row per event. Purchases credit credits + bonusCredits; a spend is negative.
    const history = sql`credits_history as (
      insert into ${t} (id, vendor_id, type, amount, description, reference_id, reference_type, metadata, position, created_at)
      select e.event_id, (e.data->>'vendorId')::uuid, m.type, m.amount, m.description, m.reference_id, m.reference_type,
        m.metadata, e.position, e.recorded_at
      from ${source} e
      cross join lateral (
        select case e.event_type
            when 'CreditsPurchased' then 'purchase' when 'CreditsSpent' then 'usage'
            when 'CreditsRefunded' then 'refund' else 'bonus' end as type,
          case e.event_type
            when 'CreditsPurchased' then (e.data->>'credits')::int + (e.data->>'bonusCredits')::int
            when 'CreditsSpent' then -(e.data->>'amount')::int
            else (e.data->>'amount')::int end as amount,
          case e.event_type
            when 'CreditsPurchased' then 'Purchased ' || (e.data->>'packageName') || ' ('
              || ((e.data->>'credits')::int + (e.data->>'bonusCredits')::int)::text
              || case when (e.data->>'credits')::int + (e.data->>'bonusCredits')::int = 1 then ' credit)' else ' credits)' end
            when 'CreditsSpent' then e.data->>'description'
            when 'CreditsRefunded' then 'Refund: ' || (e.data->>'reason')
            else e.data->>'reason' end as description,
          case e.event_type
            when 'CreditsPurchased' then e.data->>'packageId'
            when 'CreditsBonusGranted' then null
            else e.data->>'referenceId' end as reference_id,
          case e.event_type
            when 'CreditsPurchased' then 'credit_package'
            when 'CreditsBonusGranted' then null
            else e.data->>'referenceType' end as reference_type,
          case e.event_type
            when 'CreditsPurchased' then jsonb_build_object('package_name', e.data->'packageName',
              'price', e.data->'amountPaid', 'currency', e.data->'currency',
              'checkout_session_id', e.data->'checkoutSessionId')
            when 'CreditsBonusGranted' then jsonb_build_object('granted_by', e.data->'grantedBy')
            else '{}'::jsonb end as metadata
      ) m
      where e.event_type in (${types})
      returning vendor_id, amount, position, created_at
    )`;
    // Rows are upserted in vendor order, so statements that write several balances never deadlock.
    // A CHECK (balance >= 0) is evaluated on the proposed row before ON CONFLICT, so the proposed row
    // carries the batch's net credits floored at zero (a new vendor's first batch never nets below
    // zero) and an existing row moves by earned - spent.
    const balances = sql`credits_balances as (
      insert into ${b} as b (vendor_id, balance, lifetime_earned, lifetime_spent, last_position, updated_at)
      select vendor_id, greatest(sum(amount), 0),
        coalesce(sum(amount) filter (where amount >= 0), 0), coalesce(-sum(amount) filter (where amount < 0), 0),
        max(position), (array_agg(created_at order by position desc))[1]
      from credits_history group by vendor_id
      order by vendor_id
      on conflict (vendor_id) do update set
        balance = b.balance + excluded.lifetime_earned - excluded.lifetime_spent,
        lifetime_earned = b.lifetime_earned + excluded.lifetime_earned,
        lifetime_spent = b.lifetime_spent + excluded.lifetime_spent,
        last_position = excluded.last_position,
        updated_at = excluded.updated_at
    )`;
    return [history, balances];
  },
};
