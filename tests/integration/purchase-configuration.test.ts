/**
 * The purchase dialog's "Payment Configuration Required" box (spec 001 section 8; issue 11, part 5.5):
 * a vendor is told "Payment system is not configured. Please contact support." and never sees the
 * names of the server's settings; a person who holds an administrator role sees which are missing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addRole, switchContext } from "~/commands/roles.server";
import { resetEnvForTests } from "~/env.server";
import { loader } from "~/routes/_app.credits._index";
import { useAppDatabase } from "../support/app";
import { type Engine, engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

const STRIPE_KEYS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_SINGLE",
  "STRIPE_PRICE_STARTER",
  "STRIPE_PRICE_PROFESSIONAL",
  "STRIPE_PRICE_BUSINESS",
  "STRIPE_API_BASE",
];
const saved = Object.fromEntries(STRIPE_KEYS.map((k) => [k, process.env[k]]));

async function purchaseDialog(cookie: string) {
  const request = new Request("http://localhost/credits?dialog=purchase", { headers: { Cookie: cookie } });
  const response = (await loader({ request, params: {}, context: {} })) as Response;
  expect(response.status).toBe(200);
  return (await response.json()) as { paymentsConfigured: boolean; missingConfiguration: string[] };
}

describe.each(engines)("purchase dialog without payment configuration on %s", (engine: Engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => {
    useAppDatabase(t.handle);
    // Stripe is not configured, except for the secret key.
    for (const key of STRIPE_KEYS) delete process.env[key];
    process.env.STRIPE_SECRET_KEY = "sk_test_purchase_configuration";
    resetEnvForTests();
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
  });

  it("a vendor is told to contact support, without the names of the missing settings", async () => {
    const vendor = await personWithRole(t.db, "vendor");
    const data = await purchaseDialog(vendor.cookie);
    expect(data.paymentsConfigured).toBe(false);
    expect(data.missingConfiguration).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/STRIPE_|publishable key|webhook secret/);
  });

  it("an administrator working as a vendor sees which settings are missing", async () => {
    const admin = await personWithRole(t.db, "admin");
    const { contextId } = await addRole(
      t.db,
      admin.id,
      { role_type: "vendor", title: "Test vendor", organization_name: "Test Org", responsibilities: [] },
      { verified: true },
    );
    expect(await switchContext(t.db, admin.id, contextId as string)).toBe(true);
    const data = await purchaseDialog(admin.cookie);
    expect(data.paymentsConfigured).toBe(false);
    expect(data.missingConfiguration).toContain("publishable key (STRIPE_PUBLISHABLE_KEY)");
    expect(data.missingConfiguration.join(" ")).not.toContain("STRIPE_SECRET_KEY");
  });
});
