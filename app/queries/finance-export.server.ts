import { once } from "node:events";
import type { Queryable } from "@db/client";
import {
  BUDGET_STATUS_LABELS,
  centsToInput,
  type DateWindow,
  type FinanceCategory,
  type FinancePeriod,
  PERIOD_LABELS,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  type TransactionStatus,
  type TransactionType,
} from "@domain/finance";
import { APPROVAL_LABELS, type ApprovalStatus } from "@domain/finance/approval";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { stringify } from "csv-stringify";
import PDFDocument from "pdfkit";
import { listBudgets, type TransactionFilter, transactionBatches } from "./finance.server";
import {
  budgetVsActual,
  categoryLabel,
  incomeStatement,
  presentBudget,
  reserveSummary,
  type Scope,
} from "./finance-present.server";

/**
 * The financials' downloads (spec 001 section 8: "GET /api/financial/export ... downloads it as
 * {tab}-{date}.csv"; issue 13, part 7): CSV written by csv-stringify as rows arrive (transactions are
 * read in batches, never all at once) and PDF reports by pdfkit. Amounts are plain decimals of the
 * integer cents ("1234.56"), so a spreadsheet adds them without a currency parser.
 */

type Cell = string | number | null;

/**
 * A CSV body streamed from batches of rows: a byte-order mark (spreadsheets then read UTF-8), CRLF
 * line ends, formulas escaped (OWASP CSV injection), the producer paused while the reader is behind.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly Cell[][]>,
): ReadableStream {
  const csv = stringify({
    bom: true,
    record_delimiter: "windows",
    escape_formulas: true,
    quoted_match: /[\r\n]/,
  });
  (async () => {
    csv.write(header);
    for await (const batch of batches) {
      for (const row of batch) if (!csv.write(row)) await once(csv, "drain");
    }
    csv.end();
  })().catch((error) => csv.destroy(error));
  return createReadableStreamFromReadable(csv) as unknown as ReadableStream;
}

export function download(body: BodyInit, fileName: string, contentType: string) {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const TRANSACTION_CSV_HEADER = [
  "Date",
  "Type",
  "Category",
  "Description",
  "Status",
  "Amount",
  "Unit or property",
  "Board approval",
];

async function* transactionCsvRows(db: Queryable, associationId: string, filter: TransactionFilter) {
  for await (const batch of transactionBatches(db, associationId, filter)) {
    yield batch.map((r) => [
      r.date,
      TRANSACTION_TYPE_LABELS[r.type as TransactionType] ?? r.type,
      categoryLabel(r.category),
      r.description,
      TRANSACTION_STATUS_LABELS[r.status as TransactionStatus] ?? r.status,
      centsToInput(r.amountCents),
      r.property ?? "",
      APPROVAL_LABELS[r.approvalStatus as ApprovalStatus] ?? r.approvalStatus,
    ]);
  }
}

/** The transactions matching a filter as a streamed CSV body. */
export const transactionsCsv = (db: Queryable, associationId: string, filter: TransactionFilter) =>
  csvStream(TRANSACTION_CSV_HEADER, transactionCsvRows(db, associationId, filter));

async function* once_<T>(value: T) {
  yield value;
}

export const BUDGET_CSV_HEADER = [
  "Name",
  "Category",
  "Period",
  "Start date",
  "End date",
  "Allocated",
  "Spent",
  "Used %",
  "Status",
];

export async function budgetsCsv(
  db: Queryable,
  scope: Scope,
  filter: { category: string | null; window: DateWindow; search?: string | null },
) {
  const rows = await listBudgets(db, scope.associationId, filter);
  return csvStream(
    BUDGET_CSV_HEADER,
    once_(
      rows.map((r) => {
        const b = presentBudget(r, scope.today);
        return [
          b.name,
          b.categoryLabel,
          b.periodLabel,
          b.startDate,
          b.endDate,
          centsToInput(b.allocatedCents),
          centsToInput(b.spentCents),
          b.percent,
          BUDGET_STATUS_LABELS[b.status],
        ];
      }),
    ),
  );
}

export const BUDGET_VS_ACTUAL_HEADER = ["Category", "Budget", "Actual", "Variance", "Used %"];

export async function budgetVsActualRows(
  db: Queryable,
  scope: Scope,
  window: DateWindow,
  category: string | null,
) {
  const rows = await budgetVsActual(db, scope, window, category);
  return rows.map((r) => [
    r.label,
    centsToInput(r.budgetCents),
    centsToInput(r.actualCents),
    centsToInput(r.varianceCents),
    r.percent,
  ]);
}

export const INCOME_STATEMENT_HEADER = ["Section", "Category", "Amount"];

export async function incomeStatementRows(db: Queryable, scope: Scope, window: DateWindow) {
  const s = await incomeStatement(db, scope, window);
  return [
    ...s.income.map((l) => ["Income", l.label, centsToInput(l.cents)]),
    ["Income", "Total income", centsToInput(s.totalIncome)],
    ...s.expenses.map((l) => ["Expenses", l.label, centsToInput(l.cents)]),
    ["Expenses", "Total expenses", centsToInput(s.totalExpenses)],
    ["Result", s.netCents >= 0 ? "Net surplus" : "Net deficit", centsToInput(s.netCents)],
  ];
}

export const RESERVE_SUMMARY_HEADER = [
  "Fund",
  "Opening balance",
  "Contributions",
  "Withdrawals",
  "Interest",
  "Closing balance",
];

/**
 * The reserve summary's rows: one per fund, the total, then the study's fully funded balance and
 * percent funded (of the total closing balance) in the last column.
 */
export async function reserveSummaryRows(db: Queryable, scope: Scope, window: DateWindow) {
  const s = await reserveSummary(db, scope, window);
  const line = (name: string, f: (typeof s)["total"]) => [
    name,
    centsToInput(f.openingCents),
    centsToInput(f.contributionCents),
    centsToInput(f.withdrawalCents),
    centsToInput(f.interestCents),
    centsToInput(f.closingCents),
  ];
  return [
    ...s.funds.map((f) => line(f.name, f)),
    line("Total reserves", s.total),
    ["Fully funded balance", null, null, null, null, centsToInput(s.fullyFundedCents)],
    ["Percent funded", null, null, null, null, `${s.percentFunded}%`],
  ];
}

export const rowsCsv = (header: readonly string[], rows: Cell[][]) => csvStream(header, once_(rows));

/** A report as a PDF: the association, the title, the period, then the table, amounts right-aligned. */
export function renderReportPdf(input: {
  association: string;
  title: string;
  period: FinancePeriod;
  window: { from: string; to: string };
  category: FinanceCategory | null;
  header: readonly string[];
  rows: readonly Cell[][];
}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      margin: 56,
      info: { Title: input.title, Author: input.association },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(10).fillColor("#475569").text(input.association);
    doc.moveDown(0.3).fontSize(18).fillColor("#0f172a").text(input.title);
    doc
      .moveDown(0.2)
      .fontSize(10)
      .fillColor("#334155")
      .text(
        `${PERIOD_LABELS[input.period]}: ${input.window.from} to ${input.window.to}${input.category ? `, ${categoryLabel(input.category)} only` : ""}. Amounts in USD.`,
      );
    doc.moveDown();
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const first = width * 0.4;
    const rest = (width - first) / Math.max(1, input.header.length - 1);
    const x = (i: number) => (i === 0 ? left : left + first + (i - 1) * rest);
    const w = (i: number) => (i === 0 ? first : rest);
    const line = (cells: readonly Cell[], bold: boolean) => {
      if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
      const y = doc.y;
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(10)
        .fillColor("#0f172a");
      cells.forEach((c, i) => {
        doc.text(c === null ? "" : String(c), x(i), y, {
          width: w(i) - 4,
          align: i === 0 ? "left" : "right",
          lineBreak: false,
        });
      });
      doc.x = left;
      doc.y = y + 16;
    };
    line(input.header, true);
    if (input.rows.length === 0) doc.font("Helvetica").text("Nothing in this period.", left, doc.y);
    for (const row of input.rows)
      line(
        row,
        row.slice(0, 2).some((c) => typeof c === "string" && /^(Total|Net)/.test(c)),
      );
    doc.end();
  });
}
