/**
 * The permission matrix (issue 3, part 4): every route that exists, called as every kind of visitor
 * (anonymous, signed in without a role, and one verified person per role type), must let in (2xx),
 * send to sign-in, or refuse (403) exactly as its policy says. A new route without a policy here
 * fails the test, so no page ships unguarded by accident.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Database } from "@db/client";
import { associations, savedSearches } from "@db/schema";
import { PLAN_LIMIT_MESSAGES, type PlanFeature } from "@domain/billing";
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_UPGRADE_URL } from "@domain/rfp/saved-searches";
import { ROLE_TYPES, type RoleType } from "@domain/roles";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { grantComplimentaryPlan } from "~/commands/billing.server";
import { formRequest, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Persona = "anonymous" | "no_role" | RoleType;
const PERSONAS: Persona[] = ["anonymous", "no_role", ...ROLE_TYPES];

/** What a visitor gets from a route's loader. */
type Outcome = "ok" | "sign_in" | "unauthorized" | "forbidden" | "not_found" | `redirect:${string}`;

type Policy =
  /** Everyone, signed in or not. */
  | "public"
  /** Only signed-out visitors; signed-in people go to the dashboard. */
  | "anonymous_only"
  /** Any signed-in person, with or without a role. */
  | "user"
  /** A signed-in person with a role; without one, onboarding first. */
  | "context"
  /** Admin contexts only. */
  | "admin"
  | { custom: (persona: Persona) => Outcome };

function expected(policy: Policy, persona: Persona): Outcome {
  if (typeof policy === "object") return policy.custom(persona);
  switch (policy) {
    case "public":
      return "ok";
    case "anonymous_only":
      return persona === "anonymous" ? "ok" : "redirect:/dashboard";
    case "user":
      return persona === "anonymous" ? "sign_in" : "ok";
    case "context":
      return persona === "anonymous" ? "sign_in" : persona === "no_role" ? "redirect:/onboarding" : "ok";
    case "admin":
      return persona === "anonymous"
        ? "sign_in"
        : persona === "no_role"
          ? "redirect:/onboarding"
          : persona === "admin"
            ? "ok"
            : "forbidden";
  }
}

/** Vendor contexts get `vendor` (default ok); other roles 403; no role: onboarding; anonymous: sign in. */
function vendorOnly(vendor: Outcome = "ok"): Policy {
  return {
    custom: (p) =>
      p === "anonymous"
        ? "sign_in"
        : p === "no_role"
          ? "redirect:/onboarding"
          : p === "vendor"
            ? vendor
            : "forbidden",
  };
}

/** RFP authors (a context with can_create_rfp): admin, board member and manager contexts. */
function rfpAuthorsOnly(): Policy {
  return {
    custom: (p) =>
      p === "anonymous"
        ? "sign_in"
        : p === "no_role"
          ? "redirect:/onboarding"
          : p === "admin" || p === "board_member" || p === "manager"
            ? "ok"
            : "forbidden",
  };
}

/** Legal Resources' readers: admin, board member and manager contexts and verified attorneys get `seen`. */
function legalReaders(seen: Outcome): Policy {
  return {
    custom: (p) =>
      p === "anonymous"
        ? "sign_in"
        : p === "no_role"
          ? "redirect:/onboarding"
          : p === "admin" || p === "board_member" || p === "manager" || p === "attorney"
            ? seen
            : "forbidden",
  };
}

/**
 * The board room (issue 12): for board members and managers of the active association. These personas
 * belong to no association, so a signed-in person with a role is sent to /properties (an empty post
 * gets the same redirect, counted as past the sign-in guards); membership, roles (homeowner 403) and
 * cross-association 404s are covered by tests/integration/board-room.test.ts.
 */
const boardRoomPage: Policy = {
  custom: (p) =>
    p === "anonymous" ? "sign_in" : p === "no_role" ? "redirect:/onboarding" : "redirect:/properties",
};
const boardRoomAction: Policy = {
  custom: (p) => (p === "anonymous" ? "sign_in" : p === "no_role" ? "redirect:/onboarding" : "ok"),
};
/** Its JSON endpoints answer 401 signed out and 403 { error } to someone outside any association. */
const boardRoomApi: Policy = { custom: (p) => (p === "anonymous" ? "unauthorized" : "forbidden") };
/** A post's 401 counts as "ok" here (actionOutcomeOf: a refused sign-in form); everyone else 403. */
const boardRoomApiAction: Policy = { custom: (p) => (p === "anonymous" ? "ok" : "forbidden") };
/**
 * The financials (issue 13) as the board room, and platform administrators too ("admins too"): an
 * administrator who has not chosen an association yet is sent to the chooser on /financials.
 */
const financePage: Policy = {
  custom: (p) =>
    p === "anonymous"
      ? "sign_in"
      : p === "no_role"
        ? "redirect:/onboarding"
        : p === "admin"
          ? "redirect:/financials"
          : "redirect:/properties",
};
const financeHome: Policy = {
  custom: (p) => (p === "admin" ? "ok" : expected(financePage, p)),
};
const NIL = "00000000-0000-4000-8000-000000000000";

/**
 * A plan requirement of a route's action (issue 14: "the permission matrix learns plans"). The matrix
 * posts `form` as a person without the plan (a Free person; for the association plans, the board member
 * of an association past its 30-day trial without a plan) and expects `refused` (status, and the body
 * it must contain: the message and the upgrade link); then as a person with the plan (Professional, or
 * an association on the Association plan) and expects to get past the plan (any answer but 402 that
 * the matrix counts as "ok": the content may still be refused).
 */
interface PlanRule {
  feature: PlanFeature;
  what: string;
  /** The form to post; it may set up what it needs for the person first (their saved searches). */
  form: (db: Database, person: PlanPerson) => Promise<Record<string, string>> | Record<string, string>;
  refused: { status: 402; body: Record<string, unknown> };
}
interface PlanPerson {
  id: string;
  cookie: string;
  associationId: string | null;
}
const PLAN_OF: Record<PlanFeature, "professional" | "association"> = {
  saved_searches: "professional",
  vendor_analytics: "professional",
  featured_listing: "professional",
  course_discount: "professional",
  board_room: "association",
  financials: "association",
  documents: "association",
  association_calendar: "association",
};
/** The features the server enforces today; each needs a rule on at least one route below. */
const ENFORCED_FEATURES: PlanFeature[] = [
  "saved_searches",
  "vendor_analytics",
  "board_room",
  "financials",
  "documents",
  "association_calendar",
];
const associationRefusal = {
  status: 402,
  body: { error: PLAN_LIMIT_MESSAGES.association, upgradeUrl: "/settings/billing#association" },
} as const;
const saveSearch = (alerts: boolean) => ({
  intent: "save-search",
  name: "Florida",
  filters: "state=FL",
  resultCount: "0",
  ...(alerts ? { alerts: "on" } : {}),
});
async function savedSearchOf(db: Database, person: PlanPerson) {
  const [row] = await db
    .insert(savedSearches)
    .values({ userId: person.id, name: "Mine", filters: "state=GA" })
    .returning({ id: savedSearches.id });
  return row?.id as string;
}
const PLAN_RULES: Record<string, PlanRule[]> = {
  "_app.rfps._index": [
    {
      feature: "saved_searches",
      what: "saving a search with e-mail alerts",
      form: () => saveSearch(true),
      refused: {
        status: 402,
        body: {
          upgradeUrl: SAVED_SEARCH_UPGRADE_URL,
          result: { error: { "": [SAVED_SEARCH_MESSAGES.alertsNeedPlan] } },
        },
      },
    },
    {
      feature: "saved_searches",
      what: "switching a saved search's alerts on",
      form: async (db, person) => ({
        intent: "search-alerts",
        id: await savedSearchOf(db, person),
        alerts: "on",
      }),
      refused: {
        status: 402,
        body: { message: SAVED_SEARCH_MESSAGES.alertsNeedPlan, upgradeUrl: SAVED_SEARCH_UPGRADE_URL },
      },
    },
    {
      feature: "saved_searches",
      what: "a fourth saved search",
      form: async (db, person) => {
        for (let i = 0; i < 3; i++) await savedSearchOf(db, person);
        return saveSearch(false);
      },
      refused: {
        status: 402,
        body: {
          upgradeUrl: SAVED_SEARCH_UPGRADE_URL,
          result: { error: { "": [SAVED_SEARCH_MESSAGES.freeLimit] } },
        },
      },
    },
  ],
  "_app.board-room_.new": [
    { feature: "board_room", what: "scheduling a meeting", form: () => ({}), refused: associationRefusal },
  ],
  "api.board-room.meetings": [
    {
      feature: "board_room",
      what: "the meetings API's writes",
      form: () => ({}),
      refused: associationRefusal,
    },
  ],
  "_app.financials._index": [
    { feature: "financials", what: "the finance settings", form: () => ({}), refused: associationRefusal },
  ],
  "_app.financials.budgets": [
    { feature: "financials", what: "keeping the budgets", form: () => ({}), refused: associationRefusal },
  ],
  "_app.financials.expenses": [
    {
      feature: "financials",
      what: "keeping the transactions",
      form: () => ({}),
      refused: associationRefusal,
    },
  ],
  "_app.financials.reserves": [
    { feature: "financials", what: "keeping the reserves", form: () => ({}), refused: associationRefusal },
  ],
  "_app.documents._index": [
    { feature: "documents", what: "uploading to the library", form: () => ({}), refused: associationRefusal },
  ],
  "_app.calendar_.new": [
    {
      feature: "association_calendar",
      what: "an association calendar event",
      form: (_db, person) => ({
        title: "Budget workshop",
        event_type: "meeting",
        start_date: "2027-03-02",
        start_time: "09:00",
        end_date: "2027-03-02",
        end_time: "10:00",
        time_zone: "America/New_York",
        association_id: person.associationId as string,
      }),
      refused: {
        status: 402,
        body: { result: { error: { association_id: [PLAN_LIMIT_MESSAGES.association] } } },
      },
    },
  ],
};

/**
 * A plan requirement of a page (a GET): without the plan the page answers 200 with `locked` (the
 * explanation and the upgrade link) and no figure; with it, the figures and no lock.
 */
const PLAN_VIEWS: Record<string, { feature: PlanFeature; what: string; figures: string }> = {
  "_app.vendor-dashboard_.analytics": {
    feature: "vendor_analytics",
    what: "vendor analytics",
    figures: "analytics",
  },
};

/**
 * Route file (without extension) -> URL to request and policy. `action` is the policy of its action
 * when it differs from the loader's ("none" when the route has no action).
 */
const MATRIX: Record<
  string,
  { url: string; params?: Record<string, string>; policy: Policy; action?: Policy | "skip" }
> = {
  _index: { url: "/", policy: "public" },
  healthz: { url: "/healthz", policy: "public" },
  // The public pages (spec 000 section 2.1): everyone, signed in or not. The contact form posts to anyone
  // (an empty form is refused for its content: 400).
  "features._index": { url: "/features", policy: "public" },
  "features.$feature": { url: "/features/rfp-hub", params: { feature: "rfp-hub" }, policy: "public" },
  "how-it-works": { url: "/how-it-works", policy: "public" },
  pricing: { url: "/pricing", policy: "public" },
  about: { url: "/about", policy: "public" },
  help: { url: "/help", policy: "public" },
  "community-guidelines": { url: "/community-guidelines", policy: "public" },
  contact: { url: "/contact", policy: "public", action: "public" },
  resources: { url: "/resources", policy: "public" },
  "auth.sign-in": { url: "/auth/sign-in", policy: "anonymous_only", action: "public" },
  "auth.sign-up": { url: "/auth/sign-up", policy: "anonymous_only", action: "public" },
  // The one-time sign-in link (issue 11, part 3.4): asked for and used by people who are signed out.
  "auth.sign-in-link": { url: "/auth/sign-in-link", policy: "anonymous_only", action: "public" },
  // A GET to sign-out just goes home; signing out is a POST.
  // Its action ends the session it is given (tests/integration/auth.test.ts covers it), so it is not
  // posted here with the shared sessions.
  "auth.sign-out": { url: "/auth/sign-out", policy: { custom: () => "redirect:/" }, action: "skip" },
  // E-mail links (confirm, reset) work for anyone holding the token, signed in or not.
  "auth.confirm": { url: "/auth/confirm", policy: "public", action: "public" },
  "auth.reset-password": { url: "/auth/reset-password", policy: "public", action: "public" },
  // The unsubscribe link in notification e-mail works for whoever holds its signed token (here none: 400).
  "email.unsubscribe": { url: "/email/unsubscribe", policy: "public", action: "public" },
  // OAuth: without a configured provider (as here) both only send people back to sign in.
  "auth.oauth": { url: "/auth/oauth", policy: { custom: () => "sign_in" } },
  "auth.callback": { url: "/auth/callback", policy: { custom: () => "sign_in" } },
  preferences: { url: "/preferences", policy: { custom: () => "redirect:/dashboard" }, action: "user" },
  _app: { url: "/dashboard", policy: "user" },
  "_app.dashboard": { url: "/dashboard", policy: "context" },
  "_app.search": { url: "/search?q=test", policy: "user" },
  // The command palette's record search (issue 5 part 4): any signed-in person; JSON, so 401 otherwise.
  "api.search": {
    url: "/api/search?q=test",
    policy: { custom: (p) => (p === "anonymous" ? "unauthorized" : "ok") },
  },
  "_app.settings.roles": { url: "/settings/roles", policy: "user" },
  // The menu as a page (the shell's menus without JavaScript): any signed-in person, with or without a role.
  "_app.menu": { url: "/menu?from=%2Frfps", policy: "user" },
  "_app.admin": { url: "/admin?tab=verification", policy: "admin" },
  "_app.settings.verification": { url: "/settings/verification", policy: "user" },
  // Settings need only a signed-in person (someone without a role yet included).
  "_app.settings": { url: "/settings/account", policy: "user" },
  "_app.settings._index": {
    url: "/settings",
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "redirect:/settings/account") },
  },
  "_app.settings.account": { url: "/settings/account", policy: "user" },
  "_app.settings.security": { url: "/settings/security", policy: "user" },
  "_app.settings.appearance": { url: "/settings/appearance", policy: "user" },
  // Billing (issue 14): any signed-in person's own plan; the association's plan section and its forms
  // only for the board and manager of the association (tests/integration/billing-page.test.ts).
  "_app.settings.billing": { url: "/settings/billing", policy: "user" },
  // Subscriptions and complimentary grants (issue 14, part 5): administrators only.
  "_app.admin_.billing": { url: "/admin/billing", policy: "admin" },
  // A credit purchase's receipt: only the vendor who bought it; anyone else's or an unknown id is 404.
  "_app.settings_.billing.receipts.$id": {
    url: `/settings/billing/receipts/${NIL}`,
    params: { id: NIL },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  // Onboarding is for signed-in people who have not finished it; everyone with a role here has.
  onboarding: {
    url: "/onboarding",
    policy: {
      custom: (p) =>
        p === "anonymous"
          ? "sign_in"
          : p === "no_role"
            ? "redirect:/onboarding/welcome"
            : "redirect:/dashboard",
    },
  },
  // A step past the saved one (a new person is at "welcome") goes back to the saved step, GET or POST.
  "onboarding.$step": {
    url: "/onboarding/role",
    params: { step: "role" },
    policy: {
      custom: (p) =>
        p === "anonymous"
          ? "sign_in"
          : p === "no_role"
            ? "redirect:/onboarding/welcome"
            : "redirect:/dashboard",
    },
  },
  // Vendor credits (issue 4): vendor contexts only; buying needs a verified vendor role.
  "_app.credits._index": { url: "/credits", policy: vendorOnly() },
  "_app.vendor-dashboard_.credits": {
    url: "/vendor-dashboard/credits",
    policy: vendorOnly("redirect:/credits"),
  },
  // The vendor's pages (issue 5): the vendor dashboard and My Proposals, vendor contexts only;
  // /proposals is another name for My Proposals.
  "_app.vendor-dashboard._index": { url: "/vendor-dashboard", policy: vendorOnly() },
  // Vendor analytics (Professional plan): vendor contexts only; a Free vendor gets the page with the
  // plan's explanation and no figure (tests/integration/vendor-analytics.test.ts).
  "_app.vendor-dashboard_.analytics": { url: "/vendor-dashboard/analytics", policy: vendorOnly() },
  "_app.rfps_.my-proposals": { url: "/rfps/my-proposals?status=accepted&page=1", policy: vendorOnly() },
  "_app.proposals": {
    url: "/proposals?status=accepted",
    policy: { custom: () => "redirect:/rfps/my-proposals?status=accepted" },
  },
  // Without Stripe configured (as here) no session can be found.
  "_app.credits.success": {
    url: "/credits/success?session_id=cs_test_unknown",
    policy: vendorOnly("not_found"),
  },
  "_app.credits.cancel": { url: "/credits/cancel", policy: vendorOnly() },
  "credits.export[.csv]": { url: "/credits/export.csv", policy: vendorOnly() },
  // A vendor's empty form goes back to the purchase dialog with its error.
  "api.create-checkout-session": { url: "/api/create-checkout-session", policy: vendorOnly() },
  // Stripe calls it without a session; an unsigned post is refused for its content (400).
  "api.stripe.webhook": { url: "/api/stripe/webhook", policy: "public" },
  "_app.admin_.credits": { url: "/admin/credits", policy: "admin" },
  // Held learning checkout sessions and the learning refund ledger (decision 086).
  "_app.admin_.learning-payments": { url: "/admin/learning-payments", policy: "admin" },
  "_app.admin_.users": { url: "/admin/users?q=test", policy: "admin" },
  // Reports and moderation (issue 29, part 10): the queue is for administrators (no platform
  // moderator role exists); everyone else 403.
  "_app.admin_.content": { url: "/admin/content", policy: "admin" },
  "_app.admin_.analytics": { url: "/admin/analytics", policy: "admin" },
  // Error monitoring (issue 5, part 6): admins only; its action (Trigger test error) as well.
  "_app.admin_.errors": { url: "/admin/errors", policy: "admin" },
  // The first-administrator set-up (issue 11, part 5.9): once an administrator exists, admins only.
  // Its form is authorized by the one-time set-up link, not by a role: anyone may post, and only a valid
  // token creates an administrator (tests/integration/admin-setup.test.ts).
  "debug.admin-setup": { url: "/debug/admin-setup", policy: "admin", action: "public" },
  // Authentication diagnostics (issue 5, part 7): admins only; Run Diagnostics and Reset as well.
  "_app.admin_.diagnostics": { url: "/admin/diagnostics", policy: "admin" },
  // Performance monitoring (issue 5, part 9): the dashboard and Clear metrics are for admins only.
  "_app.admin_.performance": { url: "/admin/performance?refresh=10", policy: "admin" },
  // Web-vitals beacons: any browser, signed in or not (an empty beacon is refused for its content: 400).
  "api.vitals": { url: "/api/vitals", policy: "public" },
  // Error reporting (issue 5, part 5): any browser may report (an empty report is refused: 400).
  "api.errors": { url: "/api/errors", policy: "public" },
  // The diagnostics' reachability check: 204 for everyone.
  "api.debug.ping": { url: "/api/debug/ping", policy: "public" },
  // Documents are private: nobody but the owner and admins learns that one exists.
  "documents.verification.$id": {
    url: "/documents/verification/00000000-0000-4000-8000-000000000000",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },

  // The RFP wizard (issue 4): creating takes an author role with can_create_rfp (admin, board member,
  // manager by default); editing, the author or an admin, and an unknown RFP is 404 for everyone.
  "_app.rfps_.new": { url: "/rfps/new", policy: rfpAuthorsOnly() },
  "_app.rfps_.create": { url: "/rfps/create", policy: { custom: () => "redirect:/rfps/new" } },
  "_app.dashboard_.rfps.new": { url: "/dashboard/rfps/new", policy: { custom: () => "redirect:/rfps/new" } },
  "_app.rfps_.$id.edit": {
    url: "/rfps/00000000-0000-4000-8000-000000000000/edit?step=basic",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: {
      custom: (p) => (p === "anonymous" ? "sign_in" : p === "no_role" ? "redirect:/onboarding" : "not_found"),
    },
  },
  // Finding RFPs (issue 4): anyone with a role; the list holds only what each may see.
  "_app.rfps._index": { url: "/rfps", policy: "context" },
  // /rfps/browse is the RFP list (issue 11, part 4.4 e).
  "_app.rfps_.browse": {
    url: "/rfps/browse",
    policy: {
      custom: (p) =>
        p === "anonymous" ? "sign_in" : p === "no_role" ? "redirect:/onboarding" : "redirect:/rfps",
    },
  },
  // Any unknown address: 404 for everyone, in the shell or the guest layout (issue 11, part 4.4 f).
  $: { url: "/no/such/page", params: { "*": "no/such/page" }, policy: { custom: () => "not_found" } },
  // An unknown RFP is 404 for everyone (tests/integration/rfp-pages.test.ts covers real ones).
  "_app.rfps.$id": {
    url: "/rfps/00000000-0000-4000-8000-000000000000",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: {
      custom: (p) => (p === "anonymous" ? "sign_in" : p === "no_role" ? "redirect:/onboarding" : "not_found"),
    },
  },
  "_app.rfps.$id_.proposals": {
    url: "/rfps/00000000-0000-4000-8000-000000000000/proposals",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: {
      custom: (p) => (p === "anonymous" ? "sign_in" : p === "no_role" ? "redirect:/onboarding" : "not_found"),
    },
  },
  // The professional network (issue 28): the Professional Center, skills and endorsements are every
  // signed-in person's own, with or without a role.
  "_app.professional._index": { url: "/professional?tab=insights", policy: "user" },
  "_app.professional.skills": { url: "/professional/skills?dialog=add", policy: "user" },
  "_app.professional.endorsements": { url: "/professional/endorsements?filter=received", policy: "user" },
  // Notifications (issue 5): every signed-in person has their own, with or without a role. The live
  // stream answers 401 (not a redirect an EventSource cannot follow) to someone signed out.
  "_app.notifications": { url: "/notifications?filter=unread&group=date", policy: "user" },
  "api.notifications.stream": {
    url: "/api/notifications/stream",
    policy: { custom: (p) => (p === "anonymous" ? "unauthorized" : "ok") },
  },
  // Messages (issue 28, part 7): every signed-in person has their own, with or without a role. The
  // typing / read endpoint (a POST only) answers 401 to someone signed out, which this matrix reads as
  // a form refused for its content (tests/integration/messages.test.ts checks the 401); an attachment
  // is 404 to all but the participants of its conversation (that test covers real ones).
  "_app.messages": { url: "/messages?filter=starred&q=board", policy: "user" },
  // Community events (issue 29, part 7): every signed-in person; the composer and RSVP post to it.
  "_app.common-area.events": { url: "/common-area/events", policy: "user" },
  // Live discussions (issue 29, part 6; decision 068): public to every signed-in person; a room that
  // does not exist is 404 (tests/integration/community-live.test.ts covers real ones and their rules).
  // The learning hub's courses (issue 30): every signed-in person, with or without a role; a course
  // that does not exist is 404, and a lesson or quiz of it too (tests/integration/learning-courses.test.ts
  // covers real ones: the enrolled read them, others are sent to the course page).
  "_app.learning-hub.courses._index": {
    url: "/learning-hub/courses?difficulty=beginner&certification=true",
    policy: "user",
  },
  "_app.learning-hub.paths._index": { url: "/learning-hub/paths", policy: "user" },
  // The learning dashboard (issue 30, part 7): every signed-in person's own; the analytics are for
  // administrators (403 for everyone else).
  "_app.learning-hub._index": { url: "/learning-hub?tab=paths&period=month", policy: "user" },
  "_app.learning-hub.analytics": { url: "/learning-hub/analytics", policy: "admin" },
  // The lesson and quiz pages' leave beacon: a signed-in person's own time (an empty body is refused: 400).
  "api.learning-activity": { url: "/api/learning-activity", policy: "user" },
  "_app.learning-hub.paths.$slug": {
    url: "/learning-hub/paths/no-such-path",
    params: { slug: "no-such-path" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
    action: "user",
  },
  "_app.learning-hub.courses.$slug": {
    url: "/learning-hub/courses/no-such-course",
    params: { slug: "no-such-course" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
    // An empty form is refused for its content.
    action: "user",
  },
  "_app.learning-hub.courses.$slug_.lessons.$lessonId": {
    url: "/learning-hub/courses/no-such-course/lessons/00000000-0000-4000-8000-000000000000",
    params: { slug: "no-such-course", lessonId: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
    action: "user",
  },
  "_app.learning-hub.courses.$slug_.quizzes.$quizId": {
    url: "/learning-hub/courses/no-such-course/quizzes/00000000-0000-4000-8000-000000000000",
    params: { slug: "no-such-course", quizId: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
    // The quiz is found first (its questions make the form's schema).
    action: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  // Certificates (issue 30, part 5; decision 077): a person's own list; a certificate, its PDF and its
  // Open Badge for the holder (and the page for admins), 404 for anyone else and unknown ids; revoking
  // for admins only (tests/integration/learning-certificates.test.ts covers real ones). The public
  // verification page, the JWKS, the issuer profile and a credential's status need no sign-in (an
  // unknown number or id: 404).
  "_app.learning-hub.certifications._index": { url: "/learning-hub/certifications", policy: "user" },
  "_app.learning-hub.certifications.$id": {
    url: `/learning-hub/certifications/${NIL}`,
    params: { id: NIL },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
    action: "admin",
  },
  "learning-hub.certifications.$id.pdf": {
    url: `/learning-hub/certifications/${NIL}/pdf`,
    params: { id: NIL },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  "learning-hub.certifications.$id.credential": {
    url: `/learning-hub/certifications/${NIL}/credential`,
    params: { id: NIL },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  "verify-certificate.$number": {
    url: "/verify-certificate/00000000000000000000000000000000",
    params: { number: "00000000000000000000000000000000" },
    policy: { custom: () => "not_found" },
  },
  "[.]well-known.jwks[.]json": { url: "/.well-known/jwks.json", policy: "public" },
  "credentials.issuer": { url: "/credentials/issuer", policy: "public" },
  // The signed Bitstring Status List of the badges (decision 086): public; an unknown list is a 404.
  "credentials.status.$list": { url: "/credentials/status/1", params: { list: "1" }, policy: "public" },
  "credentials.$id.status": {
    url: `/credentials/${NIL}/status`,
    params: { id: NIL },
    policy: { custom: () => "not_found" },
  },
  // Continuing education (issue 30, part 6): every signed-in person's own licences and hours; the
  // transcript is theirs too (tests/integration/learning-ce.test.ts covers another person's licence).
  "_app.learning-hub.continuing-education": {
    url: "/learning-hub/continuing-education",
    policy: "user",
    // An empty form is refused for its content.
    action: "user",
  },
  "learning-hub.continuing-education.transcript": {
    url: "/learning-hub/continuing-education/transcript",
    policy: "user",
  },
  // Legal Resources (issue 30, part 9; spec 000 sidebar: admin, board_member, manager): those contexts
  // and verified attorneys (the submitters) read; other roles 403. Submitting is a verified attorney's,
  // reviewing an admin's (tests/integration/legal-resources.test.ts covers real resources and states).
  "_app.legal._index": {
    url: "/legal?state=FL&topic=records&kind=template&page=2",
    policy: legalReaders("ok"),
  },
  "_app.legal.$slug": {
    url: "/legal/no-such-resource",
    params: { slug: "no-such-resource" },
    policy: legalReaders("not_found"),
  },
  "legal.$slug.download": {
    url: "/legal/no-such-resource/download",
    params: { slug: "no-such-resource" },
    policy: legalReaders("not_found"),
  },
  "_app.legal.submissions": {
    url: "/legal/submissions",
    policy: {
      custom: (p) =>
        p === "anonymous"
          ? "sign_in"
          : p === "no_role"
            ? "redirect:/onboarding"
            : p === "attorney"
              ? "ok"
              : "forbidden",
    },
  },
  "_app.legal.review": { url: "/legal/review", policy: "admin" },
  // Editing a submission again or revising a published resource (decision 089): an unknown one is 404
  // for every reader (tests/integration/legal-versions.test.ts covers who may edit real ones).
  "_app.legal.$slug_.edit": {
    url: "/legal/no-such-resource/edit",
    params: { slug: "no-such-resource" },
    policy: legalReaders("not_found"),
  },
  // Paid enrolment and ratings (issue 30; decision 078): Enroll Now's checkout (a GET goes back to the
  // course or path; an empty form is refused for its content), a purchase's page (the buyer's own: any
  // other id is 404; tests/integration/learning-paid.test.ts covers real ones) and the rating form.
  "_app.learning-hub.courses.$slug_.checkout": {
    url: "/learning-hub/courses/no-such-course/checkout",
    params: { slug: "no-such-course" },
    policy: {
      custom: (p) => (p === "anonymous" ? "sign_in" : "redirect:/learning-hub/courses/no-such-course"),
    },
    action: "user",
  },
  "_app.learning-hub.paths.$slug_.checkout": {
    url: "/learning-hub/paths/no-such-path/checkout",
    params: { slug: "no-such-path" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "redirect:/learning-hub/paths/no-such-path") },
    action: "user",
  },
  "_app.learning-hub.purchases.$sessionId": {
    url: "/learning-hub/purchases/cs_test_no_such_session",
    params: { sessionId: "cs_test_no_such_session" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
    action: "skip",
  },
  "_app.learning-hub.courses.$slug_.review": {
    url: "/learning-hub/courses/no-such-course/review",
    params: { slug: "no-such-course" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
    action: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  // Course authoring (issue 30, part 2; decision 083): admins only; an unknown course is 404 for them
  // (tests/integration/learning-authoring.test.ts covers real ones).
  "_app.learning-hub.manage._index": { url: "/learning-hub/manage", policy: "admin", action: "admin" },
  "_app.learning-hub.manage.$courseId": {
    url: `/learning-hub/manage/${NIL}`,
    params: { courseId: NIL },
    policy: {
      custom: (p) =>
        p === "anonymous"
          ? "sign_in"
          : p === "no_role"
            ? "redirect:/onboarding"
            : p === "admin"
              ? "not_found"
              : "forbidden",
    },
  },
  "_app.common-area.live._index": {
    url: "/common-area/live?sort=active&category=Legal+%26+Compliance&status=ended",
    policy: "user",
  },
  "_app.common-area.live.$id": {
    url: "/common-area/live/00000000-0000-4000-8000-000000000000",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
    // An empty form is refused for its content.
    action: "user",
  },
  // The community feed (issue 29): every signed-in person reads it (posting needs a role: the
  // composer's action sends a person without one to onboarding); a post is 404 to anyone who may not
  // read it (tests/integration/community-posts.test.ts covers real ones).
  "_app.common-area._index": { url: "/common-area?feed=saved&sort=hot", policy: "user" },
  // Forums (issue 29, part 5): every signed-in person reads the grid and a category (a private one's
  // posts only its members: tests/integration/community-forums.test.ts); joining needs a role.
  "_app.common-area.forums._index": {
    url: "/common-area/forums?sortBy=members&filter=joined",
    policy: "user",
  },
  "_app.common-area.forums.$slug": {
    url: "/common-area/forums/q-and-a?sort=top",
    params: { slug: "q-and-a" },
    policy: "user",
  },
  "_app.posts.$id": {
    url: "/posts/00000000-0000-4000-8000-000000000000",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
    // Its forms post to the feed's action (an empty form is refused for its content).
    action: "user",
  },
  // Reports (issue 29, part 10): an item one may not read (or that does not exist) is 404; one's own
  // moderation notices and appeals are any signed-in person's.
  "_app.report.$kind.$id": {
    url: "/report/post/00000000-0000-4000-8000-000000000000",
    params: { kind: "post", id: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  // Send a post in a message (issue 29, part 1; decision 072): a post one may not read (or that does
  // not exist) is 404, as its page.
  "_app.posts.$id_.share": {
    url: "/posts/00000000-0000-4000-8000-000000000000/share",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  "_app.moderation": { url: "/moderation", policy: "user" },
  "api.messages.live": { url: "/api/messages/live", policy: "public" },
  // A post's media (issue 29, part 1): signed-in readers of the post only; a post nobody has is 404.
  "posts.media.$postId.$index": {
    url: "/posts/media/00000000-0000-4000-8000-000000000000/0",
    params: { postId: "00000000-0000-4000-8000-000000000000", index: "0" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  // A link preview's stored picture (decision 087): as the post's media.
  "posts.link-image.$postId.$name": {
    url: "/posts/link-image/00000000-0000-4000-8000-000000000000/00000000000000000000000000000000",
    params: { postId: "00000000-0000-4000-8000-000000000000", name: "00000000000000000000000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  "messages.attachments.$id": {
    url: "/messages/attachments/00000000-0000-4000-8000-000000000000",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  // Associations (issue 12, section 1). The overview and the join page: anyone with a role (each
  // sees their own associations; the sidebar offers the overview to admin, board and manager contexts).
  "_app.properties._index": { url: "/properties", policy: "context" },
  "_app.properties.join": { url: "/properties/join?q=oak", policy: "context" },
  // Creating one takes a verified board member or property manager role.
  "_app.properties.new": {
    url: "/properties/new",
    policy: {
      custom: (p) =>
        p === "anonymous"
          ? "sign_in"
          : p === "no_role"
            ? "redirect:/onboarding"
            : p === "board_member" || p === "manager"
              ? "ok"
              : "forbidden",
    },
  },
  // An association's page and actions: members only, 404 for everyone else
  // (tests/integration/associations.test.ts covers members).
  "_app.properties.$id": {
    url: "/properties/00000000-0000-4000-8000-000000000000",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: {
      custom: (p) => (p === "anonymous" ? "sign_in" : p === "no_role" ? "redirect:/onboarding" : "not_found"),
    },
  },
  // An invitation link shows to anyone holding it; accepting needs a signed-in person (an unknown
  // link: 404).
  "invitations.$token": {
    url: "/invitations/no-such-token",
    params: { token: "no-such-token" },
    policy: "public",
    action: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  // The association switcher: a POST for any signed-in person (an empty form: 400); a GET goes to the overview.
  "properties.switch": {
    url: "/properties/switch",
    policy: { custom: () => "redirect:/properties" },
    action: "user",
  },
  // A proposal's documents: only the vendor, the RFP's author (once submitted) and admins.
  "documents.proposal.$id": {
    url: "/documents/proposal/00000000-0000-4000-8000-000000000000",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  // The proposals an author's RFPs received: anyone with a role (each sees only their own RFPs').
  "_app.dashboard_.proposals": { url: "/dashboard/proposals", policy: "context" },
  // The association's document library (issue 12, part 1): any signed-in person with a role opens the
  // page (it lists what their memberships and vendor shares allow; tests/integration/documents.test.ts);
  // its forms are for the board and managers of the active association (others: 403, or /properties
  // without one). An unknown document, its actions and its downloads are 404 for everyone.
  "_app.documents._index": { url: "/documents", policy: "context" },
  "_app.documents.$id": {
    url: "/documents/00000000-0000-4000-8000-000000000000",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: {
      custom: (p) => (p === "anonymous" ? "sign_in" : p === "no_role" ? "redirect:/onboarding" : "not_found"),
    },
  },
  "documents.library.$versionId": {
    url: "/documents/library/00000000-0000-4000-8000-000000000000",
    params: { versionId: "00000000-0000-4000-8000-000000000000" },
    policy: {
      custom: (p) => (p === "anonymous" ? "sign_in" : p === "no_role" ? "redirect:/onboarding" : "not_found"),
    },
  },
  "_app.board-room": { url: "/board-room?search=x&status=scheduled", policy: boardRoomPage },
  "_app.board-room_.new": { url: "/board-room/new", policy: boardRoomPage, action: boardRoomAction },
  "_app.board-room_.action-items": {
    url: "/board-room/action-items",
    policy: boardRoomPage,
    action: boardRoomAction,
  },
  "_app.board-room_.meetings.$id": {
    url: `/board-room/meetings/${NIL}`,
    params: { id: NIL },
    policy: boardRoomPage,
    action: boardRoomAction,
  },
  "_app.board-room_.meetings.$id_.edit": {
    url: `/board-room/meetings/${NIL}/edit`,
    params: { id: NIL },
    policy: boardRoomPage,
    action: boardRoomAction,
  },
  "_app.board-room_.meetings.$id_.minutes": {
    url: `/board-room/meetings/${NIL}/minutes`,
    params: { id: NIL },
    policy: boardRoomPage,
    action: boardRoomAction,
  },
  // The board packet (issue 12): the meeting's association board and managers, and invited attendees
  // (tests/integration/meeting-packet.test.ts); an unknown meeting or document is 404 for everyone.
  "_app.board-room_.meetings.$id_.packet": {
    url: `/board-room/meetings/${NIL}/packet`,
    params: { id: NIL },
    policy: {
      custom: (p) => (p === "anonymous" ? "sign_in" : p === "no_role" ? "redirect:/onboarding" : "not_found"),
    },
  },
  "documents.meeting.$id": {
    url: `/documents/meeting/${NIL}`,
    params: { id: NIL },
    policy: {
      custom: (p) => (p === "anonymous" ? "sign_in" : p === "no_role" ? "redirect:/onboarding" : "not_found"),
    },
  },
  // The financials (issue 13): board members and managers of the active association, like the board
  // room, and administrators (the chooser first); tests/integration/finance.test.ts covers homeowners
  // (403) and other associations (404), finance-approval.test.ts administrators.
  // Issue 27, part 4: the layout (no action) and one route per tab, each with the same rules.
  "_app.financials": { url: "/financials/budgets?period=current_month", policy: financeHome },
  "_app.financials._index": {
    url: "/financials?period=current_month",
    policy: financeHome,
    action: boardRoomAction,
  },
  "_app.financials.budgets": {
    url: "/financials/budgets?period=current_month",
    policy: financeHome,
    action: boardRoomAction,
  },
  "_app.financials.expenses": {
    url: "/financials/expenses?period=current_month",
    policy: financeHome,
    action: boardRoomAction,
  },
  "_app.financials.reserves": {
    url: "/financials/reserves?period=current_month",
    policy: financeHome,
    action: boardRoomAction,
  },
  "_app.financials.reports": { url: "/financials/reports?period=current_month", policy: financeHome },
  "_app.financial.budgets.$id.edit": {
    url: `/financial/budgets/${NIL}/edit`,
    params: { id: NIL },
    policy: financePage,
    action: boardRoomAction,
  },
  "_app.financial.transactions.$id.edit": {
    url: `/financial/transactions/${NIL}/edit`,
    params: { id: NIL },
    policy: financePage,
    action: boardRoomAction,
  },
  "_app.financial.history": { url: "/financial/history", policy: financePage },
  "_app.financial.import": { url: "/financial/import", policy: financePage, action: boardRoomAction },
  "financial.transactions.$id.receipt": {
    url: `/financial/transactions/${NIL}/receipt`,
    params: { id: NIL },
    policy: financePage,
  },
  "financial.reports.$report": {
    url: "/financial/reports/income-statement.csv",
    params: { report: "income-statement.csv" },
    policy: financePage,
  },
  // An administrator's choice of association for the financials: a POST for admins only.
  "financial.association": {
    url: "/financial/association",
    policy: { custom: () => "redirect:/financials" },
    action: "admin",
  },
  "api.financial.summary": { url: "/api/financial/summary?period=current_month", policy: boardRoomApi },
  "api.financial.transactions": { url: "/api/financial/transactions?limit=10", policy: boardRoomApi },
  "api.financial.budgets": { url: "/api/financial/budgets", policy: boardRoomApi },
  "api.financial.export": { url: "/api/financial/export?type=overview", policy: boardRoomApi },
  "api.financial.budgets_.$id": {
    url: `/api/financial/budgets/${NIL}`,
    params: { id: NIL },
    policy: boardRoomApi,
    action: boardRoomApiAction,
  },
  "api.financial.transactions_.$id": {
    url: `/api/financial/transactions/${NIL}`,
    params: { id: NIL },
    policy: boardRoomApi,
    action: boardRoomApiAction,
  },
  // Shared approved minutes (issue 12): any member of the active association, homeowners included.
  "_app.minutes": { url: "/minutes", policy: boardRoomPage },
  "_app.minutes_.$id": { url: `/minutes/${NIL}`, params: { id: NIL }, policy: boardRoomPage },
  "minutes.$id.pdf": { url: `/minutes/${NIL}/pdf`, params: { id: NIL }, policy: boardRoomPage },
  "api.board-room.meetings": {
    url: "/api/board-room/meetings",
    policy: boardRoomApi,
    action: boardRoomApiAction,
  },
  "api.board-room.meetings_.$id": {
    url: `/api/board-room/meetings/${NIL}`,
    params: { id: NIL },
    policy: boardRoomApi,
    action: boardRoomApiAction,
  },
  "api.board-room.meetings_.$id_.minutes": {
    url: `/api/board-room/meetings/${NIL}/minutes`,
    params: { id: NIL },
    policy: boardRoomApi,
    action: boardRoomApiAction,
  },
  // The calendar (issue 12 part 3): every signed-in person has one, with or without a role. Unknown
  // events are 404 for everyone (tests/integration/calendar.test.ts covers real ones and scoping).
  "_app.calendar": { url: "/calendar?month=2026-03&view=month", policy: "user" },
  "_app.calendar_.new": { url: "/calendar/new?date=2026-03-02", policy: "user" },
  "_app.calendar_.events.$id": {
    url: "/calendar/events/00000000-0000-4000-8000-000000000000",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  "_app.calendar_.events.$id_.edit": {
    url: "/calendar/events/00000000-0000-4000-8000-000000000000/edit",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  // Invitation answers work without signing in, for whoever holds the e-mailed token (here none: 404).
  "calendar.invitations.$token": {
    url: "/calendar/invitations/unknown",
    params: { token: "unknown" },
    policy: { custom: () => "not_found" },
    action: "public",
  },
  // The secret feed: calendar apps fetch it without a session; an unknown token is 404 for everyone.
  "calendar.feed.$token": {
    url: "/calendar/feed/unknown.ics",
    params: { token: "unknown.ics" },
    policy: { custom: () => "not_found" },
  },
  // The JSON endpoints: 401 { error } when signed out; a form post is refused for its media type (415)
  // or method (405) once past the guard.
  "api.calendar.events": {
    url: "/api/calendar/events?start_date=2026-03-01&end_date=2026-03-31",
    policy: { custom: (p) => (p === "anonymous" ? "unauthorized" : "ok") },
    action: "public",
  },
  "api.calendar.events.$id": {
    url: "/api/calendar/events/00000000-0000-4000-8000-000000000000",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "unauthorized" : "not_found") },
    action: "public",
  },
  // Connections (issue 28): everyone with a role; the action's forms are refused for their content
  // (400) once past the guard (tests/integration/connections.test.ts covers who may do what).
  "_app.connections": { url: "/connections", policy: "context" },
  // The professional network (issue 28). A profile: any signed-in person, with or without a role; an
  // unknown (or private, or blocked) one is 404 (tests/integration/network-profiles.test.ts covers
  // real ones). The directory and the profile's edit page: any signed-in person.
  "_app.professional.$slug": {
    url: "/professional/no-such-person",
    params: { slug: "no-such-person" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
  "_app.directory": { url: "/directory?q=test&state=FL", policy: "user" },
  "_app.profile.edit": { url: "/profile/edit", policy: "user" },
  // Profile photos are served to anyone by their content-hash name (unguessable); an unknown one is 404.
  "avatars.$name": {
    url: `/avatars/${"0".repeat(32)}-512.webp`,
    params: { name: `${"0".repeat(32)}-512.webp` },
    policy: { custom: () => "not_found" },
  },
  // RFP attachments are as private as their RFP: nobody else learns that one exists.
  "documents.rfp.$id": {
    url: "/documents/rfp/00000000-0000-4000-8000-000000000000",
    params: { id: "00000000-0000-4000-8000-000000000000" },
    policy: { custom: (p) => (p === "anonymous" ? "sign_in" : "not_found") },
  },
};

const ROUTES_DIR = path.resolve("app/routes");
// Route modules only: a route's own helpers beside it (`*.server.ts`) are not routes (remix.config.js).
const routeFiles = readdirSync(ROUTES_DIR)
  .filter((f) => /\.(tsx?|jsx?)$/.test(f) && !/\.server\.(tsx?|jsx?)$/.test(f))
  .map((f) => f.replace(/\.(tsx?|jsx?)$/, ""));

async function outcomeOf(
  loader: (args: never) => unknown,
  url: string,
  cookie: string | null,
  params: Record<string, string> = {},
): Promise<Outcome> {
  let result: unknown;
  try {
    result = await loader({
      request: new Request(`http://localhost${url}`, { headers: cookie ? { Cookie: cookie } : {} }),
      params,
      context: {},
    } as never);
  } catch (thrown) {
    result = thrown;
  }
  return classify(result);
}

function classify(result: unknown): Outcome {
  if (!(result instanceof Response)) return "ok";
  if (result.status >= 200 && result.status < 300) return "ok";
  // A JSON endpoint answers a signed-out caller 401 { error } instead of redirecting.
  if (result.status === 401) return "unauthorized";
  if (result.status === 403) return "forbidden";
  if (result.status === 404) return "not_found";
  if (result.status >= 300 && result.status < 400) {
    const location = result.headers.get("Location") ?? "";
    if (location.startsWith("/auth/sign-in")) return "sign_in";
    return `redirect:${location}`;
  }
  // A form that got past the guard and was refused for its content.
  // (405, 413 and 415: a JSON endpoint refused the form's method, size or media type.)
  if ([400, 405, 409, 413, 415, 422, 429].includes(result.status)) return "ok";
  return `redirect:status ${result.status}` as Outcome;
}

/** Posts an empty form: whoever may use the action gets past the guard (and a 400 for the empty form). */
async function actionOutcomeOf(
  action: (args: never) => unknown,
  url: string,
  cookie: string | null,
  params: Record<string, string> = {},
): Promise<Outcome> {
  let result: unknown;
  try {
    result = await action({
      request: new Request(`http://localhost${url}`, {
        method: "POST",
        body: new URLSearchParams(),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookie ? { Cookie: cookie } : {}),
        },
      }),
      params,
      context: {},
    } as never);
  } catch (thrown) {
    result = thrown;
  }
  // 401: a sign-in form that got past any guard and was refused for its (empty) credentials.
  const outcome = result instanceof Response && result.status === 401 ? "ok" : classify(result);
  // An empty sign-out or preference post redirects after doing its work.
  return outcome.startsWith("redirect:/") &&
    !outcome.startsWith("redirect:/onboarding") &&
    !outcome.startsWith("redirect:/dashboard")
    ? "ok"
    : outcome;
}

it("has a policy for every route file, and a route file for every policy", () => {
  expect([...routeFiles].sort()).toEqual(Object.keys(MATRIX).sort());
});

it("declares plan rules only for routes that exist, and one for every feature the server enforces", () => {
  for (const file of [...Object.keys(PLAN_RULES), ...Object.keys(PLAN_VIEWS)])
    expect(routeFiles).toContain(file);
  const covered = new Set([
    ...Object.values(PLAN_RULES).flatMap((rules) => rules.map((r) => r.feature)),
    ...Object.values(PLAN_VIEWS).map((v) => v.feature),
  ]);
  expect([...covered].sort()).toEqual([...ENFORCED_FEATURES].sort());
});

describe.each(engines)("who gets past which plan limit, on %s", (engine) => {
  const t = useTestDatabase(engine);
  let admin: string;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = (await personWithRole(t.db, "admin")).id;
  });

  /** A person without the plan (withPlan false) or with it, as the plan's subject needs. */
  async function planPerson(plan: "professional" | "association", withPlan: boolean): Promise<PlanPerson> {
    const endsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    if (plan === "professional") {
      const person = await personWithRole(t.db, "vendor");
      if (withPlan) {
        const granted = await grantComplimentaryPlan(t.db, {
          subject: { type: "user", id: person.id },
          planId: "professional",
          endsAt,
          reason: "Matrix",
          grantedBy: admin,
        });
        expect(granted.ok).toBe(true);
      }
      return { id: person.id, cookie: person.cookie, associationId: null };
    }
    const board = await personWithRole(t.db, "board_member");
    const { id } = await associationWith(t.db, { id: board.id });
    // Past its 30-day trial: only a plan opens the writes.
    await t.db
      .update(associations)
      .set({ createdAt: sql`now() - make_interval(days => 45)` as unknown as string })
      .where(eq(associations.id, id));
    if (withPlan) {
      const granted = await grantComplimentaryPlan(t.db, {
        subject: { type: "association", id },
        planId: "association",
        endsAt,
        reason: "Matrix",
        grantedBy: admin,
      });
      expect(granted.ok).toBe(true);
    }
    return { id: board.id, cookie: board.cookie, associationId: id };
  }

  async function postAs(file: string, person: PlanPerson, fields: Record<string, string>) {
    const mod = (await import(`~/routes/${file}`)) as { action: (args: never) => Promise<unknown> };
    const entry = MATRIX[file] as (typeof MATRIX)[string];
    const url = file === "_app.rfps._index" ? `${entry.url}?index` : entry.url;
    try {
      return await mod.action({
        request: formRequest(url, fields, { Cookie: person.cookie }),
        params: entry.params ?? {},
        context: {},
      } as never);
    } catch (thrown) {
      return thrown;
    }
  }

  for (const [file, view] of Object.entries(PLAN_VIEWS)) {
    it(`${file}: ${view.what} needs the ${PLAN_OF[view.feature]} plan`, async () => {
      const mod = (await import(`~/routes/${file}`)) as { loader: (args: never) => Promise<Response> };
      const entry = MATRIX[file] as (typeof MATRIX)[string];
      const view_ = async (person: PlanPerson) => {
        const res = await mod.loader({
          request: new Request(`http://localhost${entry.url}`, { headers: { Cookie: person.cookie } }),
          params: entry.params ?? {},
          context: {},
        } as never);
        expect(res.status).toBe(200);
        return (await res.json()) as Record<string, unknown>;
      };
      const locked = await view_(await planPerson(PLAN_OF[view.feature], false));
      expect(locked.locked).toMatchObject({ upgradeUrl: expect.stringContaining("/settings/billing") });
      expect(locked[view.figures]).toBeNull();
      const open = await view_(await planPerson(PLAN_OF[view.feature], true));
      expect(open.locked).toBeNull();
      expect(open[view.figures]).not.toBeNull();
    });
  }

  for (const [file, rules] of Object.entries(PLAN_RULES)) {
    for (const rule of rules) {
      it(`${file}: ${rule.what} needs the ${PLAN_OF[rule.feature]} plan`, async () => {
        const plan = PLAN_OF[rule.feature];
        const without = await planPerson(plan, false);
        const refused = await postAs(file, without, await rule.form(t.db, without));
        expect(refused).toBeInstanceOf(Response);
        expect((refused as Response).status).toBe(rule.refused.status);
        expect(await (refused as Response).json()).toMatchObject(rule.refused.body);

        const withPlan = await planPerson(plan, true);
        // The same post with the plan gets past it.
        const allowed = await postAs(file, withPlan, await rule.form(t.db, withPlan));
        expect(allowed instanceof Response ? allowed.status : 200).not.toBe(402);
        // Past every guard: done (2xx, or a redirect to what it made), or refused for its content (4xx).
        const outcome = classify(allowed);
        expect(["sign_in", "unauthorized", "forbidden", "not_found"]).not.toContain(outcome);
        expect(outcome).not.toMatch(/^redirect:(\/auth|\/onboarding|\/properties|status)/);
      });
    }
  }
});

describe.each(engines)("who gets into which route, on %s", (engine) => {
  const t = useTestDatabase(engine);
  const cookies = new Map<Persona, string | null>();
  beforeAll(async () => {
    useAppDatabase(t.handle);
    cookies.set("anonymous", null);
    cookies.set("no_role", (await personWithRole(t.db, null)).cookie);
    for (const type of ROLE_TYPES) cookies.set(type, (await personWithRole(t.db, type)).cookie);
  });

  for (const file of routeFiles) {
    const entry = MATRIX[file];
    if (!entry) continue;
    it(`${file} (${entry.url})`, async () => {
      const mod = (await import(`~/routes/${file}`)) as {
        loader?: (args: never) => unknown;
        action?: (args: never) => unknown;
      };
      const actual: Record<string, Outcome> = {};
      const wanted: Record<string, Outcome> = {};
      for (const persona of PERSONAS) {
        const cookie = cookies.get(persona) ?? null;
        if (mod.loader) {
          actual[`GET as ${persona}`] = await outcomeOf(mod.loader, entry.url, cookie, entry.params);
          wanted[`GET as ${persona}`] = expected(entry.policy, persona);
        }
        if (mod.action && entry.action !== "skip") {
          actual[`POST as ${persona}`] = await actionOutcomeOf(mod.action, entry.url, cookie, entry.params);
          wanted[`POST as ${persona}`] = expected(
            (entry.action as Policy | undefined) ?? entry.policy,
            persona,
          );
        }
      }
      expect(actual).toEqual(wanted);
    });
  }
});
