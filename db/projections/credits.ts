import { sql } from "drizzle-orm";
import { pgSchema, pgTable } from "drizzle-orm/pg-core";
import { CREDITS_EVENT_SCHEMAS, type CreditsEvent } from "../../domain/credits";
import { assertNever } from "../../domain/shared";
import { pipeline } from "../pipeline";
import { type CreditProjectionTables, creditProjectionTables } from "../schema/credits";
import type { Projection, ProjectionInput } from "./types";

/** A history row; position and time are null when the event's insert runs in the same pipeline. */
type TransactionRow = Omit<
  CreditProjectionTables["vendorCreditTransactions"]["$inferInsert"],
  "position" | "createdAt"
> & { position: number | null; createdAt: string | null };

interface BalanceDelta {
  vendorId: string;
  lifetimeEarned: number;
  lifetimeSpent: number;
  lastEventId: string;
  lastPosition: number | null;
  updatedAt: string | null;
}

const live = creditProjectionTables(pgTable);

/** The history row an event becomes, as the spec's credit transaction entity. */
export function creditTransactionRow(e: ProjectionInput<CreditsEvent>): TransactionRow {
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
        lifetimeEarned: 0,
        lifetimeSpent: 0,
        lastEventId: row.id,
        lastPosition: null,
        updatedAt: null,
      };
      byVendor.set(row.vendorId, d);
    }
    if (row.amount >= 0) d.lifetimeEarned += row.amount;
    else d.lifetimeSpent -= row.amount;
    d.lastEventId = row.id;
    d.lastPosition = row.position;
    d.updatedAt = row.createdAt;
  }
  return [...byVendor.values()];
}

export const creditsProjection: Projection<CreditProjectionTables> = {
  name: "credits",
  eventTypes: new Set(Object.keys(CREDITS_EVENT_SCHEMAS)),
  tableNames: ["vendor_credit_balances", "vendor_credit_transactions"],
  upsertTables: ["vendor_credit_balances"],
  tables: (schema) =>
    schema ? creditProjectionTables(pgSchema(schema).table as unknown as typeof pgTable, `${schema}_`) : live,
  async apply(db, events, { vendorCreditBalances: b, vendorCreditTransactions: t }) {
    const rows = events.map((e) => creditTransactionRow(e as ProjectionInput<CreditsEvent>));
    if (rows.length === 0) return;
    const deltas = balanceDeltas(rows);
    // Independent statements: sent together so they share one round trip on PostgreSQL.
    // Inline, the events' insert runs in the same pipeline: their position and time are read from it.
    const known = rows.every((r) => r.position !== null);
    const at = (column: "position" | "created_at" | "last_position" | "updated_at") =>
      known
        ? sql.raw(`x.${column}`)
        : sql.raw(column === "position" || column === "last_position" ? "e.position" : "e.recorded_at");
    const joinEvents = (idColumn: string) =>
      known ? sql`` : sql`join events e on e.event_id = ${sql.raw(idColumn)}`;
    // Each batch travels as one JSON parameter: cheap to build for a thousand rows, one plan to run.
    const transactions = JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        vendor_id: r.vendorId,
        type: r.type,
        amount: r.amount,
        description: r.description,
        reference_id: r.referenceId ?? null,
        reference_type: r.referenceType ?? null,
        metadata: r.metadata,
        position: r.position,
        created_at: r.createdAt,
      })),
    );
    const balances = JSON.stringify(
      deltas.map((d) => ({
        vendor_id: d.vendorId,
        event_id: d.lastEventId,
        earned: d.lifetimeEarned,
        spent: d.lifetimeSpent,
        last_position: d.lastPosition,
        updated_at: d.updatedAt,
      })),
    );
    // A CHECK (balance >= 0) is evaluated on the proposed row before ON CONFLICT, so the proposed row
    // carries the batch's net credits floored at zero (a new vendor's first batch never nets below zero)
    // and an existing row moves by earned - spent. Sent together: one round trip on PostgreSQL.
    await pipeline([
      () =>
        db.execute(sql`insert into ${t} (id, vendor_id, type, amount, description, reference_id, reference_type, metadata, position, created_at)
        select x.id, x.vendor_id, x.type, x.amount, x.description, x.reference_id, x.reference_type, x.metadata, ${at("position")}, ${at("created_at")}
        from jsonb_to_recordset(${transactions}::jsonb) as x(id uuid, vendor_id uuid, type text, amount int,
          description text, reference_id text, reference_type text, metadata jsonb, position bigint, created_at timestamptz)
          ${joinEvents("x.id")}`),
      () =>
        db.execute(sql`insert into ${b} as b (vendor_id, balance, lifetime_earned, lifetime_spent, last_position, updated_at)
        select x.vendor_id, greatest(x.earned - x.spent, 0), x.earned, x.spent, ${at("last_position")}, ${at("updated_at")}
        from jsonb_to_recordset(${balances}::jsonb) as x(vendor_id uuid, event_id uuid, earned int, spent int, last_position bigint, updated_at timestamptz)
          ${joinEvents("x.event_id")}
        on conflict (vendor_id) do update set
          balance = b.balance + excluded.lifetime_earned - excluded.lifetime_spent,
          lifetime_earned = b.lifetime_earned + excluded.lifetime_earned,
          lifetime_spent = b.lifetime_spent + excluded.lifetime_spent,
          last_position = excluded.last_position,
          updated_at = excluded.updated_at`),
    ]);
  },
};
