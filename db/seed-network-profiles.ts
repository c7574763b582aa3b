import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "./client";
import { userProfiles } from "./schema";

/**
 * Demo profiles (issue 28): every demo account has a username already (given at sign-up, or by the
 * migration's backfill); here each gets a professional summary and years of experience where it has
 * none, and a location in "City, ST" form (the directory's state and city filters read it).
 */
const DEMO_PROFILES: Record<string, { summary: string; years: number; location: string }> = {
  "admin@demo.test": {
    summary: "Runs the Association Commons platform: member verification, support and community standards.",
    years: 12,
    location: "Miami, FL",
  },
  "board@demo.test": {
    summary:
      "Board president at Bayview Towers. Focused on reserve funding, transparent budgets and seawall repairs.",
    years: 8,
    location: "Tampa, FL",
  },
  "manager@demo.test": {
    summary:
      "Licensed community association manager (CAM) for mid-rise condominiums and HOAs across Central Florida.",
    years: 15,
    location: "Orlando, FL",
  },
  "vendor@demo.test": {
    summary:
      "Commercial roofing and waterproofing contractor serving condominium associations in South Florida.",
    years: 20,
    location: "Miami, FL",
  },
  "vendor2@demo.test": {
    summary: "Landscaping, irrigation and tree care for gated communities on the Gulf Coast.",
    years: 6,
    location: "Naples, FL",
  },
  "homeowner@demo.test": {
    summary: "Unit owner at Bayview Towers and member of the landscaping committee.",
    years: 3,
    location: "Sarasota, FL",
  },
  "attorney@demo.test": {
    summary:
      "Community association attorney: governing documents, collections, and Chapter 718 and 720 compliance.",
    years: 18,
    location: "Fort Lauderdale, FL",
  },
  "cpa@demo.test": {
    summary: "CPA for associations: annual audits, reserve studies review and budget preparation.",
    years: 14,
    location: "St. Petersburg, FL",
  },
  "treasurer@demo.test": {
    summary: "Board treasurer. Keeps the association's books, reserves and insurance renewals on schedule.",
    years: 5,
    location: "Tampa, FL",
  },
  "secretary@demo.test": {
    summary: "Board secretary: agendas, minutes and owner communications.",
    years: 4,
    location: "Tampa, FL",
  },
  "director@demo.test": {
    summary: "Board director overseeing maintenance and capital projects.",
    years: 7,
    location: "Orlando, FL",
  },
  "other@demo.test": {
    summary: "Insurance broker specializing in condominium master policies and windstorm coverage.",
    years: 10,
    location: "Clearwater, FL",
  },
};

export async function seedNetworkProfiles(db: Database, ids: Map<string, string>) {
  for (const [email, demo] of Object.entries(DEMO_PROFILES)) {
    const userId = ids.get(email);
    if (!userId) continue;
    await db
      .update(userProfiles)
      .set({ professionalSummary: demo.summary, yearsExperience: demo.years })
      .where(and(eq(userProfiles.id, userId), isNull(userProfiles.professionalSummary)));
    await db
      .update(userProfiles)
      .set({ location: demo.location })
      .where(and(eq(userProfiles.id, userId), isNull(userProfiles.location)));
  }
}
