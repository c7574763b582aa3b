import {
  cancelRfp,
  createRfp,
  executeRfpCommand,
  proposalIdFor,
  reviewProposalCommand,
  saveProposal,
  submitProposalCommand,
  withdrawProposalCommand,
} from "../app/commands/rfps.server";
import { type ProposalFields, ProposalFieldsSchema } from "../domain/proposal";
import { type RfpFields, RfpFieldsSchema } from "../domain/rfp";
import type { Database } from "./client";
import { rfps } from "./schema";

const DAY = 86_400_000;

interface DemoRfp {
  key: string;
  author: "board" | "manager";
  fields: Partial<RfpFields> & { title: string };
  /** Days from the seed until the proposal deadline. */
  deadlineDays: number;
  state: "draft" | "published" | "cancelled";
  /** What the demo vendor (vendor@demo.test) does with it, ending in this proposal status. */
  vendorBid?: "draft" | "submitted" | "under_review" | "accepted" | "rejected" | "withdrawn";
}

const base = {
  budget_type: "range",
  visibility: "public",
  location_state: "FL",
  property_type: "condominium",
} as const;

/** Published RFPs across categories and states, with the demo vendor's proposals in every status. */
export const DEMO_RFPS: DemoRfp[] = [
  {
    key: "roof",
    author: "manager",
    deadlineDays: 21,
    state: "published",
    vendorBid: "submitted",
    fields: {
      ...base,
      title: "Roof replacement for Building A",
      category: "roofing",
      short_description: "Tear-off and replacement of a 24,000 sq ft flat roof.",
      description:
        "Gulf Coast Management seeks a licensed roofing contractor to replace the flat roof of Building A at Palm Harbor Villas, a 96-unit condominium.",
      scope_of_work:
        "Remove the existing built-up roof down to the deck, repair deck damage, install a new TPO membrane system with tapered insulation, replace flashing and drains, and provide a 20-year manufacturer warranty. Work must be scheduled around residents and coordinated with the property manager.",
      organization_name: "Gulf Coast Management",
      property_name: "Palm Harbor Villas",
      location_city: "Clearwater",
      location_zip: "33755",
      budget_min: 180_000,
      budget_max: 240_000,
      require_insurance: true,
      require_license: true,
      insurance_requirements: {
        general_liability: { required: true, minimum: 1_000_000 },
        workers_compensation: { required: true, minimum: 500_000 },
      },
      estimated_duration_days: 45,
    },
  },
  {
    key: "landscaping",
    author: "board",
    deadlineDays: 12,
    state: "published",
    vendorBid: "under_review",
    fields: {
      ...base,
      title: "Annual landscaping and grounds maintenance",
      category: "landscaping",
      description:
        "Bayview Towers Condominium requests proposals for weekly grounds maintenance, seasonal plantings and irrigation care for 2027.",
      scope_of_work:
        "Weekly mowing and edging, monthly shrub trimming, quarterly mulch, irrigation inspections.",
      organization_name: "Bayview Towers Condominium",
      property_name: "Bayview Towers",
      location_city: "Tampa",
      budget_min: 36_000,
      budget_max: 48_000,
    },
  },
  {
    key: "pool",
    author: "manager",
    deadlineDays: 30,
    state: "published",
    vendorBid: "accepted",
    fields: {
      ...base,
      title: "Pool resurfacing and tile replacement",
      category: "maintenance",
      description: "Resurface the community pool and replace the waterline tile at Sunset Palms HOA.",
      organization_name: "Gulf Coast Management",
      property_name: "Sunset Palms",
      location_city: "St. Petersburg",
      budget_type: "fixed",
      budget_max: 42_000,
    },
  },
  {
    key: "security",
    author: "board",
    deadlineDays: 9,
    state: "published",
    vendorBid: "rejected",
    fields: {
      ...base,
      title: "Gate access control system upgrade",
      category: "security",
      description:
        "Replace the card readers and the gate controller at both entrances with a cloud-managed system.",
      organization_name: "Bayview Towers Condominium",
      location_city: "Tampa",
      budget_min: 25_000,
      budget_max: 40_000,
    },
  },
  {
    key: "painting",
    author: "manager",
    deadlineDays: 18,
    state: "published",
    vendorBid: "withdrawn",
    fields: {
      ...base,
      title: "Exterior painting of three buildings",
      category: "painting",
      description: "Pressure wash, repair stucco cracks and repaint the exteriors of buildings 1 to 3.",
      organization_name: "Gulf Coast Management",
      property_name: "Harbor Pointe",
      location_city: "Sarasota",
      budget_min: 90_000,
      budget_max: 130_000,
    },
  },
  {
    key: "plumbing",
    author: "board",
    deadlineDays: 25,
    state: "published",
    vendorBid: "draft",
    fields: {
      ...base,
      title: "Riser pipe inspection and repairs",
      category: "plumbing",
      description:
        "Camera inspection of all cast-iron risers and a proposal for lining or replacement where needed.",
      organization_name: "Bayview Towers Condominium",
      location_city: "Tampa",
      budget_type: "hourly",
      budget_hourly_rate: 150,
    },
  },
  {
    key: "elevator",
    author: "manager",
    deadlineDays: 2,
    state: "published",
    fields: {
      ...base,
      title: "Elevator modernization study",
      category: "consulting",
      description:
        "An engineering study of the two hydraulic elevators with options and costs for modernization.",
      organization_name: "Gulf Coast Management",
      location_city: "Clearwater",
      budget_type: "not_to_exceed",
      budget_max: 15_000,
    },
  },
  {
    key: "audit",
    author: "board",
    deadlineDays: 6,
    state: "published",
    fields: {
      ...base,
      title: "Annual financial audit for fiscal year 2026",
      category: "financial",
      visibility: "members_only",
      description:
        "Audited financial statements for the association as required by Florida Statute 718.111(13).",
      organization_name: "Bayview Towers Condominium",
      location_city: "Tampa",
      budget_min: 8_000,
      budget_max: 12_000,
    },
  },
  {
    key: "hvac",
    author: "manager",
    deadlineDays: 40,
    state: "draft",
    fields: {
      ...base,
      title: "Clubhouse HVAC replacement",
      category: "hvac",
      description: "Replace the two rooftop units serving the clubhouse.",
      organization_name: "Gulf Coast Management",
    },
  },
  {
    key: "cleaning",
    author: "board",
    deadlineDays: 15,
    state: "cancelled",
    fields: {
      ...base,
      title: "Common area janitorial services",
      category: "cleaning",
      description: "Daily cleaning of lobbies, hallways, the fitness room and the clubhouse.",
      organization_name: "Bayview Towers Condominium",
      location_city: "Tampa",
      budget_min: 30_000,
      budget_max: 45_000,
    },
  },
];

const demoBid = (rfp: DemoRfp): ProposalFields =>
  ProposalFieldsSchema.parse({
    total_price:
      rfp.fields.budget_type === "hourly"
        ? 135
        : Math.round(
            ((rfp.fields.budget_min ?? rfp.fields.budget_max ?? 10_000) + (rfp.fields.budget_max ?? 10_000)) /
              2,
          ),
    timeline_days: rfp.fields.estimated_duration_days ?? 30,
    cover_letter:
      "Val's Roofing & Restoration has served Florida associations since 2009. We carry full insurance, hold a state contractor's license and can start within two weeks of award.",
    insurance_carrier: "Sunshine Mutual",
    general_liability_coverage: 2_000_000,
    workers_compensation_coverage: 1_000_000,
    license_number: "CCC1331234",
    license_state: "FL",
  });

function check(outcome: { ok: boolean; error?: unknown }, what: string) {
  if (!outcome.ok) throw new Error(`Seeding ${what} failed: ${JSON.stringify(outcome.error)}`);
}

/**
 * Demo RFPs and proposals, written through the same commands the app runs (so as events). Runs once:
 * skipped when any RFP exists.
 */
export async function seedRfps(db: Database, ids: Map<string, string>, now: Date = new Date()) {
  const [existing] = await db.select({ id: rfps.id }).from(rfps).limit(1);
  if (existing) return;
  const authors = {
    board: ids.get("board@demo.test") as string,
    manager: ids.get("manager@demo.test") as string,
  };
  const vendor = { userId: ids.get("vendor@demo.test") as string, verifiedVendor: true };
  for (const demo of DEMO_RFPS) {
    const actor = { userId: authors[demo.author], isAdmin: false };
    const fields = RfpFieldsSchema.parse({
      ...demo.fields,
      proposal_deadline: new Date(now.getTime() + demo.deadlineDays * DAY).toISOString(),
    });
    const created = await createRfp(db, { actor, mayCreate: true, authorContextId: null, fields });
    check(created, `RFP ${demo.key}`);
    if (!created.ok) continue;
    const rfpId = created.result.rfpId;
    if (demo.state === "draft") continue;
    check(await executeRfpCommand(db, rfpId, { type: "PublishRfp", actor }), `publishing ${demo.key}`);
    const bid = demoBid(demo);
    const proposalId = proposalIdFor(rfpId, vendor.userId);
    const review = async (type: "Shortlist" | "Accept" | "Reject") =>
      check(
        await reviewProposalCommand(db, {
          rfpId,
          reviewer: actor,
          command:
            type === "Reject"
              ? { type, proposalId, reason: "We chose a bid closer to our budget." }
              : { type, proposalId },
        }),
        `${type} on ${demo.key}`,
      );
    switch (demo.vendorBid) {
      case "draft":
        check(await saveProposal(db, { rfpId, vendor, fields: bid }), `draft on ${demo.key}`);
        break;
      case undefined:
        break;
      default:
        check(await submitProposalCommand(db, { rfpId, vendor, fields: bid }), `bid on ${demo.key}`);
        if (demo.vendorBid === "under_review") await review("Shortlist");
        if (demo.vendorBid === "accepted") await review("Accept");
        if (demo.vendorBid === "rejected") await review("Reject");
        if (demo.vendorBid === "withdrawn")
          check(
            await withdrawProposalCommand(db, { proposalId, vendorId: vendor.userId }),
            `withdraw on ${demo.key}`,
          );
    }
    if (demo.state === "cancelled") {
      check(
        await cancelRfp(db, { rfpId, actor, reason: "The board decided to keep this in-house." }),
        `cancel ${demo.key}`,
      );
    }
  }
}
