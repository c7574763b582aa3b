import { formatMoney, percentRounded, prorate } from "./money";

/**
 * The reserve study (issue 13, part 6): the components the reserves will replace (a roof, elevators,
 * paving), each with its useful life, remaining life and replacement cost, give the fully funded
 * balance (each component's cost times the share of its life already used) and the percent funded
 * (the reserve balance over the fully funded balance), the standard measure of a reserve study. The
 * projection runs 20 years of planned contributions against the replacements as they fall due, in
 * today's dollars (no inflation or interest is assumed).
 */

export const COMPONENT_NAME_MAX = 120;
export const LIFE_MAX_YEARS = 100;
export const PROJECTION_YEARS = 20;

export const RESERVE_MESSAGES = {
  nameRequired: "Enter the component's name",
  usefulLife: `Enter a useful life from 1 to ${LIFE_MAX_YEARS} years`,
  remainingLife: "Enter a remaining life from 0 years up to its useful life",
  costRequired: "Enter the replacement cost",
} as const;

export interface ReserveComponent {
  usefulLifeYears: number;
  remainingLifeYears: number;
  replacementCostCents: number;
}

/**
 * The question asked before a component is removed from the study (the browser's confirm, or the
 * Reserves tab's own question without JavaScript): "Remove the component “Roof” from the reserve
 * study?" Spec 001 has no wording for it; it follows its delete confirms.
 */
export const removeComponentConfirm = (c: { name: string }) =>
  `Remove the component “${c.name}” from the reserve study?`;

/** The remaining life may not exceed the useful life; both whole years. */
export function checkComponent(
  c: ReserveComponent,
): { ok: true } | { ok: false; field: string; message: string } {
  if (!Number.isInteger(c.usefulLifeYears) || c.usefulLifeYears < 1 || c.usefulLifeYears > LIFE_MAX_YEARS)
    return { ok: false, field: "useful_life", message: RESERVE_MESSAGES.usefulLife };
  if (
    !Number.isInteger(c.remainingLifeYears) ||
    c.remainingLifeYears < 0 ||
    c.remainingLifeYears > c.usefulLifeYears
  )
    return { ok: false, field: "remaining_life", message: RESERVE_MESSAGES.remainingLife };
  return { ok: true };
}

/** A component's fully funded share: cost × (useful − remaining) / useful, in cents. */
export const fullyFundedShare = (c: ReserveComponent) =>
  prorate(c.replacementCostCents, c.usefulLifeYears - c.remainingLifeYears, c.usefulLifeYears);

export const fullyFundedBalance = (components: readonly ReserveComponent[]) =>
  components.reduce((sum, c) => sum + fullyFundedShare(c), 0);

/**
 * Percent funded in whole percent, rounded half up (63.87% is 64%: the page, the CSV and the PDF all
 * show this one figure, and its strength is read from it); 100 when nothing is due to be funded yet
 * and the balance is not negative.
 */
export function percentFunded(balanceCents: number, fullyFundedCents: number): number {
  if (fullyFundedCents <= 0) return balanceCents >= 0 ? 100 : 0;
  return percentRounded(balanceCents, fullyFundedCents);
}

/** The usual reading of percent funded: 70% or more strong, 30% to 69% fair, under 30% weak. */
export function fundingStrength(percent: number): "strong" | "fair" | "weak" {
  if (percent >= 70) return "strong";
  if (percent >= 30) return "fair";
  return "weak";
}

export interface ProjectionYear {
  /** 1 is the coming year. */
  year: number;
  contributionCents: number;
  replacementCents: number;
  endBalanceCents: number;
}

/**
 * 20 years of the reserve balance: each year adds the planned contribution and pays the replacements
 * due that year. A component with remaining life r is replaced in year max(r, 1) (one already at the
 * end of its life is replaced in the coming year), then every useful life after.
 */
export function projectReserves(
  balanceCents: number,
  annualContributionCents: number,
  components: readonly ReserveComponent[],
  years = PROJECTION_YEARS,
): ProjectionYear[] {
  const out: ProjectionYear[] = [];
  let balance = balanceCents;
  for (let year = 1; year <= years; year++) {
    let replacement = 0;
    for (const c of components) {
      const first = Math.max(c.remainingLifeYears, 1);
      if (year >= first && (year - first) % c.usefulLifeYears === 0) replacement += c.replacementCostCents;
    }
    balance += annualContributionCents - replacement;
    out.push({
      year,
      contributionCents: annualContributionCents,
      replacementCents: replacement,
      endBalanceCents: balance,
    });
  }
  return out;
}

/** A fund as the projection's contribution sees it. */
export interface FundContributionPlan {
  name: string;
  /** The planned monthly contribution the manager set, in cents; null when none is set. */
  plannedMonthlyCents: number | null;
  /** Its contributions of the last 12 months, in cents (opening balances are not contributions). */
  lastYearCents: number;
}

/**
 * Where the projection's yearly contribution comes from: every fund's plan ("planned"), the last 12
 * months of contributions of funds without a plan ("recent"), both ("mixed"), or no funds ("none").
 */
export type ContributionSource = "planned" | "recent" | "mixed" | "none";

export interface YearlyContribution {
  annualCents: number;
  source: ContributionSource;
  /** The planned monthly contributions added up, and the funds that have one. */
  plannedMonthlyCents: number;
  plannedFunds: string[];
  /** The last 12 months' contributions of the funds without a plan, and those funds. */
  recentCents: number;
  recentFunds: string[];
}

/**
 * The projection's yearly contribution (issue 26): 12 times each fund's planned monthly contribution;
 * a fund without a plan counts with its contributions of the last 12 months (never its opening
 * balance, which is money brought forward once, not a yearly habit).
 */
export function yearlyContribution(funds: readonly FundContributionPlan[]): YearlyContribution {
  const planned = funds.filter((f) => f.plannedMonthlyCents !== null);
  const recent = funds.filter((f) => f.plannedMonthlyCents === null);
  const plannedMonthlyCents = planned.reduce((sum, f) => sum + (f.plannedMonthlyCents ?? 0), 0);
  const recentCents = recent.reduce((sum, f) => sum + f.lastYearCents, 0);
  const source: ContributionSource =
    funds.length === 0 ? "none" : recent.length === 0 ? "planned" : planned.length === 0 ? "recent" : "mixed";
  return {
    annualCents: plannedMonthlyCents * 12 + recentCents,
    source,
    plannedMonthlyCents,
    plannedFunds: planned.map((f) => f.name),
    recentCents,
    recentFunds: recent.map((f) => f.name),
  };
}

const listNames = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * The sentence under the projection that says which contribution it used: "Based on planned
 * contributions of $26,000/month ($312,000 a year)."
 */
export function contributionBasis(c: YearlyContribution): string {
  const whole = (cents: number) => formatMoney(cents, { whole: true });
  const recent = "the last 12 months of contributions, excluding opening balances";
  switch (c.source) {
    case "planned":
      return `Based on planned contributions of ${whole(c.plannedMonthlyCents)}/month (${whole(c.annualCents)} a year).`;
    case "recent":
      return `Based on ${recent} (${whole(c.annualCents)} a year): no fund has a planned monthly contribution.`;
    case "mixed":
      return `Based on planned contributions of ${whole(c.plannedMonthlyCents)}/month for ${listNames(c.plannedFunds)} and, for ${listNames(c.recentFunds)}, ${recent} (${whole(c.recentCents)}): ${whole(c.annualCents)} a year.`;
    case "none":
      return "No reserve funds yet: the projection assumes no contributions.";
    default: {
      const never: never = c.source;
      return never;
    }
  }
}
