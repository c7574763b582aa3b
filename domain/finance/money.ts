/**
 * Money as integer cents (issue 13, part 1): every amount the finance pages read, store, add up and
 * show is a whole number of cents, never a float. Inputs accept "1,234.56", "$1,234.56", "1234.5" and
 * "1234"; budgets are whole dollars (spec 001 section 7: "budget inputs are whole numbers").
 */

/** The largest amount one entry may hold: $1,000,000,000.00 (far beyond any association's budget). */
export const MAX_CENTS = 100_000_000_000;

export const MONEY_MESSAGES = {
  invalid: "Enter an amount like 1,234.56",
  /** A whole-dollar field (budgets, replacement costs, the approval threshold) shows a whole-dollar example. */
  invalidWhole: "Enter an amount like 1,234",
  wholeDollars: "Enter a whole number of dollars",
  tooLarge: "The amount is too large",
  positive: "The amount must be more than zero",
} as const;

export type MoneyParse = { ok: true; cents: number } | { ok: false; message: string };

// Digits with optional thousands separators in groups of three, or plain digits; up to two decimals.
const AMOUNT = /^(?<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?<fraction>\d{0,2}))?$/;

/**
 * Parses a typed amount into cents without a float: "1,234.56" -> 123456. A leading "$" and spaces
 * are allowed; a leading "-" only when `allowNegative` (an imported bank line). More than two
 * decimals, misplaced separators and anything else are refused with the message to show.
 */
export function parseMoney(input: string, options: { allowNegative?: boolean } = {}): MoneyParse {
  let text = input.trim().replace(/\s+/g, "");
  let negative = false;
  if (options.allowNegative && (text.startsWith("-") || (text.startsWith("(") && text.endsWith(")")))) {
    negative = true;
    text = text.startsWith("-") ? text.slice(1) : text.slice(1, -1);
  }
  if (text.startsWith("$")) text = text.slice(1);
  if (options.allowNegative && !negative && text.startsWith("-")) {
    negative = true;
    text = text.slice(1);
  }
  const match = AMOUNT.exec(text);
  if (!match?.groups) return { ok: false, message: MONEY_MESSAGES.invalid };
  const whole = (match.groups.whole ?? "").replaceAll(",", "");
  const fraction = (match.groups.fraction ?? "").padEnd(2, "0");
  if (whole.length > 12) return { ok: false, message: MONEY_MESSAGES.tooLarge };
  const cents = Number(whole) * 100 + Number(fraction);
  if (cents > MAX_CENTS) return { ok: false, message: MONEY_MESSAGES.tooLarge };
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents };
}

/** Parses a whole-dollar amount ("12,000" or "12000"; "12,000.00" too) into cents. */
export function parseWholeDollars(input: string): MoneyParse {
  const parsed = parseMoney(input);
  if (!parsed.ok) {
    if (parsed.message !== MONEY_MESSAGES.invalid) return parsed;
    return {
      ok: false,
      message: /^\$?\s*[\d,]+\.\d+$/.test(input.trim())
        ? MONEY_MESSAGES.wholeDollars
        : MONEY_MESSAGES.invalidWhole,
    };
  }
  if (parsed.cents % 100 !== 0) return { ok: false, message: MONEY_MESSAGES.wholeDollars };
  return parsed;
}

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * Formats cents as US dollars from the integer alone: 123456 -> "$1,234.56", -500 -> "-$5.00".
 * `whole` drops the cents (rounded half away from zero), as the spec shows budgets and totals
 * ("Money in USD without decimals"; transaction lists show 2 decimals).
 */
export function formatMoney(cents: number, options: { whole?: boolean } = {}): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  if (options.whole) {
    const dollars = Math.floor(abs / 100) + (abs % 100 >= 50 ? 1 : 0);
    return `${sign}$${group(String(dollars))}`;
  }
  const dollars = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, "0");
  return `${sign}$${group(String(dollars))}.${rest}`;
}

/** Cents as the plain text an input shows ("1234.56"; whole dollars without decimals). */
export function centsToInput(cents: number, options: { whole?: boolean } = {}): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  if (options.whole) return `${sign}${dollars}`;
  return `${sign}${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** Adds amounts of cents, refusing anything that is not a safe integer (a float never slips in). */
export function sumCents(amounts: Iterable<number>): number {
  let total = 0;
  for (const a of amounts) {
    if (!Number.isSafeInteger(a)) throw new RangeError(`Not a whole number of cents: ${a}`);
    total += a;
    if (!Number.isSafeInteger(total)) throw new RangeError("The total is out of range");
  }
  return total;
}

/**
 * `part` of `whole` in whole percent, rounded down (79.99% is 79, still under the 80% warning), from
 * integers alone. A zero `whole` is 0% when nothing was spent and 100% otherwise.
 */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return part > 0 ? 100 : 0;
  return Number((BigInt(Math.max(0, part)) * 100n) / BigInt(whole));
}

/**
 * `part` of `whole` in whole percent, rounded half up (63.87% is 64, 63.5% is 64), from integers
 * alone: a measure read as a figure (percent funded), not a threshold test. A negative part is 0%;
 * a zero `whole` is 0% when the part is zero and 100% otherwise.
 */
export function percentRounded(part: number, whole: number): number {
  if (whole <= 0) return part > 0 ? 100 : 0;
  return Number((BigInt(Math.max(0, part)) * 200n + BigInt(whole)) / (BigInt(whole) * 2n));
}

/** `cents * numerator / denominator`, rounded half up, in integers (a budget prorated over days). */
export function prorate(cents: number, numerator: number, denominator: number): number {
  if (denominator <= 0) return 0;
  const n = BigInt(cents) * BigInt(numerator) * 2n + BigInt(denominator);
  return Number(n / (BigInt(denominator) * 2n));
}
