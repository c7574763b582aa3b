import { type PlanPriceIds, PRICED_PLANS } from "@domain/billing/plans";
import { type PackagePriceIds, signatureFromTheFuture } from "@domain/credits/checkout";
import Stripe from "stripe";
import { env } from "~/env.server";

/**
 * Stripe for credit checkout: the configuration, what is missing from it, and a client created on first
 * use. Nothing here throws when keys are missing: callers ask `paymentsConfig()` and show the
 * specification's "Payment system is not configured" message instead.
 */
export type StripeSetting =
  | "STRIPE_SECRET_KEY"
  | "STRIPE_PUBLISHABLE_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_PRICE_SINGLE"
  | "STRIPE_PRICE_STARTER"
  | "STRIPE_PRICE_PROFESSIONAL"
  | "STRIPE_PRICE_BUSINESS";

export interface PaymentsConfig {
  secretKey: string | null;
  publishableKey: string | null;
  webhookSecret: string | null;
  prices: PackagePriceIds;
  apiBase: string | null;
  /** The settings a purchase needs that are not set; empty when checkout can run. */
  missing: StripeSetting[];
}

export function paymentsConfig(): PaymentsConfig {
  const e = env();
  const prices: PackagePriceIds = {
    single: e.STRIPE_PRICE_SINGLE,
    starter: e.STRIPE_PRICE_STARTER,
    professional: e.STRIPE_PRICE_PROFESSIONAL,
    business: e.STRIPE_PRICE_BUSINESS,
  };
  const required: [StripeSetting, string | undefined][] = [
    ["STRIPE_SECRET_KEY", e.STRIPE_SECRET_KEY],
    ["STRIPE_PUBLISHABLE_KEY", e.STRIPE_PUBLISHABLE_KEY],
    // Without it no payment could ever be credited: take no money then.
    ["STRIPE_WEBHOOK_SECRET", e.STRIPE_WEBHOOK_SECRET],
    ["STRIPE_PRICE_SINGLE", prices.single],
    ["STRIPE_PRICE_STARTER", prices.starter],
    ["STRIPE_PRICE_PROFESSIONAL", prices.professional],
    ["STRIPE_PRICE_BUSINESS", prices.business],
  ];
  return {
    secretKey: e.STRIPE_SECRET_KEY ?? null,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    prices,
    apiBase: e.STRIPE_API_BASE ?? null,
    missing: required.filter(([, value]) => !value).map(([name]) => name),
  };
}

/** What the purchase dialog's "Payment Configuration Required" box names (spec 001 section 8). */
export function missingSettingLabels(missing: readonly StripeSetting[]): string[] {
  const labels: Record<StripeSetting, string> = {
    STRIPE_SECRET_KEY: "secret key (STRIPE_SECRET_KEY)",
    STRIPE_PUBLISHABLE_KEY: "publishable key (STRIPE_PUBLISHABLE_KEY)",
    STRIPE_WEBHOOK_SECRET: "webhook secret (STRIPE_WEBHOOK_SECRET)",
    STRIPE_PRICE_SINGLE: "price id of the Single Credit package (STRIPE_PRICE_SINGLE)",
    STRIPE_PRICE_STARTER: "price id of the Starter Pack (STRIPE_PRICE_STARTER)",
    STRIPE_PRICE_PROFESSIONAL: "price id of the Professional Pack (STRIPE_PRICE_PROFESSIONAL)",
    STRIPE_PRICE_BUSINESS: "price id of the Business Pack (STRIPE_PRICE_BUSINESS)",
  };
  return missing.map((m) => labels[m]);
}

export interface BillingConfig {
  /** Stripe price ids by environment variable (domain/billing/plans.ts names them). */
  prices: PlanPriceIds;
  /** Subscriptions can be bought: a secret key and a webhook secret are set (each plan also needs its price). */
  enabled: boolean;
}

/** Subscription billing's configuration: apart from the credit packages', so neither blocks the other. */
export function billingConfig(): BillingConfig {
  const e = env() as unknown as Record<string, string | undefined>;
  const prices: PlanPriceIds = Object.fromEntries(PRICED_PLANS.map((p) => [p.priceEnv, e[p.priceEnv]]));
  return { prices, enabled: Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) };
}

let cached: { key: string; client: Stripe } | undefined;

/** Host, port and protocol of STRIPE_API_BASE, for a local Stripe-compatible server. */
export function stripeHostOptions(apiBase: string | null) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? ("http" as const) : ("https" as const);
  return { host: url.hostname, port: url.port || (protocol === "http" ? "80" : "443"), protocol };
}

/** The Stripe client, created on first use; null when no secret key is configured. */
export function getStripe(): Stripe | null {
  const config = paymentsConfig();
  if (!config.secretKey) return null;
  const key = `${config.secretKey}|${config.apiBase ?? ""}`;
  if (cached?.key !== key) {
    cached = {
      key,
      client: new Stripe(config.secretKey, {
        ...stripeHostOptions(config.apiBase),
        maxNetworkRetries: 2,
        timeout: 20_000,
        appInfo: { name: "Association Commons" },
        telemetry: false,
      }),
    };
  }
  return cached.client;
}

/** Verifies a webhook's signature (default tolerance 300 s) and parses it; throws when it is not Stripe's. */
export function constructWebhookEvent(rawBody: string, signature: string, secret: string): Stripe.Event {
  // Stripe's check refuses timestamps over 300 s old only; one from the future is refused too.
  if (signatureFromTheFuture(signature, Math.floor(Date.now() / 1000))) {
    throw new Error("Timestamp outside the tolerance zone (in the future)");
  }
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

export type { Stripe };
