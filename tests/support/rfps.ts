import { type RfpFields, RfpFieldsSchema } from "@domain/rfp";

export const DAY = 86_400_000;
/** An ISO instant `days` from now. */
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** Valid RFP fields (a parking lot resealing in Tampa, public, due in 14 days), changed by `patch`. */
export const rfpFields = (patch: Partial<RfpFields> = {}): RfpFields =>
  RfpFieldsSchema.parse({
    title: "Parking lot resealing",
    category: "maintenance",
    description: "Reseal and restripe the north and south parking lots.",
    proposal_deadline: inDays(14),
    budget_type: "range",
    budget_min: 10_000,
    budget_max: 20_000,
    visibility: "public",
    organization_name: "Bayview Towers Condominium",
    location_city: "Tampa",
    location_state: "FL",
    ...patch,
  });
