/** The four credit packages of spec 001 section 9. Prices are in US cents; bonus credits are 0 for all. */
export const CREDIT_PACKAGE_IDS = ["single", "starter", "professional", "business"] as const;
export type CreditPackageId = (typeof CREDIT_PACKAGE_IDS)[number];

export interface CreditPackage {
  id: CreditPackageId;
  name: string;
  credits: number;
  /** Price in US cents. */
  price: number;
  bonus_credits: number;
  popular: boolean;
  savings: string | null;
  description: string;
}

export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  {
    id: "single",
    name: "Single Credit",
    credits: 1,
    price: 999,
    bonus_credits: 0,
    popular: false,
    savings: null,
    description: "Pay as you go",
  },
  {
    id: "starter",
    name: "Starter Pack",
    credits: 5,
    price: 4000,
    bonus_credits: 0,
    popular: true,
    savings: "Save 20%",
    description: "Most Popular",
  },
  {
    id: "professional",
    name: "Professional Pack",
    credits: 10,
    price: 7000,
    bonus_credits: 0,
    popular: false,
    savings: "Save 30%",
    description: "For active vendors",
  },
  {
    id: "business",
    name: "Business Pack",
    credits: 25,
    price: 15000,
    bonus_credits: 0,
    popular: false,
    savings: "Save 40%",
    description: "For high-volume vendors",
  },
];

/** The package selected when the purchase dialog opens. */
export const DEFAULT_CREDIT_PACKAGE_ID: CreditPackageId = "professional";

export function findCreditPackage(id: string): CreditPackage | undefined {
  return CREDIT_PACKAGES.find((p) => p.id === id);
}

/** Total credits a package adds: credits plus bonus credits. */
export function packageTotalCredits(pkg: CreditPackage): number {
  return pkg.credits + pkg.bonus_credits;
}

/** A number of credits in words: "1 credit", "5 credits" (a package's "Single Credit (1 credit)"). */
export const creditCount = (n: number) => `${n} ${n === 1 ? "credit" : "credits"}`;

/** Cents as dollars with 2 decimals, e.g. 4000 -> "$40.00". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString("en-US")}.${String(abs % 100).padStart(2, "0")}`;
}

/** Price per credit in cents, rounded to the nearest cent: 4000 / 5 -> 800. */
export function pricePerCreditCents(pkg: CreditPackage): number {
  return Math.round(pkg.price / packageTotalCredits(pkg));
}
