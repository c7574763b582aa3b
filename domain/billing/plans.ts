/**
 * The plan catalogue (issue 14, part 1): the one list of plans, prices and what each unlocks. The
 * pricing page, checkout (which Stripe price a plan is), the billing page and the server's plan limits
 * all read it. Prices are US cents. Pure: no I/O, no clock.
 */

export const PLAN_IDS = ["free", "professional", "association"] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** The plans a person can pay for (Free is what everybody has without a subscription). */
export const PAID_PLAN_IDS = ["professional", "association"] as const;
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Who a plan is bought for: a person (their profile) or one association. */
export type PlanSubjectType = "user" | "association";

export const PLAN_FEATURES = [
  "saved_searches",
  "vendor_analytics",
  "featured_listing",
  "course_discount",
  "board_room",
  "financials",
  "documents",
  "association_calendar",
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export interface PlanPrice {
  interval: BillingInterval;
  /** Cents per interval. */
  amount: number;
  /** The name of the environment variable that holds this price's Stripe price id. */
  priceEnv: string;
}

export interface Plan {
  id: PlanId;
  name: string;
  subject: PlanSubjectType;
  tagline: string;
  prices: readonly PlanPrice[];
  /** Days of free trial a new subscription starts with (0: none). */
  trialDays: number;
  /**
   * What the plan unlocks, including features whose area is not built yet (FEATURE_AVAILABLE); only
   * the available ones are offered, listed or unlocked (offeredFeatures).
   */
  features: readonly PlanFeature[];
  /** What the plan includes, as the pricing page lists it: only what works today. */
  includes: readonly string[];
}

export const FEATURE_LABELS: Record<PlanFeature, string> = {
  saved_searches: "Saved RFP searches with e-mail alerts for new matching RFPs",
  vendor_analytics: "Vendor analytics beyond the basic dashboard",
  featured_listing: "Featured placement in the directory",
  course_discount: "20% off paid courses in the Learning Hub",
  board_room: "The board room: meetings, agendas, motions and minutes",
  financials: "Financials: budgets, reserves and reports",
  documents: "The document library with versions and access by role",
  association_calendar: "The association calendar with invitations and feeds",
};

/**
 * Whether each feature's area exists in the product. The product rule: a feature that is not built
 * yet is not offered. An unavailable feature stays in its plan's `features` (its id is kept for the
 * code that will use it) but is not listed on /pricing or /settings/billing, not sold by checkout and
 * not unlocked by hasFeature. There is no directory yet (featured placement) and no Learning Hub with
 * paid courses (the discount): flip the flag when the area ships.
 */
export const FEATURE_AVAILABLE: Record<PlanFeature, boolean> = {
  saved_searches: true,
  vendor_analytics: true,
  featured_listing: false,
  course_discount: false,
  board_room: true,
  financials: true,
  documents: true,
  association_calendar: true,
};

/** The features a plan offers today: those whose area exists, in the catalogue's order. */
export function offeredFeatures(plan: Pick<Plan, "features">): PlanFeature[] {
  return plan.features.filter((f) => FEATURE_AVAILABLE[f]);
}

const offered = (features: readonly PlanFeature[]) =>
  features.filter((f) => FEATURE_AVAILABLE[f]).map((f) => FEATURE_LABELS[f]);

const PROFESSIONAL_FEATURES: readonly PlanFeature[] = [
  "saved_searches",
  "vendor_analytics",
  "featured_listing",
  "course_discount",
];
const ASSOCIATION_FEATURES: readonly PlanFeature[] = [
  "board_room",
  "financials",
  "documents",
  "association_calendar",
];

export const PLANS: readonly Plan[] = [
  {
    id: "free",
    name: "Free",
    subject: "user",
    tagline: "For everyone, for as long as you are a member",
    prices: [],
    trialDays: 0,
    features: [],
    includes: [
      "An account with every professional role you hold",
      "Verification of the roles that need it",
      "Creating and publishing RFPs; vendors propose with credits",
      "The community, learning and office areas as they open",
    ],
  },
  {
    id: "professional",
    name: "Professional",
    subject: "user",
    tagline: "For managers, vendors and board members who work in the field every day",
    prices: [
      { interval: "month", amount: 1900, priceEnv: "STRIPE_PRICE_PRO_MONTHLY" },
      { interval: "year", amount: 19000, priceEnv: "STRIPE_PRICE_PRO_YEARLY" },
    ],
    trialDays: 0,
    features: PROFESSIONAL_FEATURES,
    includes: offered(PROFESSIONAL_FEATURES),
  },
  {
    id: "association",
    name: "Association",
    subject: "association",
    tagline: "Per association: everything its board and manager run together",
    prices: [
      { interval: "month", amount: 7900, priceEnv: "STRIPE_PRICE_ASSOCIATION_MONTHLY" },
      { interval: "year", amount: 79000, priceEnv: "STRIPE_PRICE_ASSOCIATION_YEARLY" },
    ],
    trialDays: 30,
    features: ASSOCIATION_FEATURES,
    includes: offered(ASSOCIATION_FEATURES),
  },
];

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export function planName(id: string): string {
  return findPlan(id)?.name ?? "Free";
}

export function planPrice(planId: string, interval: string): PlanPrice | undefined {
  return findPlan(planId)?.prices.find((p) => p.interval === interval);
}

/** Every (plan, interval) that has a Stripe price, with its environment variable. */
export const PRICED_PLANS = PLANS.flatMap((plan) =>
  plan.prices.map((price) => ({ planId: plan.id as PaidPlanId, ...price })),
);

/** Stripe price ids by environment variable name (unset: not configured). */
export type PlanPriceIds = Partial<Record<string, string>>;

/** The (plan, interval) a Stripe price id stands for, by the configured ids; undefined: not ours. */
export function planOfPrice(
  priceId: string | null | undefined,
  ids: PlanPriceIds,
): { planId: PaidPlanId; interval: BillingInterval; amount: number } | undefined {
  if (!priceId) return undefined;
  const found = PRICED_PLANS.find((p) => ids[p.priceEnv] === priceId);
  return found ? { planId: found.planId, interval: found.interval, amount: found.amount } : undefined;
}

export type PlanCheckoutCheck =
  | { ok: true; plan: Plan; price: PlanPrice; priceId: string }
  | { ok: false; code: "invalid_plan" | "not_configured" };

/**
 * What a checkout request may buy: the browser names only a plan and an interval; the Stripe price id
 * comes from the configuration of that catalogue entry, and the plan must fit who it is bought for.
 */
export function checkPlanCheckout(
  request: { planId: string; interval: string; subject: PlanSubjectType },
  ids: PlanPriceIds,
): PlanCheckoutCheck {
  const plan = findPlan(request.planId);
  const price = plan?.prices.find((p) => p.interval === request.interval);
  // A plan that offers nothing built yet is not sold.
  if (!plan || !price || plan.subject !== request.subject || offeredFeatures(plan).length === 0)
    return { ok: false, code: "invalid_plan" };
  const priceId = ids[price.priceEnv];
  if (!priceId) return { ok: false, code: "not_configured" };
  return { ok: true, plan, price, priceId };
}

/** The saving of paying yearly rather than twelve months, in whole per cent (0 when none). */
export function yearlySavingPercent(plan: Plan): number {
  const month = plan.prices.find((p) => p.interval === "month");
  const year = plan.prices.find((p) => p.interval === "year");
  if (!month || !year) return 0;
  return Math.round((1 - year.amount / (month.amount * 12)) * 100);
}

export const INTERVAL_LABELS: Record<BillingInterval, { per: string; adjective: string }> = {
  month: { per: "month", adjective: "Monthly" },
  year: { per: "year", adjective: "Yearly" },
};

/**
 * What a plan's checkout button says. A person's first subscription to a plan with a trial starts
 * that trial ("Start 30-day trial, then $19.00/month"). An association's trial is its own 30 days from
 * its creation (Checkout keeps the days left of it), so it is never offered a new one: while its trial
 * runs the button says the plan starts being charged when the trial ends; after it, an upgrade.
 * `priceText` is the formatted price ("$99.00").
 */
export function checkoutButtonLabel(
  plan: Pick<Plan, "name" | "subject" | "trialDays">,
  price: Pick<PlanPrice, "interval">,
  priceText: string,
  offer: { hadPlan: boolean; ownTrialDaysLeft: number },
): string {
  const { per, adjective } = INTERVAL_LABELS[price.interval];
  const cost = `${priceText}/${per}`;
  if (plan.subject === "association") {
    return offer.ownTrialDaysLeft > 0 && !offer.hadPlan
      ? `Upgrade to ${plan.name} ${adjective}: ${cost} when the trial ends`
      : `Upgrade to ${plan.name} ${adjective}: ${cost}`;
  }
  return plan.trialDays > 0 && !offer.hadPlan
    ? `Start ${plan.trialDays}-day trial, then ${cost}`
    : `Upgrade to ${plan.name} ${adjective}: ${cost}`;
}

/** An association's own trial as its status shows it: "Trial, 12 days left" ("1 day left"). */
export const trialStatusText = (daysLeft: number) =>
  `Trial, ${daysLeft} ${daysLeft === 1 ? "day" : "days"} left`;
