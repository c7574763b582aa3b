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
 * integer cents ("1234.56", "-15926.45"), written as numbers, so a spreadsheet adds them without a
 * currency parser.
 */

/**
 * A cell: text, a number (a count or a whole percent), an amount of money (`money(cents)`), or empty.
 * Money travels as a bigint of cents: csv-stringify's formula guard leaves numbers and bigints alone
 * (a negative amount stays the number -15926.45, not the text '-15926.45) and guards every text cell
 * that starts with = + - @, a tab or a carriage return.
 */
type Cell = string | number | bigint | null;

/** An amount of money as a report cell (written "1234.56" in the CSV and the PDF). */
export const money = (cents: number): bigint => BigInt(cents);

/** A cell as the CSV and the PDF write it. */
const cellText = (c: Cell) => (c === null ? "" : typeof c === "bigint" ? centsToInput(Number(c)) : String(c));

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
    cast: { bigint: (cents) => cellText(cents) },
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
      money(r.amountCents),
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
          money(b.allocatedCents),
          money(b.spentCents),
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
    money(r.budgetCents),
    money(r.actualCents),
    money(r.varianceCents),
    r.percent,
  ]);
}

export const INCOME_STATEMENT_HEADER = ["Section", "Category", "Amount"];

export async function incomeStatementRows(db: Queryable, scope: Scope, window: DateWindow) {
  const s = await incomeStatement(db, scope, window);
  return [
    ...s.income.map((l) => ["Income", l.label, money(l.cents)]),
    ["Income", "Total income", money(s.totalIncome)],
    ...s.expenses.map((l) => ["Expenses", l.label, money(l.cents)]),
    ["Expenses", "Total expenses", money(s.totalExpenses)],
    ["Result", s.netCents >= 0 ? "Net surplus" : "Net deficit", money(s.netCents)],
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
    money(f.openingCents),
    money(f.contributionCents),
    money(f.withdrawalCents),
    money(f.interestCents),
    money(f.closingCents),
  ];
  return [
    ...s.funds.map((f) => line(f.name, f)),
    line("Total reserves", s.total),
    ["Fully funded balance", null, null, null, null, money(s.fullyFundedCents)],
    ["Percent funded", null, null, null, null, `${s.percentFunded}%`],
  ];
}

export const rowsCsv = (header: readonly string[], rows: Cell[][]) => csvStream(header, once_(rows));

const COLUMN_GAP = 10;
const MIN_FONT_SIZE = 7;

/**
 * The report table's font size and column widths: each figure column as wide as its widest text (its
 * header included, bold) so no header or amount ever wraps ("Contributions" stays one word), and the
 * first column (the names, which may wrap by words) the rest, at least a quarter of the page. When the
 * figures do not fit beside that, the whole table steps down in size (10 pt to 7 pt).
 */
function tableLayout(
  doc: PDFKit.PDFDocument,
  width: number,
  header: readonly string[],
  rows: readonly Cell[][],
  isTotal: (row: readonly Cell[]) => boolean,
) {
  const widthAt = (size: number, column: number) => {
    let widest = doc
      .font("Helvetica-Bold")
      .fontSize(size)
      .widthOfString(header[column] ?? "");
    for (const row of rows)
      widest = Math.max(
        widest,
        doc
          .font(isTotal(row) ? "Helvetica-Bold" : "Helvetica")
          .fontSize(size)
          .widthOfString(cellText(row[column] ?? null)),
      );
    return Math.ceil(widest) + COLUMN_GAP + 1;
  };
  let size = 10;
  for (;;) {
    const figures = header.slice(1).map((_, i) => widthAt(size, i + 1));
    const rest = width - figures.reduce((a, b) => a + b, 0);
    if (rest >= width / 4 || size <= MIN_FONT_SIZE) {
      const first = Math.max(rest, Math.min(widthAt(size, 0), width / 4));
      return { size, widths: [first, ...figures] };
    }
    size -= 0.5;
  }
}

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
    const isTotal = (row: readonly Cell[]) =>
      row.slice(0, 2).some((c) => typeof c === "string" && /^(Total|Net)/.test(c));
    const { size, widths } = tableLayout(doc, width, input.header, input.rows, isTotal);
    const x = (i: number) => left + widths.slice(0, i).reduce((a, b) => a + b, 0);
    const line = (cells: readonly Cell[], bold: boolean) => {
      doc
        .font(bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(size)
        .fillColor("#0f172a");
      // The first column (a name) may wrap onto more lines; the figures never do (tableLayout).
      const first = cellText(cells[0] ?? null);
      const height = Math.max(
        size * 1.6,
        doc.heightOfString(first, { width: (widths[0] ?? 0) - COLUMN_GAP }) + 4,
      );
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const y = doc.y;
      cells.forEach((c, i) => {
        doc.text(cellText(c), x(i), y, {
          width: (widths[i] ?? 0) - COLUMN_GAP,
          align: i === 0 ? "left" : "right",
          lineBreak: i === 0,
        });
      });
      doc.x = left;
      doc.y = y + height;
    };
    line(input.header, true);
    if (input.rows.length === 0) doc.font("Helvetica").text("Nothing in this period.", left, doc.y);
    for (const row of input.rows) line(row, isTotal(row));
    doc.end();
  });
}
