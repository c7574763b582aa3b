import { CONTENT_MAX_LENGTH, MAX_HASHTAGS, MAX_MENTIONS, PROFANITY_WORDS } from "./content-rules";

/**
 * The Community Guidelines (spec 002: "Community Guidelines modal", five sections, and section 9
 * "Community guidelines": severities, report categories, enforcement steps), written for this product.
 * One source for the page (/community-guidelines) and any modal or moderation screen that shows them.
 * The limits quoted come from the rules that enforce them, so the text never disagrees with the server.
 */

/** Spec 002 section 9. */
export const REPORT_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type ReportSeverity = (typeof REPORT_SEVERITIES)[number];

/** Spec 002 section 9. */
export const REPORT_CATEGORIES = [
  "Harassment",
  "Spam",
  "Off-topic",
  "Misinformation",
  "Copyright",
  "Privacy",
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** Spec 002 section 9, in the order they are applied. */
export const ENFORCEMENT_STEPS = ["Warning", "Temporary Suspension", "Permanent Ban"] as const;

export interface GuidelineSection {
  id: string;
  /** Spec 002: the five section titles, word for word. */
  title:
    | "Community Overview"
    | "Community Rules"
    | "Moderation Policy"
    | "Reporting & Support"
    | "Recognition System";
  intro: string;
  points: { title: string; body: string }[];
}

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

export const COMMUNITY_GUIDELINES: readonly GuidelineSection[] = [
  {
    id: "overview",
    title: "Community Overview",
    intro:
      "Association Commons is where the people who run and serve condominium and homeowner associations talk shop: board members, property managers, vendors and contractors, attorneys, CPAs and accountants, and homeowners. The community area holds the professional feed, the forums, live discussions and events.",
    points: [
      {
        title: "Professional first",
        body: "Write as you would at an association's annual meeting: to colleagues and neighbours you will work with again. Your name, your roles and your verification show beside everything you post.",
      },
      {
        title: "Share what helps",
        body: "Questions, lessons learned, checklists, vendor experiences, changes in law or practice, and events are all welcome. Say which hat you are wearing when it matters (a board member asking about their own association, a vendor writing about their trade).",
      },
      {
        title: "Who sees what",
        body: "Each post chooses its audience: everyone on the platform, the professional network, one organization, or your connections only. Organization and connections-only posts are shown only to those people, whoever asks for them.",
      },
    ],
  },
  {
    id: "rules",
    title: "Community Rules",
    intro: "These rules are checked when you post, and moderators apply them to everything in the community.",
    points: [
      {
        title: "Be respectful",
        body: "Disagree with ideas, not people. No harassment, personal attacks, threats or discrimination, and no pressure on a board, manager or vendor through the community instead of the proper channel.",
      },
      {
        title: "Keep private things private",
        body: "Do not post homeowners' names with their balances, violations or disputes, unit numbers tied to a complaint, other people's contact details, or documents from a closed board session. Use messages or the board room for association business.",
      },
      {
        title: "No spam or self-promotion floods",
        body: `Vendors may describe their work and answer questions; unsolicited pitches, repeated posts and link lists are removed. Posts with three or more links, long runs of capitals or repeated characters, or phrases such as "click here" and "buy now" are refused as spam.`,
      },
      {
        title: "Accusations belong in a report, not a post",
        body: `Words such as ${list(PROFANITY_WORDS.map((w) => `"${w}"`))} are refused in posts, comments and messages. If you believe someone is acting dishonestly, report it to the moderators or the proper authority instead of naming them in public.`,
      },
      {
        title: "Plain text, reasonable length",
        body: `Posts are up to ${CONTENT_MAX_LENGTH.post} characters, comments up to ${CONTENT_MAX_LENGTH.comment}, messages up to ${CONTENT_MAX_LENGTH.message}, with at most ${MAX_HASHTAGS} hashtags and ${MAX_MENTIONS} mentions. HTML and scripts are not allowed.`,
      },
      {
        title: "Accurate and original",
        body: "Share information you believe to be true and say where it comes from. Post only what you have the right to share; quote briefly and link to the source.",
      },
    ],
  },
  {
    id: "moderation",
    title: "Moderation Policy",
    intro:
      "Moderators and platform administrators review reported posts and comments. Every moderation action is logged.",
    points: [
      {
        title: "What moderators can do",
        body: "Hide content while it is reviewed, remove it with a reason that the author sees, dismiss a report that does not break the rules, warn the author, or suspend their posting for a period.",
      },
      {
        title: "Enforcement steps",
        body: `Repeated or serious breaches escalate: ${list(ENFORCEMENT_STEPS)}. Severe breaches (threats, exposing someone's private information) may skip steps.`,
      },
      {
        title: "Appeals",
        body: "If your content is removed or your posting suspended, you can appeal once.",
      },
      {
        title: "Posting limits",
        body: "To keep the feed readable, each person can publish a limited number of posts, comments, votes and reports in a short period. When you are close to the limit the form tells you how many remain.",
      },
    ],
  },
  {
    id: "reporting",
    title: "Reporting & Support",
    intro:
      "Use Report on any post or comment that breaks these guidelines. Reports are confidential: the author is not told who reported them.",
    points: [
      {
        title: "Report categories",
        body: `Choose the closest category: ${list(REPORT_CATEGORIES)}.`,
      },
      {
        title: "How reports are handled",
        body: `Each report is given a severity (${list(REPORT_SEVERITIES)}); critical reports such as threats or exposed personal information are reviewed first.`,
      },
      {
        title: "Association matters",
        body: "Disputes with your own association (a violation notice, an assessment, a vendor contract) are for the board or the manager, not the community moderators. Use messages or the board room.",
      },
      {
        title: "Getting help",
        body: "For account, verification or billing questions, see the Help Center or contact us.",
      },
    ],
  },
  {
    id: "recognition",
    title: "Recognition System",
    intro: "Good contributions are recognised, so that the most helpful voices are easy to find.",
    points: [
      {
        title: "Karma",
        body: "Up-votes on your posts and comments add karma; down-votes take it away. One person has one vote per post or comment.",
      },
      {
        title: "Awards",
        body: "Members with enough karma, and moderators, can give Helpful, Expert Insight, Problem Solver and Community Hero awards, once per post or comment.",
      },
      {
        title: "Expert status",
        body: "Members whose karma shows sustained, well-received help earn an expert badge beside their name. Verification of your professional role shows separately.",
      },
    ],
  },
];
