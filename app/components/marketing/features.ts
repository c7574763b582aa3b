import { DEFAULT_PROPOSAL_CREDIT_COST } from "@domain/credits/status";

/**
 * The five features the marketing pages present (spec 000 section 1), with what each does per the
 * specification and which parts are open in the app today. Pages for the parts still being built
 * describe them without linking into routes that do not exist yet.
 */
export const FEATURE_SLUGS = [
  "rfp-hub",
  "learning-hub",
  "professional-center",
  "common-area",
  "the-office",
] as const;
export type FeatureSlug = (typeof FEATURE_SLUGS)[number];

export interface FeatureCapability {
  title: string;
  body: string;
}

export interface Feature {
  slug: FeatureSlug;
  name: string;
  /** One line for menus and cards. */
  summary: string;
  /** The opening paragraph of the feature's page. */
  intro: string;
  /** Who it is for. */
  audience: string;
  capabilities: FeatureCapability[];
  /** "available": people can use it today; "building": described by the specification, arriving soon. */
  status: "available" | "partial" | "building";
  /** What a visitor can do with it today, in one or two sentences. */
  today: string;
}

export const FEATURES: readonly Feature[] = [
  {
    slug: "rfp-hub",
    name: "RFP Hub",
    summary:
      "Boards and managers publish requests for proposals; verified vendors answer them with proposals paid for with credits.",
    intro:
      "A marketplace for association work. Board members and property managers describe a project once, in a guided six-step request for proposals, and verified vendors answer it with priced proposals.",
    audience:
      "Board members and property managers who buy services; vendors and contractors who provide them.",
    capabilities: [
      {
        title: "A six-step RFP wizard",
        body: "Basic information, location and timeline, budget and scope, requirements, settings, then review and publish. Drafts save as you go, and attachments are checked by content before they are stored.",
      },
      {
        title: "Proposals from verified vendors",
        body: "Only vendors whose role has been verified can submit proposals. Authors cannot bid on their own RFPs, and a proposal cannot arrive after the deadline.",
      },
      {
        title: "Vendor credits",
        body: `Vendors buy credits in packages through a secure hosted card checkout. Submitting one proposal costs ${DEFAULT_PROPOSAL_CREDIT_COST} credit${DEFAULT_PROPOSAL_CREDIT_COST === 1 ? "" : "s"} by default, and every purchase and spend appears in the credit history.`,
      },
      {
        title: "Deadlines you can see",
        body: "Every RFP shows its due date, and RFPs closing within days are tagged urgent or hot, so vendors answer in time.",
      },
    ],
    status: "partial",
    today:
      "Board members and property managers can create and publish RFPs with the wizard today, and vendors can buy credits and read their credit history. Browsing RFPs and submitting proposals are arriving next.",
  },
  {
    slug: "learning-hub",
    name: "Learning Hub",
    summary:
      "Courses, learning paths, certifications and streaks for everyone who runs or serves an association.",
    intro:
      "Continuing education built for association work: courses you can take at your own pace, learning paths that group them toward a goal, and certifications that others can verify.",
    audience: "Board members, managers and every professional who wants to keep their knowledge current.",
    capabilities: [
      {
        title: "Courses",
        body: "Each course shows its difficulty, duration, price (free courses say so) and rating. Pick up an enrolled course where you left off.",
      },
      {
        title: "Learning paths",
        body: "Paths put several courses in order toward a goal, and show how far along you are.",
      },
      {
        title: "Certifications",
        body: "Completing a certification course earns a certificate with its own number, which anyone can verify.",
      },
      {
        title: "Streaks and progress",
        body: "A learning dashboard with your learning streak, courses completed, learning time, certifications and a weekly activity strip.",
      },
    ],
    status: "building",
    today:
      "The Learning Hub is being built. Create a free account now and it will appear in your menu when it opens.",
  },
  {
    slug: "professional-center",
    name: "Professional Center",
    summary: "Your profile, portfolio, skills and endorsements, with every professional role you hold.",
    intro:
      "One professional profile for people who wear several hats. Hold a role as a board member, a manager, a vendor, an attorney, a CPA or a homeowner, each with its own context and permissions, and switch between them from the user menu.",
    audience: "Every member: the profile is how other professionals find you and decide to work with you.",
    capabilities: [
      {
        title: "Several professional roles",
        body: "Each role has its own context with its own permission flags, so what you can do depends on the hat you are wearing right now.",
      },
      {
        title: "Verified professionals",
        body: "Roles that need it are verified by documents, a license or registration number, or a manual review, and a verified role shows as such.",
      },
      {
        title: "Skills and endorsements",
        body: "Keep a skills profile and ask colleagues to endorse your skills, with the working relationship behind each endorsement.",
      },
      {
        title: "Portfolio and networking",
        body: "Show your work in a portfolio, build a network of connections and see who you could connect with next.",
      },
    ],
    status: "partial",
    today:
      "Profiles, professional roles with their permissions, the role switcher and verification work today. Skills, endorsements, portfolios and networking are being built.",
  },
  {
    slug: "common-area",
    name: "Common Area",
    summary: "The community: social feed, forums, Q&A, industry news, events, messages and connections.",
    intro:
      "Where the association community meets: share what you learned, ask the people who have solved it before, and keep up with the industry.",
    audience: "Everyone in the association world, from first-time board members to industry experts.",
    capabilities: [
      {
        title: "Social feed",
        body: "Post, comment and vote. Helpful contributions earn karma and awards such as Helpful, Expert Insight, Problem Solver and Community Hero.",
      },
      {
        title: "Forums and Q&A",
        body: "Join forum communities on maintenance, finances, legal questions, technology and more, and ask questions of the community.",
      },
      {
        title: "Events",
        body: "Find community events and RSVP to them.",
      },
      {
        title: "Messages and connections",
        body: "Message other members directly and build your network of connections.",
      },
    ],
    status: "building",
    today:
      "The Common Area is being built. Create a free account now and it will appear in your menu when it opens.",
  },
  {
    slug: "the-office",
    name: "The Office",
    summary: "Documents, templates, resources and analytics for the work of running an association.",
    intro:
      "The back office of an association in one place: the documents you keep, templates to start from, reference resources and analytics on your activity.",
    audience: "Board members and property managers who keep an association's paperwork in order.",
    capabilities: [
      {
        title: "Documents",
        body: "Keep the association's documents together, private to the people who should see them.",
      },
      {
        title: "Templates",
        body: "Start common documents and requests from templates instead of a blank page.",
      },
      {
        title: "Resources",
        body: "Reference material for running an association, gathered where you work.",
      },
      {
        title: "Analytics",
        body: "See your activity across the platform at a glance.",
      },
    ],
    status: "building",
    today:
      "The Office is being built. Create a free account now and it will appear in your menu when it opens.",
  },
];

export function findFeature(slug: string | undefined): Feature | undefined {
  return FEATURES.find((f) => f.slug === slug);
}

export const FEATURE_STATUS_LABELS: Record<Feature["status"], string> = {
  available: "Available now",
  partial: "Partly available",
  building: "Coming soon",
};
