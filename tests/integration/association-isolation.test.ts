/**
 * Association isolation (issue 12, quality bars): a board member of association B walks every
 * association-scoped URL and action of association A (its properties page, documents and their
 * downloads, board room pages, actions and API, minutes and their PDF, calendar events of A, its
 * invitations and join requests) and gets 404 for each, as DESIGN.md asks ("a person outside it gets
 * 404, so ids reveal nothing"); the lists B sees (board room, minutes, documents, calendar, API lists,
 * B's own feed) hold nothing of A; and nothing of A changed. A homeowner of B, whose role may not use
 * B's own board room and books (403 there), walks the same addresses and gets 404 too, and so do both
 * for ids that name nothing (issue 26: they got 403 for another association's board room and finance
 * pages, and for a random id).
 *
 * The routes come from app/routes: every route file is either in SCOPED (with its probes) or in
 * NOT_ASSOCIATION_SCOPED (with the reason), so a new association-scoped route without probes here
 * fails this test.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMemberships } from "~/auth/association.server";
import { createInvitation } from "~/commands/associations.server";
import { createEvent } from "~/commands/calendar.server";
import { feedToken } from "~/commands/calendar-feed.server";
import { createCommunityEvent } from "~/commands/community-events.server";
import { createBudget, createTransaction } from "~/commands/finance.server";
import { linkLibraryDocument } from "~/commands/meeting-packet.server";
import { assignActionItem, changeMeeting, loadMeeting, scheduleMeeting } from "~/commands/meetings.server";
import { resetEnvForTests } from "~/env.server";
import { type Queryable, queryRows } from "../../db/client";
import { useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { engines, useTestDatabase } from "../support/db";
import { TINY_PDF } from "../support/files";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");
const routeFiles = readdirSync(ROUTES_DIR)
  .filter((f) => /\.(tsx?|jsx?)$/.test(f) && !/\.server\.(tsx?|jsx?)$/.test(f))
  .map((f) => f.replace(/\.(tsx?|jsx?)$/, ""));

/** Association A's ids the probes use. */
interface A {
  association: string;
  meeting: string;
  heldMeeting: string;
  agendaItem: string;
  attendee: string;
  actionItem: string;
  document: string;
  version: string;
  folder: string;
  event: string;
  invitation: string;
  memberId: string;
  /** A document of the upcoming meeting's board packet (a link to A's library document). */
  packetDocument: string;
  /** A budget and an expense of A's books. */
  budget: string;
  transaction: string;
  /** B's own feed token (a list of B's: it must hold nothing of A). */
  feedOfB: string;
  /** A community event for A's members only (Organization Only). */
  communityEvent: string;
}

/** One request: to a loader (GET) or an action (other methods). */
interface Probe {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  params?: Record<string, string>;
  form?: Record<string, string>;
  json?: unknown;
  /** "absent": a list of B's own that must answer and hold nothing of A (no id, no marker). */
  expect?: 404 | "absent" | "as-unknown";
}

const UNKNOWN = "00000000-0000-4000-8000-00000000abcd";
/** Every title, name and text of A carries this word, so a list that shows any of A shows it. */
const MARKER = "Zanzibar";

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const isoDay = (n: number) => inDays(n).slice(0, 10);

const meetingBody = {
  title: `${MARKER} hijack`,
  meeting_type: "regular",
  start_time: inDays(20),
  end_time: inDays(20.1),
};
const eventBody = {
  title: `${MARKER} hijack`,
  event_type: "meeting",
  start_time: `${isoDay(5)}T09:00`,
  end_time: `${isoDay(5)}T10:00`,
  attendee_emails: [],
};
const eventForm = {
  title: `${MARKER} hijack`,
  event_type: "meeting",
  start_date: isoDay(5),
  start_time: "09:00",
  end_date: isoDay(5),
  end_time: "10:00",
  time_zone: "America/New_York",
};

/**
 * Route file -> the probes of association A's data a member of B sends it. Routes that work on the
 * active association only (no id in the address) are probed as lists B sees: nothing of A in them.
 */
const SCOPED: Record<string, (a: A) => Probe[]> = {
  "_app.properties.$id": (a) => [
    { url: `/properties/${a.association}`, params: { id: a.association } },
    ...["leave", "settings", "invite", "approve", "decline", "remove", "revoke"].map(
      (intent): Probe => ({
        method: "POST",
        url: `/properties/${a.association}`,
        params: { id: a.association },
        form: {
          intent,
          member_id: a.memberId,
          invitation_id: a.invitation,
          email: "new@example.test",
          member_role: "homeowner",
          unit: "9",
          name: `${MARKER} renamed`,
        },
      }),
    ),
  ],
  "_app.properties._index": () => [{ url: "/properties", expect: "absent" }],
  // Community events (issue 29, part 7): an Organization Only event of A is not in B's list, and
  // answering it is answered as for an event that does not exist.
  "_app.common-area.events": (a) => [
    { url: "/common-area/events", expect: "absent" },
    {
      method: "POST",
      url: "/common-area/events",
      form: { intent: "rsvp", event_id: a.communityEvent, status: "attending" },
    },
  ],
  // The plan of the active association (from the membership, never from the request): B's, not A's.
  "_app.settings.billing": () => [{ url: "/settings/billing", expect: "absent" }],
  "properties.switch": (a) => [
    { method: "POST", url: "/properties/switch", form: { association_id: a.association, redirectTo: "/" } },
  ],
  "_app.documents.$id": (a) => [
    { url: `/documents/${a.document}`, params: { id: a.document } },
    ...["archive", "restore", "rename", "category", "visibility", "move", "new-version"].map(
      (intent): Probe => ({
        method: "POST",
        url: `/documents/${a.document}`,
        params: { id: a.document },
        form: {
          intent,
          title: `${MARKER} renamed`,
          category: "other",
          visibility: "board",
          folderId: "",
        },
      }),
    ),
  ],
  "_app.documents._index": (a) => [
    { url: "/documents", expect: "absent" },
    // A's folder named in B's own library: answered as an unknown folder, nothing made.
    {
      method: "POST",
      url: "/documents",
      form: { intent: "create-folder", name: "Inside A", parentId: a.folder },
      expect: "as-unknown",
    },
  ],
  "documents.library.$versionId": (a) => [
    { url: `/documents/library/${a.version}`, params: { versionId: a.version } },
  ],
  "_app.board-room": () => [{ url: "/board-room", expect: "absent" }],
  "_app.board-room_.new": () => [{ url: "/board-room/new", expect: "absent" }],
  "_app.board-room_.action-items": (a) => [
    { url: "/board-room/action-items", expect: "absent" },
    {
      method: "POST",
      url: "/board-room/action-items",
      form: {
        intent: "status",
        meeting_id: a.heldMeeting,
        action_item_id: a.actionItem,
        status: "completed",
      },
    },
  ],
  "_app.board-room_.meetings.$id": (a) => [
    { url: `/board-room/meetings/${a.meeting}`, params: { id: a.meeting } },
    ...[
      ["start"],
      ["complete"],
      ["cancel", { reason: "No quorum" }],
      ["delete"],
      ["add-agenda", { title: `${MARKER} item`, item_type: "discussion" }],
      ["edit-agenda", { item_id: a.agendaItem, title: `${MARKER} item` }],
      ["remove-agenda", { item_id: a.agendaItem }],
      ["move-agenda", { item_id: a.agendaItem, direction: "down" }],
      ["add-guest", { email: "guest@example.test" }],
      ["remove-attendee", { attendee_id: a.attendee }],
      ["attendance", { attendee_id: a.attendee, attendance: "present" }],
    ].map(
      ([intent, extra]): Probe => ({
        method: "POST",
        url: `/board-room/meetings/${a.meeting}`,
        params: { id: a.meeting },
        form: { intent: intent as string, ...((extra as Record<string, string>) ?? {}) },
      }),
    ),
  ],
  "_app.board-room_.meetings.$id_.edit": (a) => [
    { url: `/board-room/meetings/${a.meeting}/edit`, params: { id: a.meeting } },
    {
      method: "POST",
      url: `/board-room/meetings/${a.meeting}/edit`,
      params: { id: a.meeting },
      form: { title: `${MARKER} hijack`, meeting_type: "regular", version: "1" },
    },
  ],
  "_app.board-room_.meetings.$id_.packet": (a) => [
    { url: `/board-room/meetings/${a.meeting}/packet`, params: { id: a.meeting } },
    ...[
      { intent: "packet-link", library_document_id: a.document } as Record<string, string>,
      { intent: "packet-remove", document_id: a.packetDocument } as Record<string, string>,
    ].map(
      (form): Probe => ({
        method: "POST",
        url: `/board-room/meetings/${a.meeting}/packet`,
        params: { id: a.meeting },
        form,
      }),
    ),
  ],
  "documents.meeting.$id": (a) => [
    { url: `/documents/meeting/${a.packetDocument}`, params: { id: a.packetDocument } },
  ],
  "_app.board-room_.meetings.$id_.minutes": (a) => [
    { url: `/board-room/meetings/${a.heldMeeting}/minutes`, params: { id: a.heldMeeting } },
    ...[
      "content",
      "add-motion",
      "remove-motion",
      "add-action-item",
      "remove-action-item",
      "action-item-status",
      "approve",
      "share",
    ].map(
      (intent): Probe => ({
        method: "POST",
        url: `/board-room/meetings/${a.heldMeeting}/minutes`,
        params: { id: a.heldMeeting },
        form: {
          intent,
          content: `${MARKER} minutes`,
          action_item_id: a.actionItem,
          motion_id: UNKNOWN,
          status: "completed",
        },
      }),
    ),
  ],
  "_app.financials": () => [
    { url: "/financials", expect: "absent" },
    { url: "/financials/budgets", expect: "absent" },
  ],
  "_app.financials._index": () => [{ url: "/financials", expect: "absent" }],
  "_app.financials.budgets": () => [{ url: "/financials/budgets", expect: "absent" }],
  "_app.financials.expenses": () => [{ url: "/financials/expenses", expect: "absent" }],
  "_app.financials.reserves": () => [{ url: "/financials/reserves", expect: "absent" }],
  "_app.financials.reports": () => [{ url: "/financials/reports", expect: "absent" }],
  "_app.financial.budgets.$id.edit": (a) => [
    { url: `/financial/budgets/${a.budget}/edit`, params: { id: a.budget } },
    ...[{ intent: "delete" }, { intent: "save", name: `${MARKER} hijack`, version: "1" }].map<Probe>(
      (form): Probe => ({
        method: "POST",
        url: `/financial/budgets/${a.budget}/edit`,
        params: { id: a.budget },
        form: form as unknown as Record<string, string>,
      }),
    ),
  ],
  "_app.financial.transactions.$id.edit": (a) => [
    { url: `/financial/transactions/${a.transaction}/edit`, params: { id: a.transaction } },
    ...[{ intent: "delete" }, { intent: "save", description: `${MARKER} hijack`, version: "1" }].map<Probe>(
      (form): Probe => ({
        method: "POST",
        url: `/financial/transactions/${a.transaction}/edit`,
        params: { id: a.transaction },
        form: form as unknown as Record<string, string>,
      }),
    ),
  ],
  "financial.transactions.$id.receipt": (a) => [
    { url: `/financial/transactions/${a.transaction}/receipt`, params: { id: a.transaction } },
  ],
  "_app.financial.history": () => [{ url: "/financial/history", expect: "absent" }],
  "_app.financial.import": () => [{ url: "/financial/import", expect: "absent" }],
  "financial.reports.$report": () =>
    ["budget-vs-actual.csv", "income-statement.csv", "reserve-summary.csv"].map(
      (report): Probe => ({ url: `/financial/reports/${report}`, params: { report }, expect: "absent" }),
    ),
  "api.financial.summary": () => [{ url: "/api/financial/summary", expect: "absent" }],
  "api.financial.budgets": () => [{ url: "/api/financial/budgets", expect: "absent" }],
  "api.financial.transactions": () => [{ url: "/api/financial/transactions", expect: "absent" }],
  "api.financial.export": () =>
    ["overview", "budgets", "expenses", "reserves"].map(
      (type): Probe => ({ url: `/api/financial/export?type=${type}`, expect: "absent" }),
    ),
  "api.financial.budgets_.$id": (a) => [
    { method: "DELETE", url: `/api/financial/budgets/${a.budget}`, params: { id: a.budget } },
  ],
  "api.financial.transactions_.$id": (a) => [
    { method: "DELETE", url: `/api/financial/transactions/${a.transaction}`, params: { id: a.transaction } },
  ],
  "_app.minutes": () => [{ url: "/minutes", expect: "absent" }],
  "_app.minutes_.$id": (a) => [{ url: `/minutes/${a.heldMeeting}`, params: { id: a.heldMeeting } }],
  "minutes.$id.pdf": (a) => [{ url: `/minutes/${a.heldMeeting}.pdf`, params: { id: a.heldMeeting } }],
  "api.board-room.meetings": () => [{ url: "/api/board-room/meetings", expect: "absent" }],
  "api.board-room.meetings_.$id": (a) => [
    { url: `/api/board-room/meetings/${a.meeting}`, params: { id: a.meeting } },
    {
      method: "PUT",
      url: `/api/board-room/meetings/${a.meeting}`,
      params: { id: a.meeting },
      json: meetingBody,
    },
    { method: "DELETE", url: `/api/board-room/meetings/${a.meeting}`, params: { id: a.meeting } },
  ],
  "api.board-room.meetings_.$id_.minutes": (a) => [
    { url: `/api/board-room/meetings/${a.heldMeeting}/minutes`, params: { id: a.heldMeeting } },
    {
      method: "POST",
      url: `/api/board-room/meetings/${a.heldMeeting}/minutes`,
      params: { id: a.heldMeeting },
      json: { content: `${MARKER} minutes`, motions: [], action_items: [] },
    },
  ],
  "_app.calendar": () => [
    { url: `/calendar?month=${isoDay(3).slice(0, 7)}`, expect: "absent" },
    { url: "/calendar?view=agenda", expect: "absent" },
  ],
  "_app.calendar_.new": (a) => [
    { method: "POST", url: "/calendar/new", form: { ...eventForm, association_id: a.association } },
  ],
  "_app.calendar_.events.$id": (a) => [
    { url: `/calendar/events/${a.event}`, params: { id: a.event } },
    {
      method: "POST",
      url: `/calendar/events/${a.event}`,
      params: { id: a.event },
      form: { intent: "duplicate" } as Record<string, string>,
    },
    {
      method: "POST",
      url: `/calendar/events/${a.event}`,
      params: { id: a.event },
      form: { intent: "delete", scope: "series" } as Record<string, string>,
    },
  ],
  "_app.calendar_.events.$id_.edit": (a) => [
    { url: `/calendar/events/${a.event}/edit`, params: { id: a.event } },
    { method: "POST", url: `/calendar/events/${a.event}/edit`, params: { id: a.event }, form: eventForm },
  ],
  "api.calendar.events": (a) => [
    { url: `/api/calendar/events?start_date=${isoDay(-1)}&end_date=${isoDay(40)}`, expect: "absent" },
    { method: "POST", url: "/api/calendar/events", json: { ...eventBody, property_id: a.association } },
  ],
  "api.calendar.events.$id": (a) => [
    { url: `/api/calendar/events/${a.event}`, params: { id: a.event } },
    { method: "PUT", url: `/api/calendar/events/${a.event}`, params: { id: a.event }, json: eventBody },
    { method: "DELETE", url: `/api/calendar/events/${a.event}`, params: { id: a.event } },
  ],
  // B's own feed (a secret URL per person) holds nothing of A.
  "calendar.feed.$token": (a) => [
    { url: `/calendar/feed/${a.feedOfB}.ics`, params: { token: `${a.feedOfB}.ics` }, expect: "absent" },
  ],
};

/** Routes that hold no association's data, or reach it only by a secret addressed to one person. */
const NOT_ASSOCIATION_SCOPED: Record<string, string> = {
  $: "the not-found page",
  _index: "public home page",
  about: "public page",
  contact: "public form",
  "features._index": "public page",
  "features.$feature": "public page",
  help: "public page",
  "community-guidelines": "public page",
  "how-it-works": "public page",
  pricing: "public page",
  resources: "public page",
  healthz: "health check",
  preferences: "the visitor's own display preferences",
  "auth.callback": "sign-in",
  "auth.confirm": "e-mail confirmation token",
  "auth.oauth": "sign-in",
  "auth.reset-password": "password reset token",
  "auth.sign-in": "sign-in",
  "auth.sign-in-link": "sign-in",
  "auth.sign-out": "sign-out",
  "auth.sign-up": "sign-up",
  "email.unsubscribe": "the person's own e-mail settings (signed token)",
  onboarding: "the person's own onboarding",
  "onboarding.$step": "the person's own onboarding",
  "debug.admin-setup": "first administrator set-up",
  _app: "the signed-in shell (the person's own memberships only)",
  "_app.dashboard": "the person's own dashboard (RFPs, proposals)",
  "_app.dashboard_.proposals": "the person's own proposals",
  "_app.dashboard_.rfps.new": "RFP creation",
  "_app.notifications": "the person's own notifications",
  "_app.menu": "the shell's menus as a page (the person's own memberships only, from the shell)",
  "_app.search": "site search (public and own content; no association data)",
  "api.search": "site search",
  "_app.settings": "the person's own settings",
  "_app.settings._index": "the person's own settings",
  "_app.settings.account": "the person's own settings",
  "_app.settings.appearance": "the person's own settings",
  "_app.settings.roles": "the person's own roles",
  "_app.settings.security": "the person's own settings",
  "_app.settings.verification": "the person's own verification",
  "_app.admin": "administration (admins only: tests/integration/permission-matrix.test.ts)",
  "_app.admin_.analytics": "administration",
  "_app.admin_.credits": "administration",
  "_app.admin_.billing": "administration",
  "_app.admin_.learning-payments": "administration",
  "_app.settings_.billing.receipts.$id": "the person's own credit purchase receipt",
  "_app.admin_.diagnostics": "administration",
  "_app.admin_.errors": "administration",
  "_app.admin_.performance": "administration",
  "_app.admin_.users": "administration",
  "_app.admin_.content": "administration (the moderation queue)",
  "_app.credits._index": "the vendor's own credits",
  "_app.credits.cancel": "the vendor's own checkout",
  "_app.credits.success": "the vendor's own checkout",
  "credits.export[.csv]": "the vendor's own credit history",
  "api.create-checkout-session": "the vendor's own checkout",
  "api.stripe.webhook": "signed Stripe webhook",
  "_app.vendor-dashboard._index": "the vendor's own dashboard",
  "_app.vendor-dashboard_.credits": "the vendor's own credits",
  "_app.proposals": "the vendor's own proposals",
  "_app.rfps.$id": "RFPs: visibility rules of the marketplace (tests/integration/rfps.test.ts)",
  "_app.rfps.$id_.proposals": "the RFP author's proposals",
  "_app.rfps._index": "the RFP marketplace",
  "_app.rfps_.$id.edit": "the RFP author's own RFP",
  "_app.rfps_.browse": "the RFP marketplace",
  "_app.rfps_.create": "RFP creation",
  "_app.rfps_.my-proposals": "the vendor's own proposals",
  "_app.rfps_.new": "RFP creation",
  "documents.proposal.$id": "a proposal's files (author and vendor)",
  "documents.rfp.$id": "an RFP's files (marketplace visibility)",
  "documents.verification.$id": "the person's own verification files",
  "api.debug.ping": "diagnostics",
  "api.errors": "error reports from the browser",
  "api.vitals": "web vitals from the browser",
  "api.notifications.stream": "the person's own live notifications",
  "_app.properties.new": "creates a new association",
  "_app.properties.join": "asks to join an association by name: made by people outside it, by design",
  "invitations.$token":
    "an invitation token addressed to one e-mail; anyone else is refused (tests/integration/associations.test.ts)",
  "calendar.invitations.$token":
    "an event invitation's answer link, one token per attendee (tests/integration/calendar.test.ts)",
  "_app.vendor-dashboard_.analytics": "the vendor's own proposals, scoped by the signed-in vendor",
  "financial.association":
    "platform administrators only: chooses which association's books an administrator reads (permission matrix)",
  // The professional network (issue 28): people, not an association's records. Shared associations only
  // rank suggestions and let co-members message each other (tests/integration/connections.test.ts,
  // messages.test.ts); nothing of an association is shown.
  "_app.professional.$slug": "a person's profile (public, or the owner's and their connections')",
  "_app.professional._index": "the person's own Professional Center",
  "_app.professional.skills": "the person's own skills, another member's public ones",
  "_app.professional.endorsements": "endorsements between connections",
  "_app.profile.edit": "the person's own profile",
  "_app.directory": "public profiles",
  "avatars.$name": "profile photos by content hash",
  "_app.connections": "the person's own connections",
  "_app.messages": "the person's own conversations (participants only)",
  // The community feed (issue 29): posts of organization visibility are read by active members of the
  // post's association only, in SQL and per post (tests/integration/community-posts.test.ts); the
  // association is the reader's own membership, never a form field.
  "_app.common-area._index":
    "the community feed: each post's visibility decides (organization: its association's members)",
  "_app.posts.$id": "one post, 404 unless its visibility lets the reader read it",
  "_app.report.$kind.$id": "reporting an item, 404 unless the reader may read it",
  "_app.posts.$id_.share":
    "sending a post in a message: 404 unless the sender may read it; recipients by the messaging rules (community-share.test.ts)",
  "_app.moderation": "the person's own moderated items and suspensions",
  "_app.common-area.forums._index": "forum categories of the whole community (membership is per person)",
  "_app.common-area.forums.$slug":
    "one forum category; a private one's posts only for its members (community-forums.test.ts)",
  "api.messages.live": "typing and read signals of the person's own conversations",
  "messages.attachments.$id": "a conversation's files (participants only)",
  "posts.media.$postId.$index": "a post's files, for the post's readers (community-post-media.test.ts)",
  "posts.link-image.$postId.$name":
    "a link preview's stored picture, for the post's readers (link-preview-images.test.ts)",
  "_app.common-area.live._index": "live discussions of the whole community (decision 068)",
  "_app.learning-hub.courses._index": "the course catalogue is the whole platform's (issue 30)",
  "_app.learning-hub.paths._index": "the learning paths are the whole platform's (issue 30)",
  "_app.learning-hub._index": "the person's own learning dashboard (issue 30)",
  "_app.learning-hub.analytics": "the whole platform's learning figures, for administrators (issue 30)",
  "api.learning-activity": "the person's own learning time (issue 30)",
  "_app.learning-hub.paths.$slug": "a learning path and the person's own progress on it (issue 30)",
  "_app.learning-hub.courses.$slug": "a course and the person's own enrolment (issue 30)",
  "_app.learning-hub.courses.$slug_.lessons.$lessonId":
    "a course's lesson and the person's own progress (issue 30)",
  "_app.learning-hub.courses.$slug_.quizzes.$quizId":
    "a course's quiz and the person's own attempts (issue 30)",
  "_app.learning-hub.continuing-education": "the person's own licences and CE hours (issue 30, part 6)",
  "learning-hub.continuing-education.transcript": "the person's own CE transcript (issue 30, part 6)",
  "_app.learning-hub.courses.$slug_.checkout": "Enroll Now: the person's own checkout (decision 078)",
  "_app.learning-hub.paths.$slug_.checkout": "Enroll Now: the person's own checkout (decision 078)",
  "_app.learning-hub.purchases.$sessionId": "the person's own purchase, 404 for anyone else (decision 078)",
  "_app.learning-hub.courses.$slug_.review": "a course's rating form, the person's own rating (decision 078)",
  "_app.common-area.live.$id":
    "one live discussion, open to every signed-in person (decision 068; community-live.test.ts)",
  "_app.learning-hub.certifications._index": "the person's own certificates (issue 30, part 5)",
  "_app.learning-hub.certifications.$id":
    "a certificate, for its holder and admins (learning-certificates.test.ts)",
  "learning-hub.certifications.$id.pdf":
    "a certificate's PDF, for its holder (learning-certificates.test.ts)",
  "learning-hub.certifications.$id.credential": "a certificate's Open Badge, for its holder (decision 077)",
  "verify-certificate.$number": "the public verification page of a certificate number (decision 077)",
  "[.]well-known.jwks[.]json": "the platform's public signing key (decision 077)",
  "credentials.issuer": "the platform's Open Badges issuer profile (decision 077)",
  "credentials.$id.status": "a credential's public revocation status (decision 077)",
  "credentials.status.$list":
    "the badges' public signed status list: random positions, no names (decision 086)",
  "_app.legal._index": "Legal Resources' library is the whole platform's (issue 30, part 9)",
  "_app.legal.$slug": "one legal resource; pending or rejected only for its submitter and admins",
  "legal.$slug.download": "a legal template's download, as its page",
  "_app.legal.submissions": "the attorney's own submissions",
  "_app.legal.review": "administrators' review queue of the whole platform",
  "_app.legal.$slug_.edit":
    "a legal resource's edit or revision, for its attorney or administrators (decision 089)",
  // Course authoring (issue 30, part 2; decision 083): the whole platform's courses, for administrators.
  "_app.learning-hub.manage._index": "every course of the platform, for administrators (issue 30)",
  "_app.learning-hub.manage.$courseId": "a course being written, for administrators (issue 30)",
};

it("every route is either probed here as association-scoped or listed as not association-scoped", () => {
  const both = Object.keys(SCOPED).filter((k) => k in NOT_ASSOCIATION_SCOPED);
  expect(both).toEqual([]);
  const listed = new Set([...Object.keys(SCOPED), ...Object.keys(NOT_ASSOCIATION_SCOPED)]);
  expect(routeFiles.filter((f) => !listed.has(f))).toEqual([]);
  expect([...listed].filter((f) => !routeFiles.includes(f))).toEqual([]);
});

/** A's rows in every table that holds association data, to show that nothing of A changed. */
async function snapshotOf(db: Queryable, a: A) {
  const tables = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in ('association_id', 'meeting_id', 'document_id', 'event_id')
        order by table_name, column_name`,
  );
  const out: Record<string, unknown> = {};
  const scope: Record<string, string> = {
    association_id: `= '${a.association}'`,
    meeting_id: `in ('${a.meeting}', '${a.heldMeeting}')`,
    document_id: `= '${a.document}'`,
    event_id: `= '${a.event}'`,
  };
  for (const { table_name, column_name } of tables) {
    if (table_name === "events") continue;
    const rows = await queryRows<{ row: unknown }>(
      db,
      sql.raw(
        `select to_jsonb(t) as row from "${table_name}" t where t."${column_name}"::text ${scope[column_name]} order by 1::text`,
      ),
    );
    out[`${table_name}.${column_name}`] = rows.map((r) => JSON.stringify(r.row)).sort();
  }
  out.association = await queryRows(db, sql`select * from associations where id = ${a.association}`);
  out.meetingStreams = await queryRows(
    db,
    sql`select stream_id, count(*)::int as n from events where stream_id in (${`meeting-${a.meeting}`}, ${`meeting-${a.heldMeeting}`}) group by stream_id order by 1`,
  );
  return out;
}

describe.each(engines)("association isolation on %s", (engine) => {
  const t = useTestDatabase(engine);
  let presidentA: Person;
  let homeownerA: Person;
  let boardB: Person;
  let homeownerB: Person;
  let a: A;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    process.env.UPLOAD_DIR = mkdtempSync(path.join(tmpdir(), "isolation-"));
    process.env.APP_URL = "http://localhost:3999";
    resetEnvForTests();
    presidentA = await personWithRole(t.db, "board_member");
    homeownerA = await personWithRole(t.db, "homeowner");
    boardB = await personWithRole(t.db, "board_member");
    homeownerB = await personWithRole(t.db, "homeowner");
    const association = (
      await associationWith(t.db, { id: presidentA.id }, [{ id: homeownerA.id, memberRole: "homeowner" }], {
        name: `${MARKER} Towers`,
      })
    ).id;
    await associationWith(t.db, { id: boardB.id }, [{ id: homeownerB.id, memberRole: "homeowner" }], {
      name: "Bayside Commons",
    });

    const actor = { userId: presidentA.id, mayManage: true };
    const fields = (title: string, days: number) => ({
      title,
      description: `${MARKER} agenda`,
      meeting_type: "regular" as const,
      start_time: inDays(days),
      end_time: inDays(days + 0.1),
      location: `${MARKER} clubhouse`,
      meeting_url: null,
    });
    const upcoming = await scheduleMeeting(t.db, {
      associationId: association,
      actor,
      fields: fields(`${MARKER} budget meeting`, 3),
      agenda: [
        {
          title: `${MARKER} reserves`,
          description: null,
          item_type: "discussion",
          duration_minutes: 10,
          assigned_to: null,
        },
      ],
    });
    const held = await scheduleMeeting(t.db, {
      associationId: association,
      actor,
      fields: fields(`${MARKER} annual meeting`, -2),
    });
    if (!upcoming.ok || !held.ok) throw new Error("meetings not scheduled");
    const heldRef = { meetingId: held.result.meetingId, associationId: association, actor };
    for (const change of [
      { type: "StartMeeting" },
      { type: "CompleteMeeting" },
      { type: "DraftMinutes", content: `${MARKER} minutes text` },
    ] as const) {
      const r = await changeMeeting(t.db, { ...heldRef, change });
      if (!r.ok) throw new Error(r.error.message);
    }
    const assigned = await assignActionItem(t.db, {
      ...heldRef,
      actionItem: {
        description: `${MARKER} follow-up`,
        assigneeId: presidentA.id,
        assigneeName: "President A",
        due_date: isoDay(4),
      },
    });
    if (!assigned.ok) throw new Error(assigned.error.message);
    for (const change of [{ type: "ApproveMinutes" }, { type: "ShareMinutes" }] as const) {
      const r = await changeMeeting(t.db, { ...heldRef, change });
      if (!r.ok) throw new Error(r.error.message);
    }
    const upcomingState = await loadMeeting(t.db, upcoming.result.meetingId);
    const heldState = await loadMeeting(t.db, held.result.meetingId);

    // A document (uploaded through the library's own form) in a folder.
    const libraryRoute = await import("~/routes/_app.documents._index");
    const folderMade = await libraryRoute.action({
      request: new Request("http://localhost/documents", {
        method: "POST",
        body: new URLSearchParams({ intent: "create-folder", name: `${MARKER} folder` }),
        headers: { Cookie: presidentA.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context: {},
    } as never);
    expect((folderMade as Response).status).toBe(302);
    const [folder] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from document_folders where association_id = ${association}`,
    );
    const boundary = "----isolationboundary";
    const multipart = Buffer.concat([
      Buffer.from(
        Object.entries({
          intent: "upload",
          title: `${MARKER} bylaws`,
          category: "bylaws",
          visibility: "members",
          folderId: folder?.id ?? "",
        })
          .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
          .join(""),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bylaws.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      TINY_PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = (await libraryRoute
      .action({
        request: new Request("http://localhost/documents", {
          method: "POST",
          body: multipart,
          headers: { Cookie: presidentA.cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
        }),
        params: {},
        context: {},
      } as never)
      .catch((e: unknown) => e)) as Response;
    expect(uploaded.status, await uploaded.clone().text()).toBe(302);
    const [doc] = await queryRows<{ id: string; version_id: string }>(
      t.db,
      sql`select d.id, v.id as version_id from association_documents d join document_versions v on v.document_id = d.id
          where d.association_id = ${association}`,
    );

    const created = await createEvent(
      t.db,
      {
        userId: presidentA.id,
        email: presidentA.email,
        fullName: "President A",
        memberships: await getMemberships(presidentA.id),
      },
      {
        title: `${MARKER} pool opening`,
        description: null,
        eventType: "maintenance",
        startsAt: inDays(3),
        endsAt: inDays(3.05),
        timeZone: "America/New_York",
        isAllDay: false,
        rrule: null,
        location: null,
        meetingUrl: null,
        attendeeEmails: [],
        associationId: association,
      } as never,
    );
    if (!created.ok) throw new Error(created.error.message);
    const invited = await createInvitation(
      t.db,
      { id: association, name: `${MARKER} Towers` },
      { userId: presidentA.id, name: "President A" },
      { email: "invitee@example.test", memberRole: "homeowner", boardOffice: null, unit: "12" },
    );
    if (!invited.ok) throw new Error(invited.error.message);
    const [member] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from association_members where association_id = ${association} and user_id = ${homeownerA.id}`,
    );
    const linked = await linkLibraryDocument(t.db, {
      meetingId: upcoming.result.meetingId,
      associationId: association,
      actor,
      libraryDocumentId: doc?.id ?? UNKNOWN,
    });
    if (!linked.ok) throw new Error(linked.error.message);
    const packetDocument =
      (await loadMeeting(t.db, upcoming.result.meetingId)).packet[0]?.documentId ?? UNKNOWN;
    const financeActor = { associationId: association, actorId: presidentA.id };
    const budget = await createBudget(t.db, {
      ...financeActor,
      values: {
        name: `${MARKER} landscaping budget`,
        category: "landscaping",
        allocatedCents: 1_200_000,
        period: "yearly",
        startDate: isoDay(-30),
        endDate: isoDay(300),
      },
    });
    const expense = await createTransaction(t.db, {
      ...financeActor,
      values: {
        type: "expense",
        category: "landscaping",
        amountCents: 45_000,
        description: `${MARKER} mowing`,
        date: isoDay(-3),
        status: "completed",
      } as never,
    });
    const communityEvent = await createCommunityEvent(
      t.db,
      { userId: presidentA.id, contextId: null, associationIds: [association] },
      {
        title: `${MARKER} owners' social`,
        eventType: "social",
        date: isoDay(6),
        time: "18:00",
        timeZone: "America/New_York",
        isVirtual: false,
        location: `${MARKER} clubhouse`,
        meetingLink: "",
        maxAttendees: null,
        rsvpDeadline: null,
        visibility: "organization",
        associationId: association,
        targetRoles: ["board_member"],
      },
      new Date(),
    );
    if (!communityEvent.ok) throw new Error("community event not created");
    a = {
      association,
      communityEvent: communityEvent.id,
      packetDocument,
      budget: budget.id,
      transaction: expense.id,
      meeting: upcoming.result.meetingId,
      heldMeeting: held.result.meetingId,
      agendaItem: upcomingState.agenda[0]?.itemId ?? UNKNOWN,
      attendee: upcomingState.attendees[0]?.attendeeId ?? UNKNOWN,
      actionItem: heldState.minutes.actionItems[0]?.actionItemId ?? UNKNOWN,
      document: doc?.id ?? UNKNOWN,
      version: doc?.version_id ?? UNKNOWN,
      folder: folder?.id ?? UNKNOWN,
      event: created.value.id,
      invitation: invited.invitationId,
      memberId: member?.id ?? UNKNOWN,
      feedOfB: await feedToken(t.db, boardB.id),
    };
    for (const [k, v] of Object.entries(a)) expect(v, k).not.toBe(UNKNOWN);
  });
  afterAll(() => {
    delete process.env.APP_URL;
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });

  /** What a route answered `person` (B's board member unless named): status and body text. */
  async function send(
    file: string,
    probe: Probe,
    person: Person = boardB,
  ): Promise<{ status: number; text: string }> {
    const mod = (await import(`~/routes/${file}`)) as {
      loader?: (args: never) => Promise<unknown>;
      action?: (args: never) => Promise<unknown>;
    };
    const method = probe.method ?? "GET";
    const headers: Record<string, string> = { Cookie: person.cookie };
    let body: BodyInit | undefined;
    if (probe.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(probe.form);
    } else if (probe.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(probe.json);
    }
    const request = new Request(`http://localhost${probe.url}`, { method, headers, body });
    const fn = method === "GET" ? mod.loader : mod.action;
    if (!fn) throw new Error(`${file} has no ${method === "GET" ? "loader" : "action"}`);
    let result: unknown;
    try {
      result = await fn({ request, params: probe.params ?? {}, context: {} } as never);
    } catch (thrown) {
      result = thrown;
    }
    if (result instanceof Response) return { status: result.status, text: await result.text() };
    return { status: 200, text: JSON.stringify(result) ?? "" };
  }

  /** The probe with every id of A swapped for one that names nothing. */
  function withUnknownIds(probe: Probe): Probe {
    const ids = Object.entries(a)
      .filter(([k]) => k !== "feedOfB")
      .map(([, v]) => v);
    const swap = (text: string) => ids.reduce((out, id) => out.replaceAll(id, UNKNOWN), text);
    const swapAll = (o?: Record<string, string>) =>
      o && Object.fromEntries(Object.entries(o).map(([k, v]) => [k, swap(v)]));
    return {
      ...probe,
      url: swap(probe.url),
      params: swapAll(probe.params),
      form: swapAll(probe.form),
      json: probe.json === undefined ? undefined : JSON.parse(swap(JSON.stringify(probe.json))),
    };
  }

  /**
   * A page of the person's own association: its address names nothing of A (A's ids are only in the
   * form it posts, e.g. My Action Items). Refusing a member's role there (403) is the same answer for any
   * id, so it reveals nothing; an address naming A's record must answer 404.
   */
  const ownPage = (probe: Probe) =>
    !Object.entries(a).some(([k, id]) => k !== "feedOfB" && probe.url.includes(id));

  /**
   * `person` walks every probe: 404 for each of A's URLs and actions (with `unknown`, for the same
   * addresses naming nothing), nothing of A in their own lists. A member whose role may not use their
   * own association's page (a homeowner on the board room) may get 403 there: that page is theirs.
   */
  async function walk(person: Person, options: { unknown?: boolean; ownPagesRefused?: boolean } = {}) {
    const failures: string[] = [];
    let probes = 0;
    for (const [file, probesOf] of Object.entries(SCOPED)) {
      for (const original of probesOf(a)) {
        if (options.unknown && original.expect) continue;
        const probe = options.unknown ? withUnknownIds(original) : original;
        probes++;
        const label = `${file}: ${probe.method ?? "GET"} ${probe.url}${probe.form?.intent ? ` (${probe.form.intent})` : ""}`;
        const answer = await send(file, probe, person);
        if (probe.expect === "absent") {
          const leaked = [
            MARKER,
            ...Object.entries(a)
              .filter(([k]) => k !== "feedOfB")
              .map(([, v]) => v),
          ].filter((s) => answer.text.includes(s));
          const refused = answer.status >= 400 && !(options.ownPagesRefused && answer.status === 403);
          if (refused || leaked.length > 0)
            failures.push(`${label}: ${answer.status}${leaked.length ? `, shows ${leaked.join(", ")}` : ""}`);
        } else if (probe.expect === "as-unknown") {
          const form = Object.entries(probe.form ?? {}).map(([k, v]) => [k, v === a.folder ? UNKNOWN : v]);
          const unknown = await send(file, { ...probe, form: Object.fromEntries(form) }, person);
          // The same answer (the form's echo of the id aside) as for a folder that does not exist.
          if (answer.status !== unknown.status || answer.text.replaceAll(a.folder, UNKNOWN) !== unknown.text)
            failures.push(`${label}: ${answer.status} where an unknown id gets ${unknown.status}`);
        } else if (
          answer.status !== 404 &&
          !(options.ownPagesRefused && answer.status === 403 && ownPage(original))
        ) {
          failures.push(`${label}: ${answer.status} ${answer.text.slice(0, 120)}`);
        }
      }
    }
    return { failures, probes };
  }

  it("a board member of B gets 404 for every URL and action of A, sees nothing of A in their lists, and changes nothing in A", async () => {
    const before = await snapshotOf(t.db, a);
    const { failures, probes } = await walk(boardB);
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(60);
    expect(await snapshotOf(t.db, a)).toEqual(before);
  });

  it("a homeowner of B gets 404 too, never 403, for every URL and action of A, and changes nothing in A", async () => {
    const before = await snapshotOf(t.db, a);
    const { failures, probes } = await walk(homeownerB, { ownPagesRefused: true });
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(60);
    expect(await snapshotOf(t.db, a)).toEqual(before);
  });

  it("ids that name nothing get 404 from both, as A's ids do", async () => {
    for (const person of [boardB, homeownerB]) {
      const { failures, probes } = await walk(person, {
        unknown: true,
        ownPagesRefused: person === homeownerB,
      });
      expect(failures).toEqual([]);
      expect(probes).toBeGreaterThan(50);
    }
  });

  it("A's own president still reaches each of A's pages (the probes name real things)", async () => {
    const pages: [string, Probe][] = [
      ["_app.properties.$id", { url: `/properties/${a.association}`, params: { id: a.association } }],
      [
        "_app.board-room_.meetings.$id",
        { url: `/board-room/meetings/${a.meeting}`, params: { id: a.meeting } },
      ],
      ["_app.minutes_.$id", { url: `/minutes/${a.heldMeeting}`, params: { id: a.heldMeeting } }],
      ["minutes.$id.pdf", { url: `/minutes/${a.heldMeeting}.pdf`, params: { id: a.heldMeeting } }],
      ["_app.documents.$id", { url: `/documents/${a.document}`, params: { id: a.document } }],
      [
        "documents.library.$versionId",
        { url: `/documents/library/${a.version}`, params: { versionId: a.version } },
      ],
      ["_app.calendar_.events.$id", { url: `/calendar/events/${a.event}`, params: { id: a.event } }],
      [
        "api.board-room.meetings_.$id",
        { url: `/api/board-room/meetings/${a.meeting}`, params: { id: a.meeting } },
      ],
    ];
    for (const [file, probe] of pages) {
      const mod = (await import(`~/routes/${file}`)) as { loader: (args: never) => Promise<unknown> };
      const request = new Request(`http://localhost${probe.url}`, { headers: { Cookie: presidentA.cookie } });
      let result: unknown;
      try {
        result = await mod.loader({ request, params: probe.params ?? {}, context: {} } as never);
      } catch (thrown) {
        result = thrown;
      }
      const status = result instanceof Response ? result.status : 200;
      expect(status, `${file} for A's president`).toBe(200);
    }
  });
});
