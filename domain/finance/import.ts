import type { FinanceCategory } from "./index";

/**
 * Importing a bank's CSV (issue 13, part 8): a file of date, description and amount lines becomes
 * income (positive amounts) and expenses (negative ones), each mapped to a category, after a preview
 * that marks duplicates (the same date, amount and description as a recorded transaction or an
 * earlier line of the file) and lists every line that cannot be read with its reason. Nothing is
 * written until the person confirms. The file is read by ./bank-csv (csv-parse, which needs Node's
 * Buffer): this module is the pages' half, imported by the browser too.
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
  unreadable: "The file cannot be read as CSV: a quoted field is not closed",
  confirmed: "This import was already confirmed",
} as const;

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
