import { VERIFY_HREF, verificationGate } from "./navigation";
import type { RoleType } from "./roles/types";
import { requiresVerification } from "./roles/verification";

/**
 * The onboarding nudge (spec 000 section 2.9): a dismissible, numbered checklist whose links depend
 * on the role. The specification's links, by role:
 *   BoardMember: /profile/edit, /board-room, /common-area/forums
 *   Manager: /profile/edit, /dashboard/rfps/new, /directory
 *   VendorCompany or VendorEmployee: /profile/edit, /rfps, /vendors/verification
 *   Any other role: /profile/edit, /common-area
 * Here /vendors/verification is /settings/verification and
 * /dashboard/rfps/new is /rfps/new (the old path redirects there).
 *
 * Only pages that exist are linked: a step whose page does not exist yet has `exists: false` and is
 * left out. When an area lands, flip its step to `exists: true` (and point `href` at the real page).
 */
export type NudgeStepId =
  | "profile"
  | "role"
  | "verification"
  | "board-room"
  | "forums"
  | "create-rfp"
  | "directory"
  | "browse-rfps"
  | "common-area";

export interface NudgeStepDefinition {
  id: NudgeStepId;
  title: string;
  description: string;
  href: string;
  /** Whether the page exists in the product today; steps to missing pages are not shown. */
  exists: boolean;
}

export const NUDGE_STEPS: Record<NudgeStepId, NudgeStepDefinition> = {
  profile: {
    id: "profile",
    title: "Complete your profile",
    description: "Add your location and a professional summary so others know who you are.",
    href: "/profile/edit",
    exists: true,
  },
  role: {
    id: "role",
    title: "Add your professional role",
    description: "Tell us which hat you wear so the right tools open up.",
    href: "/settings/roles",
    exists: true,
  },
  verification: {
    id: "verification",
    title: "Verify your role",
    description: "Submit a document or license number. Verification review takes about 1-2 business days.",
    href: "/settings/verification",
    exists: true,
  },
  "board-room": {
    id: "board-room",
    title: "Visit the Board Room",
    description: "Meetings, minutes and motions for your board.",
    href: "/board-room",
    exists: false,
  },
  forums: {
    id: "forums",
    title: "Join the forums",
    description: "Ask and answer questions with other board members.",
    href: "/common-area/forums",
    exists: false,
  },
  "create-rfp": {
    id: "create-rfp",
    title: "Create your first RFP",
    description: "Request proposals from verified vendors.",
    href: "/rfps/new",
    exists: true,
  },
  directory: {
    id: "directory",
    title: "Explore the directory",
    description: "Find and connect with professionals in your area.",
    href: "/directory",
    exists: false,
  },
  "browse-rfps": {
    id: "browse-rfps",
    title: "Browse available RFPs",
    description: "Find projects that match your expertise.",
    href: "/rfps",
    exists: true,
  },
  "common-area": {
    id: "common-area",
    title: "Explore the Common Area",
    description: "The community feed, forums and events.",
    href: "/common-area",
    exists: false,
  },
};

/** The role-specific steps, in the specification's order (the profile step comes first for all). */
const ROLE_STEPS: Record<"board_member" | "manager" | "vendor" | "default", NudgeStepId[]> = {
  board_member: ["board-room", "forums"],
  manager: ["create-rfp", "directory"],
  vendor: ["browse-rfps", "verification"],
  default: ["common-area"],
};

export interface NudgeFacts {
  /** The active role's type, or null before any role is added. */
  roleType: RoleType | null;
  /** The active role's verification status. */
  verificationStatus: string | null;
  profileComplete: boolean;
  hasRole: boolean;
  /** The person has written an RFP (a draft counts): "Create your first RFP" is done. */
  hasCreatedRfp?: boolean;
  /** The person has sent a proposal: they found an RFP to answer, so "Browse available RFPs" is done. */
  hasSubmittedProposal?: boolean;
}

export interface NudgeStep {
  id: NudgeStepId;
  number: number;
  title: string;
  description: string;
  href: string;
  done: boolean;
  /**
   * A step whose page needs a verified role, for a role not verified yet: the note says so
   * ("Verify to create") and `href` leads to the verification page instead.
   */
  note?: string;
}

/** A profile counts as complete with a name, a location and a professional summary or bio. */
export function isProfileComplete(profile: {
  fullName: string | null;
  location: string | null;
  professionalSummary: string | null;
  bio: string | null;
}): boolean {
  const filled = (v: string | null) => Boolean(v?.trim());
  return (
    filled(profile.fullName) &&
    filled(profile.location) &&
    (filled(profile.professionalSummary) || filled(profile.bio))
  );
}

/** The checklist for a person: numbered, with done marks, only steps whose page exists. */
export function nudgeSteps(facts: NudgeFacts): NudgeStep[] {
  const ids: NudgeStepId[] = ["profile"];
  if (!facts.hasRole) ids.push("role");
  const type = facts.roleType;
  const roleKey = type === "board_member" || type === "manager" || type === "vendor" ? type : "default";
  if (type && requiresVerification(type)) ids.push("verification");
  for (const id of ROLE_STEPS[roleKey]) if (!ids.includes(id)) ids.push(id);

  const verified = ["submitted", "verified", "not_required"].includes(facts.verificationStatus ?? "");
  const done: Partial<Record<NudgeStepId, boolean>> = {
    profile: facts.profileComplete,
    role: facts.hasRole,
    verification: verified,
    "create-rfp": Boolean(facts.hasCreatedRfp),
    "browse-rfps": Boolean(facts.hasSubmittedProposal),
  };
  // Creating an RFP takes a verified role (spec 001 section 6): until then the step leads to verifying.
  const createGate = verificationGate(
    facts.verificationStatus === null ? null : { status: facts.verificationStatus, isCurrent: true },
  );
  return ids
    .map((id) => NUDGE_STEPS[id])
    .filter((step) => step.exists)
    .map((step, index) => {
      const item: NudgeStep = {
        id: step.id,
        number: index + 1,
        title: step.title,
        description: step.description,
        href: step.href,
        done: done[step.id] ?? false,
      };
      if (step.id === "create-rfp" && !item.done && createGate !== "open" && createGate !== "hidden") {
        return { ...item, href: VERIFY_HREF, note: createGate };
      }
      return item;
    });
}
