import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { associations } from "./associations";
import { ts } from "./columns";

/**
 * The association's financials (issue 13; domain/finance). Ordinary relational data with an
 * append-only history beside it (DESIGN.md: "finance ... keep an append-only history table"). Money
 * is integer cents in `bigint` columns, read as JavaScript numbers (safe to 2^53 cents). A deleted
 * budget or transaction is voided (`voided_at`), never erased: every total skips voided rows and the
 * audit view still shows them. `version` counts the record's changes; an edit form carries the
 * version it was rendered from.
 */

/**
 * The board link (issue 13, part 9; domain/finance/approval.ts): a budget, or an expense, over the
 * association's approval threshold waits for a passed motion of its board. `approval_status` is "none"
 * (not needed), "awaiting" or "approved"; an approval cites the motion and its meeting (the motion's
 * text is kept, as the minutes could still change while in draft).
 */
const boardApprovalColumns = () => ({
  approvalStatus: text("approval_status").notNull().default("none"),
  approvalMotionId: uuid("approval_motion_id"),
  approvalMeetingId: uuid("approval_meeting_id"),
  approvalMotion: text("approval_motion"),
  approvedBy: uuid("approved_by").references(() => users.id, { onDelete: "set null" }),
  approvedAt: ts("approved_at"),
});

export const financeBudgets = pgTable(
  "finance_budgets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    associationId: uuid("association_id")
      .notNull()
      .references(() => associations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** One of FINANCE_CATEGORIES. */
    category: text("category").notNull(),
    /** Whole dollars, stored as cents. */
    allocatedCents: bigint("allocated_cents", { mode: "number" }).notNull(),
    /** One of BUDGET_PERIODS. */
    period: text("period").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    ...boardApprovalColumns(),
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    voidedAt: ts("voided_at"),
    voidedBy: uuid("voided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("finance_budgets_association_idx").on(t.associationId, t.category, t.startDate)],
);

export const financeTransactions = pgTable(
  "finance_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    associationId: uuid("association_id")
      .notNull()
      .references(() => associations.id, { onDelete: "cascade" }),
    /** income or expense. */
    type: text("type").notNull(),
    /** One of FINANCE_CATEGORIES. */
    category: text("category").notNull(),
    /** Always positive; the type says which way it moves. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    description: text("description").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    /** completed, pending or cancelled. */
    status: text("status").notNull(),
    /** The receipt in private storage (area "finance-receipts"), when one was attached. */
    receiptKey: text("receipt_key"),
    receiptFileName: text("receipt_file_name"),
    receiptContentType: text("receipt_content_type"),
    receiptSize: integer("receipt_size"),
    /** Optional: the unit or property the transaction concerns ("Unit 12B", "Clubhouse"), free text. */
    property: text("property"),
    ...boardApprovalColumns(),
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    voidedAt: ts("voided_at"),
    voidedBy: uuid("voided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("finance_transactions_association_date_idx").on(t.associationId, t.date, t.id),
    index("finance_transactions_category_idx").on(t.associationId, t.category, t.date),
    index("finance_transactions_pending_idx")
      .on(t.associationId, t.date)
      .where(sql`${t.status} = 'pending' and ${t.voidedAt} is null`),
  ],
);

/**
 * Who changed what, when, with the values before and after (domain/finance/history.ts). Append-only:
 * a trigger (migration finance_history_append_only) refuses UPDATE, DELETE and TRUNCATE, so it carries
 * no foreign keys that could cascade into it.
 */
export const financeHistory = pgTable(
  "finance_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    associationId: uuid("association_id").notNull(),
    /** budget or transaction. */
    recordKind: text("record_kind").notNull(),
    recordId: uuid("record_id").notNull(),
    actorId: uuid("actor_id"),
    /** created, updated or voided. */
    action: text("action").notNull(),
    details: jsonb("details").notNull().default({}),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [
    index("finance_history_record_idx").on(t.recordId, t.id),
    index("finance_history_association_idx").on(t.associationId, t.id),
  ],
);

/**
 * The reserve study's components (issue 13, part 6; domain/finance/reserves.ts): what the reserves
 * will replace, with its useful and remaining life in whole years and its replacement cost in cents.
 * Removed components are voided like budgets; their history is in finance_history (record_kind
 * "component").
 */
export const reserveComponents = pgTable(
  "reserve_components",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    associationId: uuid("association_id")
      .notNull()
      .references(() => associations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    usefulLifeYears: integer("useful_life_years").notNull(),
    remainingLifeYears: integer("remaining_life_years").notNull(),
    replacementCostCents: bigint("replacement_cost_cents", { mode: "number" }).notNull(),
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    voidedAt: ts("voided_at"),
    voidedBy: uuid("voided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("reserve_components_association_idx").on(t.associationId)],
);

/**
 * A bank CSV waiting for its preview to be confirmed (issue 13, part 8): the file sits in private
 * storage ("finance-imports") and nothing is written to the books until `confirmed_at`, which also
 * stops a second confirmation of the same file.
 */
export const financeImports = pgTable(
  "finance_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    associationId: uuid("association_id")
      .notNull()
      .references(() => associations.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    confirmedAt: ts("confirmed_at"),
    importedCount: integer("imported_count"),
  },
  (t) => [index("finance_imports_association_idx").on(t.associationId)],
);

/**
 * An association's choices about its financials (issue 13: "homeowners see a read-only summary when
 * the association allows it"). No row: the defaults (the summary is for the board and managers only).
 */
export const financeSettings = pgTable("finance_settings", {
  associationId: uuid("association_id")
    .primaryKey()
    .references(() => associations.id, { onDelete: "cascade" }),
  homeownersSeeSummary: boolean("homeowners_see_summary").notNull().default(false),
  /**
   * Issue 13, part 9: a budget's allocation or an expense's amount over this (whole dollars, stored
   * as cents) needs a passed board motion. Null: no threshold, nothing needs the board.
   */
  approvalThresholdCents: bigint("approval_threshold_cents", { mode: "number" }),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * The association's named reserve funds (issue 13, part 6; domain/finance/funds.ts; decision record
 * 033): "Capital reserve", "Roof reserve". A fund's balance is never stored: it is the sum of its live
 * movements. History in finance_history (record_kind "fund").
 */
export const reserveFunds = pgTable(
  "reserve_funds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    associationId: uuid("association_id")
      .notNull()
      .references(() => associations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /**
     * Issue 26: what the association plans to put into the fund each month (whole dollars, stored as
     * cents), as the manager sets it from the reserve study or the budget; the 20-year projection's
     * contribution. Null: not set, and the projection falls back on the fund's last 12 months of
     * contributions (opening balances excluded).
     */
    plannedMonthlyCents: bigint("planned_monthly_cents", { mode: "number" }),
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    voidedAt: ts("voided_at"),
    voidedBy: uuid("voided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("reserve_funds_live_name_idx")
      .on(t.associationId, sql`lower(${t.name})`)
      .where(sql`${t.voidedAt} is null`),
  ],
);

/**
 * What moves a reserve fund: a contribution, a withdrawal or interest, dated, in positive integer
 * cents (the kind says which way). Voided like transactions, never erased; history in
 * finance_history (record_kind "movement").
 */
export const reserveMovements = pgTable(
  "reserve_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    associationId: uuid("association_id")
      .notNull()
      .references(() => associations.id, { onDelete: "cascade" }),
    fundId: uuid("fund_id")
      .notNull()
      .references(() => reserveFunds.id, { onDelete: "cascade" }),
    /** opening (a balance brought forward), contribution, withdrawal or interest (MOVEMENT_KINDS). */
    kind: text("kind").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    description: text("description").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    version: integer("version").notNull().default(1),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    voidedAt: ts("voided_at"),
    voidedBy: uuid("voided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("reserve_movements_fund_idx").on(t.fundId, t.date),
    index("reserve_movements_association_idx").on(t.associationId, t.date),
  ],
);

/**
 * The association a platform administrator is looking at in the financials (issue 13: "for its board
 * members and managers (admins too)"): an administrator need not be a member, so the choice is kept
 * here, on the server, apart from the member's own active association.
 */
export const financeAdminViews = pgTable("finance_admin_views", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  associationId: uuid("association_id")
    .notNull()
    .references(() => associations.id, { onDelete: "cascade" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
