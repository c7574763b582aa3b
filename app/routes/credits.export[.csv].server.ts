import { HISTORY_CSV_HEADER, type HistoryRow, TRANSACTION_TYPE_LABELS } from "@domain/credits/history";
import { DEFAULT_TIME_ZONE, isoInTimeZone } from "@domain/rfp/time";
import { stringify } from "csv-stringify/sync";

/*
 * Server only: csv-stringify is a Node library, and domain/credits/history.ts is also bundled for the
 * browser (the history dialog's filters and labels).
 */

/**
 * CSV as the history export writes it (RFC 4180, csv-stringify): CRLF line ends; a field quoted when it
 * holds a comma, quote or line break, quotes doubled; a text field that a spreadsheet would read as a
 * formula (=, +, -, @, tab, carriage return first) prefixed with an apostrophe (OWASP CSV injection
 * advice); numbers written as they are.
 */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return stringify(rows as (string | number | null | undefined)[][], {
    record_delimiter: "windows",
    escape_formulas: true,
    quoted_match: /[\r\n]/,
  });
}

/** One CSV field, as toCsv writes it. */
export function csvField(value: string | number | null | undefined): string {
  return toCsv([[value]]).replace(/\r\n$/, "");
}

/** The history as CSV text with CRLF line ends and a header row; dates in the viewer's time zone. */
export function historyCsv(rows: readonly HistoryRow[], timeZone: string = DEFAULT_TIME_ZONE): string {
  return toCsv([
    HISTORY_CSV_HEADER,
    ...rows.map((r) => [
      isoInTimeZone(r.created_at, timeZone),
      TRANSACTION_TYPE_LABELS[r.type] ?? r.type,
      r.description,
      r.reference_id,
      r.reference_type,
      r.amount,
    ]),
  ]);
}
