import { FEATURES } from "./features";

/** The guest navigation of spec 000 section 2.1, shared by the top bar and the footer. */
export interface NavLink {
  label: string;
  to: string;
  description?: string;
}

export const FEATURE_LINKS: NavLink[] = [
  ...FEATURES.map((f) => ({ label: f.name, to: `/features/${f.slug}`, description: f.summary })),
];

export const ALL_FEATURES_LINK: NavLink = { label: "All features", to: "/features" };

export const RESOURCE_LINKS: NavLink[] = [
  {
    label: "Help Center",
    to: "/help",
    description: "Answers about accounts, roles, verification and credits.",
  },
  {
    label: "Contact Sales",
    to: "/contact",
    description: "Questions about the platform for your association.",
  },
  {
    label: "Community Guidelines",
    to: "/community-guidelines",
    description: "How the community works: rules, moderation, reporting and recognition.",
  },
  { label: "All Resources", to: "/resources", description: "Guides, policies and where to find everything." },
];

export const PAGE_LINKS: NavLink[] = [
  { label: "How It Works", to: "/how-it-works" },
  { label: "Pricing", to: "/pricing" },
  { label: "About", to: "/about" },
];
