import type { Database, Queryable } from "@db/client";
import {
  associations,
  financeAdminViews,
  financeBudgets,
  financeHistory,
  financeImports,
  financeSettings,
  financeTransactions,
  reserveComponents,
  reserveFunds,
  reserveMovements,
} from "@db/schema";
import { FINANCE_MESSAGES } from "@domain/finance";
import {
  APPROVAL_MESSAGES,
  type ApprovalStatus,
  approvalOnSave,
  checkCitation,
} from "@domain/finance/approval";
import { belowZeroMessage, FUND_MESSAGES, lowestBalance, type MovementKind } from "@domain/finance/funds";
import {
  type BudgetValues,
  changedFields,
  type HistoryAction,
  type HistoryDetails,
  type RecordKind,
  type TransactionValues,
} from "@domain/finance/history";
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from "@domain/finance/import";
import { checkReceipt, RECEIPT_MAX_BYTES } from "@domain/finance/receipt";
import { and, eq, isNull, sql } from "drizzle-orm";
import { readUpload } from "~/forms.server";
import { approvalThreshold, motionForCitation } from "~/queries/finance-approval.server";
import { removeStoredFiles, type StoredStream, sniffStoredFile, storeStream } from "~/storage/files.server";
import { cleanFileName } from "./rfp-documents.server";

/**
 * Writes of the association's financials (issue 13, parts 2 and 3). Every write names the association
 * the caller found through requireFinance (the person's own membership): a record of another
 * association is "not found". Every change appends its history row (who, what, the values before and
 * after) in the same transaction. A delete voids the record; it is never erased. An edit carries the
 * version it was rendered from: a record that moved on since is a conflict with its current values,
 * never a silent overwrite.
 */

export type FinanceError =
  | { ok: false; kind: "not_found"; message: string }
  | { ok: false; kind: "validation"; message: string; field?: string }
  | { ok: false; kind: "conflict"; message: string; version: number };

const notFound = (): FinanceError => ({ ok: false, kind: "not_found", message: FINANCE_MESSAGES.notFound });

interface Actor {
  associationId: string;
  actorId: string;
}

async function appendHistory(
  tx: Queryable,
  entry: Actor & { recordKind: RecordKind; recordId: string; action: HistoryAction; details: HistoryDetails },
) {
  await tx.insert(financeHistory).values({
    associationId: entry.associationId,
    recordKind: entry.recordKind,
    recordId: entry.recordId,
    actorId: entry.actorId,
    action: entry.action,
    details: entry.details,
  });
}

/** A finance table whose rows carry an id, their association, a version and a void mark. */
type VersionedTable = typeof financeBudgets | typeof financeTransactions | typeof reserveMovements;

/** What a versioned write does with the locked row: nothing, or these columns and this history row. */
export type VersionedChange<R> =
  | { write: false; result: R }
  | {
      write: true;
      set: Record<string, unknown>;
      history: { action: HistoryAction; details: HistoryDetails };
      result: R;
    };

/**
 * The one write path of a versioned finance record (budgets, transactions, reserve movements): lock
 * the row FOR UPDATE (`lock`, which also answers not found for another association's or a voided
 * row), compare the version the form was rendered from (`expectedVersion`; omitted for a delete: a
 * void needs no form values), decide the change on the locked row, update it with version + 1 and
 * append its history row, all in one transaction. A stale version is a conflict with the current
 * version (409), never a silent overwrite.
 */
export async function writeVersioned<Row extends { version: number }, R>(
  db: Database,
  spec: Actor & {
    table: VersionedTable;
    recordKind: RecordKind;
    id: string;
    expectedVersion?: number;
    lock(tx: Queryable): Promise<Row | undefined>;
    change(row: Row, tx: Queryable): Promise<VersionedChange<R> | FinanceError>;
  },
): Promise<({ ok: true } & R) | FinanceError> {
  return db.transaction(async (tx) => {
    const row = await spec.lock(tx);
    if (!row) return notFound();
    if (spec.expectedVersion !== undefined && row.version !== spec.expectedVersion)
      return { ok: false, kind: "conflict", message: FINANCE_MESSAGES.editConflict, version: row.version };
    const change = await spec.change(row, tx);
    if ("ok" in change) return change;
    if (change.write) {
      await tx
        .update(spec.table)
        .set({ ...change.set, version: row.version + 1, updatedAt: sql`now()` })
        .where(eq(spec.table.id, spec.id));
      await appendHistory(tx, {
        associationId: spec.associationId,
        actorId: spec.actorId,
        recordKind: spec.recordKind,
        recordId: spec.id,
        ...change.history,
      });
    }
    return { ok: true as const, ...change.result };
  });
}

/** A void: the row leaves every list and total, and its values stay in the history. */
const voidChange = (actorId: string, before: HistoryDetails["before"]): VersionedChange<object> => ({
  write: true,
  set: { voidedAt: sql`now()`, voidedBy: actorId },
  history: { action: "voided", details: { before } },
  result: {},
});

// ---------------------------------------------------------------------------------------------------
// Budgets

const budgetColumns = {
  name: financeBudgets.name,
  category: financeBudgets.category,
  allocatedCents: financeBudgets.allocatedCents,
  period: financeBudgets.period,
  startDate: financeBudgets.startDate,
  endDate: financeBudgets.endDate,
  approval: financeBudgets.approvalStatus,
};

/** The citation columns emptied when an approval no longer holds (the history keeps the motion). */
const noCitation = {
  approvalMotionId: null,
  approvalMeetingId: null,
  approvalMotion: null,
  approvedBy: null,
  approvedAt: null,
};

/** History values: the approval only when there is something to say about it. */
const withApproval = <T extends object>(values: T, approval: ApprovalStatus) =>
  approval === "none" ? values : { ...values, approval };

export async function createBudget(
  db: Database,
  input: Actor & { values: BudgetValues },
): Promise<{ ok: true; id: string; approval: ApprovalStatus }> {
  return db.transaction(async (tx) => {
    const { approval: _, ...values } = input.values;
    const { status: approval } = approvalOnSave({
      subject: { kind: "budget", amountCents: values.allocatedCents },
      thresholdCents: await approvalThreshold(tx, input.associationId),
    });
    const [row] = await tx
      .insert(financeBudgets)
      .values({
        associationId: input.associationId,
        createdBy: input.actorId,
        ...values,
        approvalStatus: approval,
      })
      .returning({ id: financeBudgets.id });
    if (!row) throw new Error("The budget was not saved");
    await appendHistory(tx, {
      ...input,
      recordKind: "budget",
      recordId: row.id,
      action: "created",
      details: { after: withApproval({ ...values }, approval) },
    });
    return { ok: true as const, id: row.id, approval };
  });
}

/** The association's live budget, locked for the rest of the transaction. */
async function lockBudget(tx: Queryable, associationId: string, id: string) {
  const [row] = await tx
    .select({ ...budgetColumns, version: financeBudgets.version })
    .from(financeBudgets)
    .where(
      and(
        eq(financeBudgets.id, id),
        eq(financeBudgets.associationId, associationId),
        isNull(financeBudgets.voidedAt),
      ),
    )
    .for("update");
  return row;
}

export async function updateBudget(
  db: Database,
  input: Actor & { id: string; values: BudgetValues; expectedVersion: number },
): Promise<{ ok: true; changed: boolean; approval: ApprovalStatus } | FinanceError> {
  return writeVersioned(db, {
    ...input,
    table: financeBudgets,
    recordKind: "budget",
    lock: (tx) => lockBudget(tx, input.associationId, input.id),
    async change(current, tx) {
      const { version: _, ...before } = current;
      const { approval: __, ...values } = input.values;
      const outcome = approvalOnSave({
        subject: { kind: "budget", amountCents: values.allocatedCents },
        thresholdCents: await approvalThreshold(tx, input.associationId),
        previous: { amountCents: before.allocatedCents, approvalStatus: before.approval as ApprovalStatus },
      });
      const diff = changedFields<BudgetValues>(before, { ...values, approval: outcome.status });
      const changed = Object.keys(diff.after).length > 0;
      const result = { changed, approval: outcome.status };
      if (!changed) return { write: false, result };
      return {
        write: true,
        set: { ...values, approvalStatus: outcome.status, ...(outcome.clearCitation ? noCitation : {}) },
        history: { action: "updated", details: diff },
        result,
      };
    },
  });
}

/** Deletes a budget by voiding it: it leaves every list and total, and stays in the audit view. */
export async function voidBudget(
  db: Database,
  input: Actor & { id: string },
): Promise<{ ok: true } | FinanceError> {
  return writeVersioned(db, {
    ...input,
    table: financeBudgets,
    recordKind: "budget",
    lock: (tx) => lockBudget(tx, input.associationId, input.id),
    change: async ({ version: _, ...before }) => voidChange(input.actorId, { ...before }),
  });
}

// ---------------------------------------------------------------------------------------------------
// Transactions

export interface Receipt {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
}

export type TransactionFields = Omit<TransactionValues, "receipt">;

const transactionColumns = {
  type: financeTransactions.type,
  category: financeTransactions.category,
  amountCents: financeTransactions.amountCents,
  description: financeTransactions.description,
  date: financeTransactions.date,
  status: financeTransactions.status,
  receipt: financeTransactions.receiptFileName,
  property: financeTransactions.property,
  approval: financeTransactions.approvalStatus,
};

const receiptColumns = (receipt: Receipt | null) => ({
  receiptKey: receipt?.key ?? null,
  receiptFileName: receipt?.fileName ?? null,
  receiptContentType: receipt?.contentType ?? null,
  receiptSize: receipt?.size ?? null,
});

/** What a transaction save decided about the board's approval (the status may have become pending). */
export interface TransactionSaved {
  approval: ApprovalStatus;
  status: string;
}

/** The flash message after a transaction save, saying when the board's approval holds it back. */
export function savedMessage(done: string, saved: TransactionSaved, askedStatus: string): string {
  if (saved.approval !== "awaiting") return done;
  return saved.status !== askedStatus
    ? `${done}. ${APPROVAL_MESSAGES.pendingUntilApproved}.`
    : `${done}. ${APPROVAL_MESSAGES.savedAwaiting}.`;
}

export async function createTransaction(
  db: Database,
  input: Actor & { values: TransactionFields; receipt?: Receipt | null },
): Promise<{ ok: true; id: string } & TransactionSaved> {
  return db.transaction(async (tx) => {
    const { approval: _, ...fields } = input.values;
    const outcome = approvalOnSave({
      subject: { kind: "transaction", type: fields.type, amountCents: fields.amountCents },
      thresholdCents: await approvalThreshold(tx, input.associationId),
      status: fields.status,
    });
    const values = {
      ...fields,
      property: fields.property || null,
      status: outcome.transactionStatus ?? fields.status,
    };
    const [row] = await tx
      .insert(financeTransactions)
      .values({
        associationId: input.associationId,
        createdBy: input.actorId,
        ...values,
        approvalStatus: outcome.status,
        ...receiptColumns(input.receipt ?? null),
      })
      .returning({ id: financeTransactions.id });
    if (!row) throw new Error("The transaction was not saved");
    const { property, ...shown } = values;
    await appendHistory(tx, {
      ...input,
      recordKind: "transaction",
      recordId: row.id,
      action: "created",
      details: {
        after: withApproval(
          { ...shown, ...(property ? { property } : {}), receipt: input.receipt?.fileName ?? null },
          outcome.status,
        ),
      },
    });
    return { ok: true as const, id: row.id, approval: outcome.status, status: values.status };
  });
}

async function lockTransaction(tx: Queryable, associationId: string, id: string) {
  const [row] = await tx
    .select({
      ...transactionColumns,
      version: financeTransactions.version,
      receiptKey: financeTransactions.receiptKey,
    })
    .from(financeTransactions)
    .where(
      and(
        eq(financeTransactions.id, id),
        eq(financeTransactions.associationId, associationId),
        isNull(financeTransactions.voidedAt),
      ),
    )
    .for("update");
  return row;
}

/**
 * Saves an edit. `receipt`: undefined keeps the current one, null takes it off, a new one replaces
 * it. The stored file of a replaced or removed receipt is kept (the history still names it).
 */
export async function updateTransaction(
  db: Database,
  input: Actor & { id: string; values: TransactionFields; receipt?: Receipt | null; expectedVersion: number },
): Promise<({ ok: true; changed: boolean } & TransactionSaved) | FinanceError> {
  return writeVersioned(db, {
    ...input,
    table: financeTransactions,
    recordKind: "transaction",
    lock: (tx) => lockTransaction(tx, input.associationId, input.id),
    async change(current, tx) {
      const { version: _v, receiptKey: _, ...before } = current;
      const { approval: __, ...fields } = input.values;
      const outcome = approvalOnSave({
        subject: { kind: "transaction", type: fields.type, amountCents: fields.amountCents },
        thresholdCents: await approvalThreshold(tx, input.associationId),
        status: fields.status,
        previous: {
          type: before.type,
          amountCents: before.amountCents,
          approvalStatus: before.approval as ApprovalStatus,
        },
      });
      const values = {
        ...fields,
        property: fields.property || null,
        status: outcome.transactionStatus ?? fields.status,
      };
      const after: TransactionValues = {
        ...values,
        receipt: input.receipt === undefined ? before.receipt : (input.receipt?.fileName ?? null),
        approval: outcome.status,
      };
      const diff = changedFields<TransactionValues>(before, after);
      const receiptChanged =
        input.receipt !== undefined && (input.receipt !== null || current.receiptKey !== null);
      const saved = { approval: outcome.status, status: values.status };
      if (Object.keys(diff.after).length === 0 && !receiptChanged)
        return { write: false, result: { changed: false as boolean, ...saved } };
      return {
        write: true,
        set: {
          ...values,
          approvalStatus: outcome.status,
          ...(outcome.clearCitation ? noCitation : {}),
          ...(input.receipt === undefined ? {} : receiptColumns(input.receipt)),
        },
        history: { action: "updated", details: diff },
        result: { changed: true, ...saved },
      };
    },
  });
}

export async function voidTransaction(
  db: Database,
  input: Actor & { id: string },
): Promise<{ ok: true } | FinanceError> {
  return writeVersioned(db, {
    ...input,
    table: financeTransactions,
    recordKind: "transaction",
    lock: (tx) => lockTransaction(tx, input.associationId, input.id),
    change: async ({ version: _, receiptKey: __, ...before }) => voidChange(input.actorId, { ...before }),
  });
}

// ---------------------------------------------------------------------------------------------------
// Receipts

export interface ReceivedReceipt extends StoredStream {
  name: string;
}

/**
 * Reads a transaction form that may carry a receipt (authorize the request first): text fields into
 * `formData`, the one `receipt` file streamed to private storage, cut off past 10 MB.
 */
export function readReceiptUpload(request: Request) {
  return readUpload<ReceivedReceipt>(request, {
    fileField: "receipt",
    maxFiles: 1,
    maxFileBytes: RECEIPT_MAX_BYTES,
    maxRequestBytes: RECEIPT_MAX_BYTES + 1 + 256 * 1024,
    keep: async (data, info) => ({
      ...(await storeStream("finance-receipts", data, RECEIPT_MAX_BYTES)),
      name: cleanFileName(info.filename),
    }),
    discard: (files) => removeStoredFiles(files.map((f) => f.key)),
  });
}

/** The upload's receipt checked by content; a refused file is removed at once. */
export async function checkReceivedReceipt(
  file: ReceivedReceipt,
): Promise<{ ok: true; receipt: Receipt } | { ok: false; message: string }> {
  const check = checkReceipt({
    size: file.size,
    truncated: file.truncated,
    sniffed: file.truncated ? undefined : await sniffStoredFile(file.key),
  });
  if (!check.ok) {
    await removeStoredFiles([file.key]);
    return check;
  }
  return {
    ok: true,
    receipt: { key: file.key, fileName: file.name, contentType: check.contentType, size: file.size },
  };
}

export const discardReceipts = (files: readonly { key: string }[]) =>
  removeStoredFiles(files.map((f) => f.key));

// ---------------------------------------------------------------------------------------------------
// Reserve study components

export interface ComponentValues {
  name: string;
  usefulLifeYears: number;
  remainingLifeYears: number;
  replacementCostCents: number;
}

export async function createComponent(
  db: Database,
  input: Actor & { values: ComponentValues },
): Promise<{ ok: true; id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reserveComponents)
      .values({ associationId: input.associationId, createdBy: input.actorId, ...input.values })
      .returning({ id: reserveComponents.id });
    if (!row) throw new Error("The component was not saved");
    await appendHistory(tx, {
      ...input,
      recordKind: "component",
      recordId: row.id,
      action: "created",
      details: { after: { ...input.values } },
    });
    return { ok: true as const, id: row.id };
  });
}

/** Removes a component from the study by voiding it (its history stays). */
export async function voidComponent(
  db: Database,
  input: Actor & { id: string },
): Promise<{ ok: true } | FinanceError> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        name: reserveComponents.name,
        usefulLifeYears: reserveComponents.usefulLifeYears,
        remainingLifeYears: reserveComponents.remainingLifeYears,
        replacementCostCents: reserveComponents.replacementCostCents,
        version: reserveComponents.version,
      })
      .from(reserveComponents)
      .where(
        and(
          eq(reserveComponents.id, input.id),
          eq(reserveComponents.associationId, input.associationId),
          isNull(reserveComponents.voidedAt),
        ),
      )
      .for("update");
    if (!current) return notFound();
    const { version, ...before } = current;
    await tx
      .update(reserveComponents)
      .set({ voidedAt: sql`now()`, voidedBy: input.actorId, version: version + 1, updatedAt: sql`now()` })
      .where(eq(reserveComponents.id, input.id));
    await appendHistory(tx, {
      ...input,
      recordKind: "component",
      recordId: input.id,
      action: "voided",
      details: { before: { ...before } },
    });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------------
// Bank CSV import

/** Reads an import upload (authorize first): the one `file` streamed to private storage. */
export function readImportUpload(request: Request) {
  return readUpload<ReceivedReceipt>(request, {
    fileField: "file",
    maxFiles: 1,
    maxFileBytes: IMPORT_MAX_BYTES,
    maxRequestBytes: IMPORT_MAX_BYTES + 1 + 64 * 1024,
    keep: async (data, info) => ({
      ...(await storeStream("finance-imports", data, IMPORT_MAX_BYTES)),
      name: cleanFileName(info.filename),
    }),
    discard: (files) => removeStoredFiles(files.map((f) => f.key)),
  });
}

export async function createImport(db: Database, input: Actor & { file: ReceivedReceipt }) {
  const [row] = await db
    .insert(financeImports)
    .values({
      associationId: input.associationId,
      createdBy: input.actorId,
      storageKey: input.file.key,
      fileName: input.file.name,
    })
    .returning({ id: financeImports.id });
  if (!row) throw new Error("The import was not saved");
  return row.id;
}

/**
 * Writes the confirmed lines of an import as transactions (completed, dated as the bank dated them),
 * each with its history row, in one transaction; the import is marked confirmed so it cannot be
 * written twice.
 */
export async function confirmImport(
  db: Database,
  input: Actor & {
    importId: string;
    lines: readonly { date: string; description: string; amountCents: number; category: string }[];
  },
): Promise<{ ok: true; count: number } | FinanceError> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ confirmedAt: financeImports.confirmedAt })
      .from(financeImports)
      .where(
        and(eq(financeImports.id, input.importId), eq(financeImports.associationId, input.associationId)),
      )
      .for("update");
    if (!current) return notFound();
    if (current.confirmedAt)
      return { ok: false, kind: "conflict", message: IMPORT_MESSAGES.confirmed, version: 1 };
    for (let i = 0; i < input.lines.length; i += 500) {
      const chunk = input.lines.slice(i, i + 500).map((l) => ({
        type: l.amountCents < 0 ? "expense" : "income",
        category: l.category,
        amountCents: Math.abs(l.amountCents),
        description: l.description,
        date: l.date,
        status: "completed",
      }));
      const rows = await tx
        .insert(financeTransactions)
        .values(chunk.map((c) => ({ ...c, associationId: input.associationId, createdBy: input.actorId })))
        .returning({ id: financeTransactions.id });
      await tx.insert(financeHistory).values(
        rows.map((r, j) => ({
          associationId: input.associationId,
          recordKind: "transaction",
          recordId: r.id,
          actorId: input.actorId,
          action: "created",
          details: { after: { ...chunk[j], receipt: null, source: "import" } },
        })),
      );
    }
    await tx
      .update(financeImports)
      .set({ confirmedAt: sql`now()`, importedCount: input.lines.length })
      .where(eq(financeImports.id, input.importId));
    return { ok: true as const, count: input.lines.length };
  });
}

// ---------------------------------------------------------------------------------------------------
// Board approval (issue 13, part 9; domain/finance/approval.ts)

/** Sets the association's approval threshold (cents, whole dollars), or removes it (null). */
export async function setApprovalThreshold(db: Database, input: Actor & { cents: number | null }) {
  await db
    .insert(financeSettings)
    .values({
      associationId: input.associationId,
      approvalThresholdCents: input.cents,
      updatedBy: input.actorId,
    })
    .onConflictDoUpdate({
      target: financeSettings.associationId,
      set: { approvalThresholdCents: input.cents, updatedBy: input.actorId, updatedAt: sql`now()` },
    });
}

/**
 * Approves a budget or expense awaiting the board by citing a passed motion of the association's
 * board (a completed meeting's minutes). The record is locked and its version compared (409 when it
 * moved on); another association's motion, or an unknown one, is "not found"; a motion that did not
 * pass is refused. The citation is kept on the record and in its history.
 */
export async function approveWithMotion(
  db: Database,
  input: Actor & { kind: "budget" | "transaction"; id: string; motionId: string; expectedVersion: number },
): Promise<{ ok: true } | FinanceError> {
  const table = input.kind === "budget" ? financeBudgets : financeTransactions;
  return writeVersioned(db, {
    ...input,
    table,
    recordKind: input.kind,
    async lock(tx) {
      const [row] = await tx
        .select({ version: table.version, approval: table.approvalStatus })
        .from(table)
        .where(
          and(eq(table.id, input.id), eq(table.associationId, input.associationId), isNull(table.voidedAt)),
        )
        .for("update");
      return row;
    },
    async change(current, tx) {
      const motion = await motionForCitation(tx, input.motionId);
      const check = checkCitation(motion, input.associationId, { approvalStatus: current.approval });
      if (!check.ok)
        return check.kind === "not_found"
          ? notFound()
          : { ok: false, kind: "validation", message: check.message, field: "motion_id" };
      if (!motion) return notFound();
      return {
        write: true,
        set: {
          approvalStatus: "approved",
          approvalMotionId: motion.motionId,
          approvalMeetingId: motion.meetingId,
          approvalMotion: motion.text,
          approvedBy: input.actorId,
          approvedAt: sql`now()`,
        },
        history: {
          action: "approved",
          details: {
            before: { approval: current.approval },
            after: { approval: "approved" },
            motion: {
              motionId: motion.motionId,
              meetingId: motion.meetingId,
              text: motion.text,
              meeting: motion.meeting,
            },
          },
        },
        result: {},
      };
    },
  });
}

/** Shares the read-only summary with the association's homeowners, or stops sharing it. */
export async function setHomeownersSeeSummary(db: Database, input: Actor & { on: boolean }) {
  await db
    .insert(financeSettings)
    .values({ associationId: input.associationId, homeownersSeeSummary: input.on, updatedBy: input.actorId })
    .onConflictDoUpdate({
      target: financeSettings.associationId,
      set: { homeownersSeeSummary: input.on, updatedBy: input.actorId, updatedAt: sql`now()` },
    });
}

// ---------------------------------------------------------------------------------------------------
// Reserve funds and their movements (issue 13, part 6; decision record 033)

export interface MovementValues {
  kind: MovementKind;
  amountCents: number;
  description: string;
  date: string;
}

export async function createFund(
  db: Database,
  input: Actor & { name: string },
): Promise<{ ok: true; id: string } | FinanceError> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: reserveFunds.id })
      .from(reserveFunds)
      .where(
        and(
          eq(reserveFunds.associationId, input.associationId),
          isNull(reserveFunds.voidedAt),
          sql`lower(${reserveFunds.name}) = lower(${input.name})`,
        ),
      );
    if (taken) return { ok: false, kind: "validation", field: "name", message: FUND_MESSAGES.nameTaken };
    const [row] = await tx
      .insert(reserveFunds)
      .values({ associationId: input.associationId, createdBy: input.actorId, name: input.name })
      .onConflictDoNothing()
      .returning({ id: reserveFunds.id });
    if (!row) return { ok: false, kind: "validation", field: "name", message: FUND_MESSAGES.nameTaken };
    await appendHistory(tx, {
      ...input,
      recordKind: "fund",
      recordId: row.id,
      action: "created",
      details: { after: { name: input.name } },
    });
    return { ok: true as const, id: row.id };
  });
}

/**
 * Sets (or, with null, clears) a fund's planned monthly contribution (issue 26), the 20-year
 * projection's contribution. A setting like the approval threshold: the last save wins; the change
 * is in the fund's history.
 */
export async function setPlannedContribution(
  db: Database,
  input: Actor & { fundId: string; cents: number | null },
): Promise<{ ok: true; changed: boolean } | FinanceError> {
  return db.transaction(async (tx) => {
    const [fund] = await tx
      .select({ plannedMonthlyCents: reserveFunds.plannedMonthlyCents })
      .from(reserveFunds)
      .where(
        and(
          eq(reserveFunds.id, input.fundId),
          eq(reserveFunds.associationId, input.associationId),
          isNull(reserveFunds.voidedAt),
        ),
      )
      .for("update");
    if (!fund) return notFound();
    if (fund.plannedMonthlyCents === input.cents) return { ok: true as const, changed: false };
    await tx
      .update(reserveFunds)
      .set({
        plannedMonthlyCents: input.cents,
        version: sql`${reserveFunds.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(reserveFunds.id, input.fundId));
    await appendHistory(tx, {
      ...input,
      recordKind: "fund",
      recordId: input.fundId,
      action: "updated",
      details: {
        before: { plannedMonthlyCents: fund.plannedMonthlyCents },
        after: { plannedMonthlyCents: input.cents },
      },
    });
    return { ok: true as const, changed: true };
  });
}

/** The association's live fund, locked so its movements change one writer at a time. */
async function lockFund(tx: Queryable, associationId: string, id: string) {
  const [row] = await tx
    .select({ id: reserveFunds.id, name: reserveFunds.name })
    .from(reserveFunds)
    .where(
      and(
        eq(reserveFunds.id, id),
        eq(reserveFunds.associationId, associationId),
        isNull(reserveFunds.voidedAt),
      ),
    )
    .for("update");
  return row;
}

const movementColumns = {
  id: reserveMovements.id,
  kind: reserveMovements.kind,
  amountCents: reserveMovements.amountCents,
  description: reserveMovements.description,
  date: reserveMovements.date,
};

/**
 * Refuses a change to a fund's live movements (one left out, one put in) that would take its balance
 * below zero on any day (domain lowestBalance).
 */
async function checkFundStaysPositive(
  tx: Queryable,
  fund: { id: string; name: string },
  change: { without?: string; with?: MovementValues },
): Promise<FinanceError | null> {
  const rows = await tx
    .select(movementColumns)
    .from(reserveMovements)
    .where(and(eq(reserveMovements.fundId, fund.id), isNull(reserveMovements.voidedAt)));
  const after = [...rows.filter((r) => r.id !== change.without), ...(change.with ? [change.with] : [])];
  const lowest = lowestBalance(after);
  if (lowest && lowest.balanceCents < 0)
    return { ok: false, kind: "validation", field: "amount", message: belowZeroMessage(fund.name, lowest) };
  return null;
}

/** Records a contribution, withdrawal or interest in one of the association's funds. */
export async function recordMovement(
  db: Database,
  input: Actor & { fundId: string; values: MovementValues },
): Promise<{ ok: true; id: string } | FinanceError> {
  return db.transaction(async (tx) => {
    const fund = await lockFund(tx, input.associationId, input.fundId);
    if (!fund) return notFound();
    const refused = await checkFundStaysPositive(tx, fund, { with: input.values });
    if (refused) return refused;
    const [row] = await tx
      .insert(reserveMovements)
      .values({
        associationId: input.associationId,
        fundId: fund.id,
        createdBy: input.actorId,
        ...input.values,
      })
      .returning({ id: reserveMovements.id });
    if (!row) throw new Error("The movement was not saved");
    await appendHistory(tx, {
      ...input,
      recordKind: "movement",
      recordId: row.id,
      action: "created",
      details: { after: { fund: fund.name, ...input.values } },
    });
    return { ok: true as const, id: row.id };
  });
}

/** A live movement of the association with its fund locked first (the fund, then the movement). */
async function lockMovement(tx: Queryable, associationId: string, id: string) {
  const [found] = await tx
    .select({ fundId: reserveMovements.fundId })
    .from(reserveMovements)
    .where(
      and(
        eq(reserveMovements.id, id),
        eq(reserveMovements.associationId, associationId),
        isNull(reserveMovements.voidedAt),
      ),
    );
  if (!found) return undefined;
  const fund = await lockFund(tx, associationId, found.fundId);
  if (!fund) return undefined;
  const [row] = await tx
    .select({ ...movementColumns, version: reserveMovements.version })
    .from(reserveMovements)
    .where(and(eq(reserveMovements.id, id), isNull(reserveMovements.voidedAt)))
    .for("update");
  return row ? { fund, movement: row } : undefined;
}

/** A movement locked for writeVersioned: the movement, its fund and the version to compare. */
async function lockVersionedMovement(
  tx: Parameters<typeof lockMovement>[0],
  associationId: string,
  id: string,
) {
  const locked = await lockMovement(tx, associationId, id);
  return locked && { ...locked, version: locked.movement.version };
}

/** Saves an edit of a movement (its fund stays); a stale version is a conflict with the current values. */
export async function updateMovement(
  db: Database,
  input: Actor & { id: string; values: MovementValues; expectedVersion: number },
): Promise<{ ok: true; changed: boolean } | FinanceError> {
  return writeVersioned(db, {
    ...input,
    table: reserveMovements,
    recordKind: "movement",
    lock: (tx) => lockVersionedMovement(tx, input.associationId, input.id),
    async change(locked, tx) {
      const { id: _, version: __, ...before } = locked.movement;
      const diff = changedFields<MovementValues>(before as MovementValues, input.values);
      if (Object.keys(diff.after).length === 0)
        return { write: false, result: { changed: false as boolean } };
      const refused = await checkFundStaysPositive(tx, locked.fund, {
        without: input.id,
        with: input.values,
      });
      if (refused) return refused;
      return {
        write: true,
        set: { ...input.values },
        history: { action: "updated", details: diff },
        result: { changed: true },
      };
    },
  });
}

/** Deletes a movement by voiding it; refused when the fund would then go below zero. */
export async function voidMovement(
  db: Database,
  input: Actor & { id: string },
): Promise<{ ok: true } | FinanceError> {
  return writeVersioned(db, {
    ...input,
    table: reserveMovements,
    recordKind: "movement",
    lock: (tx) => lockVersionedMovement(tx, input.associationId, input.id),
    async change(locked, tx) {
      const { id: _, version: __, ...before } = locked.movement;
      const refused = await checkFundStaysPositive(tx, locked.fund, { without: input.id });
      if (refused) return refused;
      return voidChange(input.actorId, { fund: locked.fund.name, ...before });
    },
  });
}

/**
 * A platform administrator's choice of the association whose financials they open (issue 13: "admins
 * too"). Kept on the server, apart from their own memberships. Not found: no such association.
 */
export async function chooseAdminAssociation(
  db: Database,
  input: { userId: string; associationId: string },
): Promise<{ ok: true } | FinanceError> {
  const [found] = await db
    .select({ id: associations.id })
    .from(associations)
    .where(eq(associations.id, input.associationId));
  if (!found) return notFound();
  await db
    .insert(financeAdminViews)
    .values({ userId: input.userId, associationId: input.associationId })
    .onConflictDoUpdate({
      target: financeAdminViews.userId,
      set: { associationId: input.associationId, updatedAt: sql`now()` },
    });
  return { ok: true as const };
}
