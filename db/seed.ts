import { and, eq } from "drizzle-orm";
import { createAccount } from "../app/commands/accounts.server";
import { grantComplimentaryPlan, type SubscriptionSubject } from "../app/commands/billing.server";
import { executeCreditsCommand } from "../app/commands/credits.server";
import { findCreditPackage } from "../domain/credits";
import type { Database } from "./client";
import { subscriptions, users } from "./schema";
import { seedAssociations } from "./seed-associations";
import { seedCalendar } from "./seed-calendar";
import { seedCommunityComments } from "./seed-community-comments";
import { seedCommunityEvents } from "./seed-community-events";
import { seedCommunityForums } from "./seed-community-forums";
import { seedCommunityLive } from "./seed-community-live";
import { seedCommunityPosts } from "./seed-community-posts";
import { seedDocuments } from "./seed-documents";
import { seedFinance } from "./seed-finance";
import { seedLearning } from "./seed-learning";
import { seedLegal } from "./seed-legal";
import { seedMeetings } from "./seed-meetings";
import { seedModeration } from "./seed-moderation";
import { seedNetworkConnections } from "./seed-network-connections";
import { seedNetworkMessages } from "./seed-network-messages";
import { seedNetworkProfiles } from "./seed-network-profiles";
import { seedNetworkSkills } from "./seed-network-skills";
import { seedRfps } from "./seed-rfps";
import { seedRoles } from "./seed-roles";

/** Demo accounts; the README lists them. Every password is the same demo password. */
export const DEMO_PASSWORD = "demo-password-2026";

export const DEMO_ACCOUNTS = [
  { email: "admin@demo.test", full_name: "Avery Admin", location: "Miami, FL", note: "system administrator" },
  { email: "board@demo.test", full_name: "Blair Board", location: "Tampa, FL", note: "board member" },
  {
    email: "manager@demo.test",
    full_name: "Morgan Manager",
    location: "Orlando, FL",
    note: "property manager",
  },
  { email: "vendor@demo.test", full_name: "Val Vendor", location: "Miami, FL", note: "vendor with credits" },
  {
    email: "vendor2@demo.test",
    full_name: "Vic Vendor",
    location: "Naples, FL",
    note: "vendor, low balance",
  },
  {
    email: "homeowner@demo.test",
    full_name: "Harper Homeowner",
    location: "Sarasota, FL",
    note: "homeowner",
  },
  {
    email: "attorney@demo.test",
    full_name: "Alex Attorney",
    location: "Fort Lauderdale, FL",
    note: "attorney",
  },
  { email: "cpa@demo.test", full_name: "Casey CPA", location: "St. Petersburg, FL", note: "CPA" },
  {
    email: "treasurer@demo.test",
    full_name: "Taylor Treasurer",
    location: "Tampa, FL",
    note: "board member",
  },
  { email: "secretary@demo.test", full_name: "Sam Secretary", location: "Tampa, FL", note: "board member" },
  { email: "director@demo.test", full_name: "Dana Director", location: "Orlando, FL", note: "board member" },
  {
    email: "other@demo.test",
    full_name: "Omar Other",
    location: "Clearwater, FL",
    note: "other professional",
  },
] as const;

async function ensureAccount(db: Database, account: (typeof DEMO_ACCOUNTS)[number]) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  if (existing) return existing.id;
  const created = await createAccount(
    db,
    {
      email: account.email,
      password: DEMO_PASSWORD,
      full_name: account.full_name,
      location: account.location,
    },
    // Demo accounts sign in straight away: their addresses count as confirmed.
    { emailConfirmed: true },
  );
  return created.id;
}

async function purchase(db: Database, vendorId: string, packageId: string, checkoutSessionId: string) {
  const pkg = findCreditPackage(packageId);
  if (!pkg) throw new Error(`Unknown package ${packageId}`);
  await executeCreditsCommand(
    db,
    {
      type: "PurchaseCredits",
      vendorId,
      checkoutSessionId,
      package: pkg,
      amountPaid: pkg.price,
      currency: "usd",
    },
    {
      idempotencyKey: `seed:${checkoutSessionId}`,
      metadata: { actorUserId: vendorId, correlationId: "seed" },
    },
  );
}

/**
 * Seeds the demo accounts and the vendors' credit history by running the same commands the app runs,
 * so every balance comes from appended events. Idempotent: accounts are matched by e-mail and every
 * credit command carries an idempotency key.
 */
export async function seed(db: Database): Promise<void> {
  const ids = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) ids.set(account.email, await ensureAccount(db, account));
  const vendor = ids.get("vendor@demo.test") as string;
  const vendor2 = ids.get("vendor2@demo.test") as string;
  const admin = ids.get("admin@demo.test") as string;
  await seedRoles(db, ids);

  await purchase(db, vendor, "professional", "cs_demo_vendor_professional");
  await executeCreditsCommand(
    db,
    { type: "GrantBonusCredits", vendorId: vendor, amount: 2, reason: "Welcome bonus", grantedBy: admin },
    { idempotencyKey: "seed:bonus:vendor", metadata: { actorUserId: admin, correlationId: "seed" } },
  );
  await purchase(db, vendor, "starter", "cs_demo_vendor_starter");
  await purchase(db, vendor2, "single", "cs_demo_vendor2_single");
  await seedRfps(db, ids);
  const associations = await seedAssociations(db, ids);
  await seedDocuments(db, ids, associations);
  await seedMeetings(db, ids);
  await seedCalendar(db, ids, associations);
  await seedFinance(db, ids, associations);
  // Plans (issue 14, part 5): the demo associations run on a complimentary Association plan, and the
  // demo manager and the demo vendor (vendor@demo.test: its analytics) on a complimentary Professional
  // plan, granted by the demo administrator for a year; vendor2@demo.test stays on Free.
  for (const associationId of associations.values()) {
    await seedComplimentaryPlan(db, { type: "association", id: associationId }, "association", admin);
  }
  for (const email of ["manager@demo.test", "vendor@demo.test"]) {
    await seedComplimentaryPlan(db, { type: "user", id: ids.get(email) as string }, "professional", admin);
  }
  await seedNetworkProfiles(db, ids);
  await seedNetworkConnections(db, ids);
  await seedNetworkMessages(db, ids);
  await seedNetworkSkills(db, ids);
  await seedCommunityEvents(db, ids, associations);
  await seedCommunityPosts(db, ids);
  await seedCommunityComments(db, ids);
  await seedModeration(db, ids);
  await seedCommunityForums(db, ids);
  await seedCommunityLive(db, ids);
  await seedLearning(db, ids);
  await seedLegal(db);
}

async function seedComplimentaryPlan(
  db: Database,
  subject: SubscriptionSubject,
  planId: "professional" | "association",
  admin: string,
) {
  const [existing] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.subjectType, subject.type), eq(subscriptions.subjectId, subject.id)));
  if (existing) return;
  const granted = await grantComplimentaryPlan(db, {
    subject,
    planId,
    endsAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    reason: "Demo data",
    grantedBy: admin,
  });
  if (!granted.ok) throw new Error(`Seeding a ${planId} plan failed: ${granted.error.message}`);
}
