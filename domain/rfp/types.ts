/**
 * RFP enumerations and constants of spec 001 sections 3 and 9. Pure data: the wizard, the search and the
 * event schemas read them from here.
 */

export const RFP_STATUSES = ["draft", "published", "closed", "cancelled"] as const;
export type RfpStatus = (typeof RFP_STATUSES)[number];

/** Creation categories (spec 001 section 3). */
export const RFP_CATEGORIES = [
  "maintenance",
  "landscaping",
  "cleaning",
  "security",
  "painting",
  "roofing",
  "plumbing",
  "electrical",
  "hvac",
  "construction",
  "legal",
  "financial",
  "management",
  "consulting",
  "insurance",
  "technology",
  "other",
] as const;
export type RfpCategory = (typeof RFP_CATEGORIES)[number];

export const RFP_CATEGORY_LABELS: Record<RfpCategory, string> = {
  maintenance: "Maintenance",
  landscaping: "Landscaping",
  cleaning: "Cleaning",
  security: "Security",
  painting: "Painting",
  roofing: "Roofing",
  plumbing: "Plumbing",
  electrical: "Electrical",
  hvac: "HVAC",
  construction: "Construction",
  legal: "Legal",
  financial: "Financial",
  management: "Management",
  consulting: "Consulting",
  insurance: "Insurance",
  technology: "Technology",
  other: "Other",
};

export const BUDGET_TYPES = [
  "range",
  "fixed",
  "hourly",
  "not_to_exceed",
  "cost_plus",
  "undisclosed",
] as const;
export type BudgetType = (typeof BUDGET_TYPES)[number];

export const BUDGET_TYPE_LABELS: Record<BudgetType, string> = {
  range: "Budget range",
  fixed: "Fixed price",
  hourly: "Hourly rate",
  not_to_exceed: "Not to exceed",
  cost_plus: "Cost plus",
  undisclosed: "Undisclosed",
};

export const RFP_VISIBILITIES = ["public", "members_only", "private"] as const;
export type RfpVisibility = (typeof RFP_VISIBILITIES)[number];

export const RFP_VISIBILITY_LABELS: Record<RfpVisibility, string> = {
  public: "Public (all verified vendors)",
  members_only: "Members only (platform members)",
  private: "Private (invitation only)",
};

/** The 50 US state codes (spec 001 section 3: location state). */
/** Spec 001 section 3: the property types a search filters by (section 2.2, Location & Property). */
export const PROPERTY_TYPES = [
  { id: "condominium", label: "Condominium" },
  { id: "townhouse", label: "Townhouse" },
  { id: "single_family_hoa", label: "Single Family HOA" },
  { id: "commercial", label: "Commercial" },
  { id: "mixed_use", label: "Mixed Use" },
  { id: "cooperative", label: "Cooperative" },
  { id: "mobile_home_park", label: "Mobile Home Park" },
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number]["id"];
export const PROPERTY_TYPE_IDS = PROPERTY_TYPES.map((p) => p.id) as [PropertyType, ...PropertyType[]];

export const US_STATES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
] as const;
export type UsState = (typeof US_STATES)[number];

/** Spec 001 section 9. */
export const RFP_LIMITS = {
  shortDescriptionMax: 150,
  zipMax: 10,
  maxProposals: { min: 1, max: 200, default: 50 },
  evaluationPeriodDays: { min: 1, max: 90, default: 14 },
  estimatedDurationDaysMin: 1,
  attachments: { maxFiles: 10, maxFileMb: 50 },
  autoSaveMs: 30_000,
  titleMin: 5,
  descriptionMin: 20,
  /** Text fields without a limit in the spec get a generous one so nothing unbounded is stored. */
  textMax: 20_000,
  titleMax: 200,
} as const;

/** The wizard's six steps (spec 001 section 2.5). */
export const RFP_WIZARD_STEPS = [
  { id: "basic", label: "Basic Information" },
  { id: "location", label: "Location & Timeline" },
  { id: "budget", label: "Budget & Scope" },
  { id: "requirements", label: "Requirements" },
  { id: "settings", label: "Settings" },
  { id: "review", label: "Review & Publish" },
] as const;
export type RfpWizardStepId = (typeof RFP_WIZARD_STEPS)[number]["id"];

/** Urgency thresholds in days (spec 001 sections 2.4 and 9). */
export const URGENT_WITHIN_DAYS = 3;
export const HOT_WITHIN_DAYS = 7;
/** Scope text longer than this gets a show-more control. */
export const SCOPE_SHOW_MORE_AT = 200;

/** The form the edit page of a published RFP posts: only what may still change (spec 001 section 4). */
export const PUBLISHED_FORM = "published" as const;
