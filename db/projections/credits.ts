import { sql } from "drizzle-orm";
import { pgSchema, pgTable } from "drizzle-orm/pg-core";
import { CREDITS_EVENT_SCHEMAS, type CreditsEvent } from "../../domain/credits";
import { assertNever } from "../../domain/shared";
import type { RecordedEvent } from "../event-store/types";
import { pipeline } from "../pipeline";
import { type CreditProjectionTables, creditProjectionTables } from "../schema/credits";
import type { Projection } from "./types";

type TransactionRow = CreditProjectionTables["vendorCreditTransactions"]["$inferInsert"];

interface BalanceDelta {
  vendorId: string;
  balance: number;
  lifetimeEarned: number;
  lifetimeSpent: number;
  lastPosition: number;
  updatedAt: string;
}

const live = creditProjectionTables(pgTable);

/** The history row an event becomes, as the spec's credit transaction entity. */
export function creditTransactionRow(e: RecordedEvent<CreditsEvent>): TransactionRow {
  const base = { id: e.eventId, vendorId: e.data.vendorId, position: e.position, createdAt: e.recordedAt };
  const event = { type: e.type, data: e.data } as CreditsEvent;
  switch (event.type) {
    case "CreditsPurchased": {
      const d = event.data;
      const total = d.credits + d.bonusCredits;
      return {
        ...base,
        type: "purchase",
        amount: total,
        description: `Purchased ${d.packageName} (${total} ${total === 1 ? "credit" : "credits"})`,
        referenceId: d.packageId,
        referenceType: "credit_package",
        metadata: {
          package_name: d.packageName,
          price: d.amountPaid,
          currency: d.currency,
          checkout_session_id: d.checkoutSessionId,
        },
      };
    }
    case "CreditsSpent":
      return {
        ...base,
        type: "usage",
        amount: -event.data.amount,
        description: event.data.description,
        referenceId: event.data.referenceId,
        referenceType: event.data.referenceType,
        metadata: {},
      };
    case "CreditsRefunded":
      return {
        ...base,
        type: "refund",
        amount: event.data.amount,
        description: `Refund: ${event.data.reason}`,
        referenceId: event.data.referenceId,
        referenceType: event.data.referenceType,
        metadata: {},
      };
    case "CreditsBonusGranted":
      return {
        ...base,
        type: "bonus",
        amount: event.data.amount,
        description: event.data.reason,
        referenceId: null,
        referenceType: null,
        metadata: { granted_by: event.data.grantedBy },
      };
    default:
      return assertNever(event);
  }
}

/** Folds a batch of events into one balance delta per vendor. */
function balanceDeltas(rows: readonly TransactionRow[]): BalanceDelta[] {
  const byVendor = new Map<string, BalanceDelta>();
  for (const row of rows) {
    let d = byVendor.get(row.vendorId);
    if (!d) {
      d = {
        vendorId: row.vendorId,
        balance: 0,
        lifetimeEarned: 0,
        lifetimeSpent: 0,
        lastPosition: 0,
        updatedAt: "",
      };
      byVendor.set(row.vendorId, d);
    }
    d.balance += row.amount;
    if (row.amount >= 0) d.lifetimeEarned += row.amount;
    else d.lifetimeSpent -= row.amount;
    d.lastPosition = row.position;
    d.updatedAt = row.createdAt;
  }
  return [...byVendor.values()];
}

export const creditsProjection: Projection<CreditProjectionTables> = {
  name: "credits",
  eventTypes: new Set(Object.keys(CREDITS_EVENT_SCHEMAS)),
  tableNames: ["vendor_credit_balances", "vendor_credit_transactions"],
  tables: (schema) =>
    schema ? creditProjectionTables(pgSchema(schema).table as unknown as typeof pgTable, `${schema}_`) : live,
  async apply(db, events, { vendorCreditBalances: b, vendorCreditTransactions: t }) {
    const rows = events.map((e) => creditTransactionRow(e as RecordedEvent<CreditsEvent>));
    if (rows.length === 0) return;
    const deltas = balanceDeltas(rows);
    // Independent statements: sent together so they share one round trip on PostgreSQL.
    // The balance row is created at zero, then moved by the deltas: a CHECK (balance >= 0) is evaluated
    // on a proposed insert before ON CONFLICT, so the deltas cannot travel in the insert itself.
    // Independent statements, sent together so they share one round trip on PostgreSQL.
    const deltaRows = sql.join(
      deltas.map(
        (d) =>
          sql`(${d.vendorId}::uuid, ${d.balance}::int, ${d.lifetimeEarned}::int, ${d.lifetimeSpent}::int, ${d.lastPosition}::bigint, ${d.updatedAt}::timestamptz)`,
      ),
      sql`, `,
    );
    await pipeline([
      db.insert(t).values(rows),
      db
        .insert(b)
        .values(deltas.map((d) => ({ ...d, balance: 0, lifetimeEarned: 0, lifetimeSpent: 0 })))
        .onConflictDoNothing(),
      db.execute(sql`update ${b} set
          balance = ${b}.balance + d.balance,
          lifetime_earned = ${b}.lifetime_earned + d.lifetime_earned,
          lifetime_spent = ${b}.lifetime_spent + d.lifetime_spent,
          last_position = d.last_position,
          updated_at = d.updated_at
        from (values ${deltaRows}) as d(vendor_id, balance, lifetime_earned, lifetime_spent, last_position, updated_at)
        where ${b}.vendor_id = d.vendor_id`),
    ]);
  },
};
