import { CsvError, parse } from "csv-parse/sync";
import { type BankLine, IMPORT_MESSAGES, type LineError } from "./import";
import { isIsoDate } from "./index";
import { parseMoney } from "./money";

/**
 * Reading a bank's CSV file for the import (./import): server-side only, since csv-parse uses Node's
 * Buffer when its module loads; a page that imported this would fail to hydrate.
 */

/**
 * RFC 4180 CSV through csv-parse: fields separated by commas, lines by CRLF, LF or CR, a field in
 * double quotes may hold commas, quotes (doubled) and line breaks; a byte-order mark is dropped; a
 * quote inside an unquoted field is kept as text. Blank lines are skipped. Each row keeps the number of
 * the line it starts on. A quoted field left open to the end of the file is the one file that cannot
 * be read ("unreadable"); every other line is read and judged by readBankCsv.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] | { unreadable: true } {
  let records: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    // With info and raw, each record comes as { record, raw, info } (the typings say string[][]).
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      record_delimiter: ["\r\n", "\n", "\r"],
      info: true,
      raw: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) return { unreadable: true };
    throw error;
  }
  // Line numbers are counted over each record's raw text (blank lines before it, its own line breaks
  // inside quotes and its end), so a CRLF counts once wherever it stands.
  const breaks = (t: string) => t.match(/\r\n|\n|\r/g)?.length ?? 0;
  let line = 1;
  const rows: { line: number; cells: string[] }[] = [];
  for (const r of records) {
    const blank = /^[\r\n]*/.exec(r.raw)?.[0] ?? "";
    const start = line + breaks(blank);
    line += breaks(r.raw);
    if (r.record.length === 1 && r.record[0]?.trim() === "") continue;
    rows.push({ line: start, cells: r.record });
  }
  return rows;
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
  if (!Array.isArray(rows)) return { fatal: IMPORT_MESSAGES.unreadable };
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
