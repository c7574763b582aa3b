/**
 * Portfolio completeness (spec 002 section 3, Stats.portfolio_completeness; section 9, the bar's colours),
 * computed from the profile. Pure.
 *
 * Weights (sum 100):
 *   full name 10, avatar 10, professional summary (or bio) 15, location 10, years of experience 10,
 *   website 5, at least one role 15, at least three skills 15, at least one endorsement received 10.
 */

export interface CompletenessFacts {
  fullName: string | null;
  avatarUrl: string | null;
  summary: string | null;
  location: string | null;
  yearsExperience: number | null;
  websiteUrl: string | null;
  roles: number;
  skills: number;
  endorsementsReceived: number;
}

export const COMPLETENESS_WEIGHTS = [
  { key: "fullName", label: "Add your full name", weight: 10 },
  { key: "avatar", label: "Add a profile photo", weight: 10 },
  { key: "summary", label: "Write a professional summary", weight: 15 },
  { key: "location", label: "Add your location", weight: 10 },
  { key: "years", label: "Add your years of experience", weight: 10 },
  { key: "website", label: "Add your website", weight: 5 },
  { key: "role", label: "Add a professional role", weight: 15 },
  { key: "skills", label: "Add at least 3 skills", weight: 15 },
  { key: "endorsement", label: "Receive an endorsement", weight: 10 },
] as const;

export type CompletenessKey = (typeof COMPLETENESS_WEIGHTS)[number]["key"];

const filled = (value: string | null) => typeof value === "string" && value.trim().length > 0;

function met(key: CompletenessKey, f: CompletenessFacts): boolean {
  switch (key) {
    case "fullName":
      return filled(f.fullName);
    case "avatar":
      return filled(f.avatarUrl);
    case "summary":
      return filled(f.summary);
    case "location":
      return filled(f.location);
    case "years":
      return f.yearsExperience !== null && f.yearsExperience >= 0;
    case "website":
      return filled(f.websiteUrl);
    case "role":
      return f.roles >= 1;
    case "skills":
      return f.skills >= 3;
    case "endorsement":
      return f.endorsementsReceived >= 1;
  }
}

/** The score (0 to 100) and what is still missing, in the order of the weights. */
export function portfolioCompleteness(facts: CompletenessFacts): {
  score: number;
  missing: { key: CompletenessKey; label: string; weight: number }[];
} {
  let score = 0;
  const missing: { key: CompletenessKey; label: string; weight: number }[] = [];
  for (const item of COMPLETENESS_WEIGHTS) {
    if (met(item.key, facts)) score += item.weight;
    else missing.push({ key: item.key, label: item.label, weight: item.weight });
  }
  return { score, missing };
}

/** Spec 002 section 9: the bar is success at 80+, warning at 60+, else error. */
export function completenessTone(score: number): "success" | "warning" | "error" {
  if (score >= 80) return "success";
  if (score >= 60) return "warning";
  return "error";
}
