import { type FinanceCategory, isIsoDate } from "./index";
import { parseMoney } from "./money";

/**
 * Importing a bank's CSV (issue 13, part 8): a file of date, description and amount lines becomes
 * income (positive amounts) and expenses (negative ones), each mapped to a category, after a preview
 * that marks duplicates (the same date, amount and description as a recorded transaction or an
 * earlier line of the file) and lists every line that cannot be read with its reason. Nothing is
 * written until the person confirms.
 */

export const IMPORT_MAX_MB = 10;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
/** The preview shows this many lines; the rest are counted and imported alike. */
export const IMPORT_PREVIEW_LINES = 200;

export const IMPORT_MESSAGES = {
  noFile: "Choose a CSV file",
  tooLarge: `The file must be smaller than ${IMPORT_MAX_MB} MB`,
  notText: "The file is not a CSV text file",
  noHeader: "The first line must name the columns: Date, Description and Amount",
  empty: "The file has no lines to import",
  date: "The date is not a date (use YYYY-MM-DD or MM/DD/YYYY)",
  amount: "The amount is not an amount (like -1,234.56)",
  zero: "The amount is zero",
  description: "The description is empty",
  columns: "The line has fewer columns than the header",
  confirmed: "This import was already confirmed",
} as const;

/**
 * RFC 4180 CSV: fields separated by commas, lines by CRLF or LF, a field in double quotes may hold
 * commas, quotes (doubled) and line breaks. Blank lines are skipped. Each row keeps its line number.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const endRow = () => {
    cells.push(field);
    if (!(cells.length === 1 && cells[0]?.trim() === "")) rows.push({ line: rowLine, cells });
    cells = [];
    field = "";
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (quoted) {
      if (c === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === "\n") line++;
        field += c;
      }
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      cells.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && body[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else field += c;
  }
  if (field !== "" || cells.length > 0) endRow();
  return rows;
}

export interface BankLine {
  line: number;
  date: string;
  description: string;
  /** Signed: negative money leaves the account (an expense). */
  amountCents: number;
}

export interface LineError {
  line: number;
  message: string;
  text: string;
}

const HEADERS = {
  date: ["date", "posted date", "transaction date", "posting date"],
  description: ["description", "memo", "payee", "details", "name"],
  amount: ["amount", "amount (usd)", "value"],
};

function toIsoDate(text: string): string | null {
  const t = text.trim();
  if (isIsoDate(t)) return t;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (us) {
    const iso = `${us[3]}-${us[1]?.padStart(2, "0")}-${us[2]?.padStart(2, "0")}`;
    if (isIsoDate(iso)) return iso;
  }
  return null;
}

/** The file's lines read against its header; every line that cannot be read becomes an error. */
export function readBankCsv(text: string): { lines: BankLine[]; errors: LineError[] } | { fatal: string } {
  const rows = parseCsv(text);
  const header = rows[0];
  if (!header) return { fatal: IMPORT_MESSAGES.empty };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const col = (key: keyof typeof HEADERS) => names.findIndex((n) => HEADERS[key].includes(n));
  const at = { date: col("date"), description: col("description"), amount: col("amount") };
  if (at.date < 0 || at.description < 0 || at.amount < 0) return { fatal: IMPORT_MESSAGES.noHeader };
  const lines: BankLine[] = [];
  const errors: LineError[] = [];
  const width = Math.max(at.date, at.description, at.amount) + 1;
  for (const row of rows.slice(1)) {
    const text = row.cells.join(",").slice(0, 200);
    if (row.cells.length < width) {
      errors.push({ line: row.line, message: IMPORT_MESSAGES.columns, text });
      continue;
    }
    const date = toIsoDate(row.cells[at.date] ?? "");
    if (!date) {
      errors.push({ line: row.line, message: IMPORT_MESSAGES.date, text });
      continue;
    }
    const description = (row.cells[at.description] ?? "").trim().replace(/\s+/g, " ").slice(0, 500);
    if (!description) {
      errors.push({ line: row.line, message: IMPORT_MESSAGES.description, text });
      continue;
    }
    const amount = parseMoney(row.cells[at.amount] ?? "", { allowNegative: true });
    if (!amount.ok) {
      errors.push({ line: row.line, message: IMPORT_MESSAGES.amount, text });
      continue;
    }
    if (amount.cents === 0) {
      errors.push({ line: row.line, message: IMPORT_MESSAGES.zero, text });
      continue;
    }
    lines.push({ line: row.line, date, description, amountCents: amount.cents });
  }
  if (lines.length === 0 && errors.length === 0) return { fatal: IMPORT_MESSAGES.empty };
  return { lines, errors };
}

/** What makes two transactions the same for duplicate detection: date, amount and description. */
export const duplicateKey = (t: { date: string; amountCents: number; description: string }) =>
  `${t.date}|${t.amountCents}|${t.description.trim().toLowerCase()}`;

const KEYWORDS: [RegExp, FinanceCategory][] = [
  [/reserve/i, "reserves"],
  [/insur/i, "insurance"],
  [/electric|power|energy|water|sewer|gas|trash|recycl|utilit|teco|fpl/i, "utilities"],
  [/landscap|lawn|mow|tree|palm|irrigat|grounds/i, "landscaping"],
  [/management|manager/i, "management"],
  [/repair|maint|plumb|elevator|roof|paint|hvac|pool|pest/i, "maintenance"],
];

/** A category for a bank line by the words of its description, else the chosen default. */
export function guessCategory(description: string, fallback: FinanceCategory): FinanceCategory {
  return KEYWORDS.find(([re]) => re.test(description))?.[1] ?? fallback;
}

export interface PlannedLine extends BankLine {
  type: "income" | "expense";
  category: FinanceCategory;
  duplicate: boolean;
}

/**
 * The preview: each readable line with its type, a category, and whether it duplicates a recorded
 * transaction (`existing` keys, signed as recorded: expenses negative) or an earlier line of the file.
 */
export function planImport(
  lines: readonly BankLine[],
  existing: ReadonlySet<string>,
  fallback: FinanceCategory,
) {
  const seen = new Set<string>();
  return lines.map((l): PlannedLine => {
    const key = duplicateKey(l);
    const duplicate = existing.has(key) || seen.has(key);
    seen.add(key);
    return {
      ...l,
      type: l.amountCents < 0 ? "expense" : "income",
      category: guessCategory(l.description, fallback),
      duplicate,
    };
  });
}
