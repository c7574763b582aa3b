import { dateLabel } from "./index";
import { formatMoney } from "./money";

/**
 * Reserve funds (issue 13, part 6; decision record 033): an association keeps one or more named
 * funds ("Capital reserve", "Roof reserve"), each moved by its own movements: a contribution (money
 * set aside, a transfer from the operating account), a withdrawal (paying for a replacement) and
 * interest. A fund's balance is the sum of its live movements, never typed, and a withdrawal (or the
 * voiding of money put in) may never take it below zero on any day.
 */

/**
 * "opening" is a balance brought forward (the money a fund held before its books were kept here):
 * it adds to the balance like a contribution, but it is not one, so a year of contributions (the
 * projection's fallback, issue 26) and a period's contributions leave it out; a period shows it in
 * its opening balance.
 */
export const MOVEMENT_KINDS = ["contribution", "withdrawal", "interest", "opening"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  contribution: "Contribution",
  withdrawal: "Withdrawal",
  interest: "Interest",
  opening: "Opening balance",
};

export const FUND_NAME_MAX = 80;

export const FUND_MESSAGES = {
  nameRequired: "Enter the fund's name",
  nameTooLong: `Keep the name under ${FUND_NAME_MAX} characters`,
  nameTaken: "The association already has a fund with this name",
  fundRequired: "Choose a fund",
  kindRequired: "Choose contribution, withdrawal, interest or opening balance",
} as const;

/** The clear refusal of a change that would take a fund below zero. */
export const belowZeroMessage = (fund: string, at: { date: string; balanceCents: number }) =>
  `A fund cannot go below zero: "${fund}" would have ${formatMoney(at.balanceCents)} on ${dateLabel(at.date)}`;

/** The movement's kind as a noun in a sentence ("Void this interest payment of ..."). */
const MOVEMENT_KIND_NOUNS: Record<MovementKind, string> = {
  contribution: "contribution",
  withdrawal: "withdrawal",
  interest: "interest payment",
  opening: "opening balance",
};

/**
 * The question asked before a movement is voided (the browser's confirm, or the page's own question
 * without JavaScript): "Void this contribution of $500.00 on Nov 3, 2026? It stays in the history as
 * voided." Spec 001 has no wording for it; it follows its delete confirms.
 */
export const voidMovementConfirm = (m: { kind: string; amountCents: number; date: string }) =>
  `Void this ${MOVEMENT_KIND_NOUNS[m.kind as MovementKind] ?? m.kind} of ${formatMoney(m.amountCents)} on ${dateLabel(m.date)}? It stays in the history as voided.`;

/** What a movement does to its fund's balance, in cents. */
export const signedCents = (m: { kind: string; amountCents: number }) =>
  m.kind === "withdrawal" ? -m.amountCents : m.amountCents;

export const fundBalance = (movements: readonly { kind: string; amountCents: number }[]) =>
  movements.reduce((sum, m) => sum + signedCents(m), 0);

/**
 * The lowest balance a fund reaches day by day (each day's movements taken together), with the day
 * it is first reached; null when there are no movements. Money put in and taken out on the same day
 * net out, so a withdrawal on the day of the contribution that pays for it is fine.
 */
export function lowestBalance(
  movements: readonly { kind: string; amountCents: number; date: string }[],
): { date: string; balanceCents: number } | null {
  const byDay = new Map<string, number>();
  for (const m of movements) byDay.set(m.date, (byDay.get(m.date) ?? 0) + signedCents(m));
  let balance = 0;
  let lowest: { date: string; balanceCents: number } | null = null;
  for (const day of [...byDay.keys()].sort()) {
    balance += byDay.get(day) ?? 0;
    if (!lowest || balance < lowest.balanceCents) lowest = { date: day, balanceCents: balance };
  }
  return lowest;
}

export interface FundPeriodSums {
  /** The balance before the period's first day. */
  openingCents: number;
  contributionCents: number;
  withdrawalCents: number;
  interestCents: number;
}

/** A fund over a period: what it opened with, what moved it, and what it closed with. */
export const fundPeriod = (s: FundPeriodSums) => ({
  ...s,
  closingCents: s.openingCents + s.contributionCents + s.interestCents - s.withdrawalCents,
});
