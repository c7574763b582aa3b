import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client";
import { append } from "../../db/event-store";
import {
  BUDGET_TYPES,
  RFP_CATEGORIES,
  RFP_STREAM_TYPE,
  type RfpEvent,
  RfpFieldsSchema,
  rfpStreamId,
  US_STATES,
} from "../../domain/rfp";

const SUBJECTS = [
  "roof replacement",
  "pool resurfacing",
  "parking lot resealing",
  "landscaping maintenance",
  "elevator modernization",
  "exterior painting",
  "gate access control",
  "riser pipe repair",
  "HVAC replacement",
  "janitorial services",
  "balcony restoration",
  "fire alarm inspection",
  "window cleaning",
  "reserve study",
  "annual audit",
  "security patrol",
  "pest control",
  "generator maintenance",
  "concrete restoration",
  "waterproofing",
];
const PLACES = [
  "Bayview",
  "Palm Harbor",
  "Sunset Palms",
  "Harbor Pointe",
  "Coral Ridge",
  "Seagrass",
  "Oak Hollow",
];
const CITIES = [
  "Tampa",
  "Miami",
  "Orlando",
  "Naples",
  "Sarasota",
  "Clearwater",
  "Jacksonville",
  "Fort Myers",
];

/** A deterministic pseudo-random generator, so every run searches the same data. */
function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Words the search benchmark looks for (each matches a share of the RFPs). */
export const SEARCH_TERMS = [
  "roof",
  "pool",
  "painting",
  "elevator",
  "landscaping",
  "audit",
  "security",
  "concrete",
];

/**
 * Appends `count` published RFPs (RfpDrafted then RfpPublished, through the event store so the
 * projections are the real ones) by `authorId`, 200 RFPs per transaction.
 */
export async function seedPublishedRfps(db: Database, authorId: string, count: number, now = Date.now()) {
  const random = generator(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const at = new Date(now).toISOString();
  for (let done = 0; done < count; ) {
    const size = Math.min(200, count - done);
    const appends = Array.from({ length: size }, () => {
      const rfpId = randomUUID();
      const subject = pick(SUBJECTS);
      const place = pick(PLACES);
      const min = Math.round(random() * 200) * 1000;
      const fields = RfpFieldsSchema.parse({
        title: `${subject[0]?.toUpperCase()}${subject.slice(1)} at ${place}`,
        category: pick(RFP_CATEGORIES),
        description: `${place} association requests proposals for ${subject}. Work includes planning, permits, materials and cleanup, coordinated with the manager.`,
        scope_of_work: `Full ${subject} scope for ${place}: inspection, proposal, execution and warranty.`,
        organization_name: `${place} Condominium Association`,
        location_city: pick(CITIES),
        location_state: random() < 0.8 ? "FL" : pick(US_STATES),
        proposal_deadline: new Date(now + (1 + Math.floor(random() * 60)) * 86_400_000).toISOString(),
        budget_type: pick(BUDGET_TYPES.filter((t) => t !== "hourly")),
        budget_min: min,
        budget_max: min + Math.round(random() * 100) * 1000,
        visibility: random() < 0.9 ? "public" : "members_only",
      });
      const events: RfpEvent[] = [
        { type: "RfpDrafted", data: { rfpId, authorId, authorContextId: null, fields, draftedAt: at } },
        { type: "RfpPublished", data: { rfpId, fields, publishedBy: authorId, publishedAt: at } },
      ];
      return { streamId: rfpStreamId(rfpId), streamType: RFP_STREAM_TYPE, expectedVersion: 0, events };
    });
    await append(db, appends);
    done += size;
  }
}
