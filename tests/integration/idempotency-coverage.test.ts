/**
 * Every create carries an idempotency key (issue 26, part 3; decision 044): each command that creates,
 * called from a route, runs inside `once(...)`, and the route's form renders <IdempotencyKey />. A new
 * create command in app/commands must be listed here (as a create, or with why it is not one), so a
 * create added without the key fails the suite.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const read = (file: string) => readFileSync(path.resolve(file), "utf8");

/** Route action -> the create commands it calls -> the file that renders its form (none: JSON only). */
const CREATES: { route: string; commands: string[]; form: string | null }[] = [
  {
    route: "_app.board-room_.new.server.ts",
    commands: ["scheduleMeeting"],
    form: "app/components/board-room/meeting-form.tsx",
  },
  { route: "api.board-room.meetings.ts", commands: ["scheduleMeeting"], form: null },
  {
    route: "_app.board-room_.meetings.$id.tsx",
    commands: ["changeFromPage"],
    form: "app/routes/_app.board-room_.meetings.$id.tsx",
  },
  {
    // The action's body lives in the route's server module (the page carries no zod).
    route: "_app.board-room_.meetings.$id_.minutes.server.ts",
    commands: ["changeMeeting"],
    form: "app/routes/_app.board-room_.meetings.$id_.minutes.tsx",
  },
  {
    route: "_app.board-room_.meetings.$id_.packet.server.ts",
    commands: ["attachUploadedDocument", "linkLibraryDocument"],
    form: "app/components/board-room/meeting-packet.tsx",
  },
  {
    route: "_app.calendar_.new.tsx",
    commands: ["createEvent"],
    form: "app/components/calendar/event-form.tsx",
  },
  { route: "api.calendar.events.ts", commands: ["createEvent"], form: null },
  {
    route: "_app.calendar_.events.$id.tsx",
    commands: ["duplicateEvent"],
    form: "app/routes/_app.calendar_.events.$id.tsx",
  },
  {
    route: "_app.financials.budgets.tsx",
    commands: ["createBudget"],
    form: "app/components/finance/forms.tsx",
  },
  {
    route: "_app.financials.expenses.tsx",
    commands: ["createTransaction"],
    form: "app/components/finance/forms.tsx",
  },
  {
    route: "_app.financials.reserves.tsx",
    commands: ["createComponent", "createFund", "recordMovement"],
    form: "app/components/finance/forms.tsx",
  },
  {
    route: "_app.financial.import.tsx",
    commands: ["confirmImport"],
    form: "app/routes/_app.financial.import.tsx",
  },
  {
    route: "_app.documents._index.tsx",
    commands: ["createFolder", "uploadDocument"],
    form: "app/routes/_app.documents._index.tsx",
  },
  { route: "_app.documents.$id.tsx", commands: ["uploadVersion"], form: "app/routes/_app.documents.$id.tsx" },
  {
    route: "_app.properties.new.server.ts",
    commands: ["createAssociation"],
    form: "app/routes/_app.properties.new.tsx",
  },
  {
    route: "_app.properties.join.server.ts",
    commands: ["requestToJoin"],
    form: "app/routes/_app.properties.join.tsx",
  },
  {
    // The action lives in the route's server module (the page imports it).
    route: "_app.properties.$id.server.ts",
    commands: ["createInvitation"],
    form: "app/routes/_app.properties.$id.tsx",
  },
  {
    route: "_app.rfps._index.tsx",
    commands: ["createSavedSearch"],
    form: "app/components/rfps/saved-searches.tsx",
  },
  // Messages (issue 28): a message and a group are creates; the route's action runs both in once().
  { route: "_app.messages.tsx", commands: ["sendMessage"], form: "app/components/messages/composer.tsx" },
  // Community events (issue 29, part 7): posting an event is a create; an RSVP is an answer (the same
  // answer twice changes nothing).
  {
    route: "_app.common-area.events.tsx",
    commands: ["createCommunityEvent"],
    form: "app/routes/_app.common-area.events.tsx",
  },
  // Course authoring (issue 30, part 2): a draft course, a module, a lesson, a quiz question and a new
  // version (decision 084) are creates.
  {
    route: "_app.learning-hub.manage._index.server.ts",
    commands: ["createDraftCourse"],
    form: "app/components/learning/course-details-form.tsx",
  },
  {
    route: "_app.learning-hub.manage.$courseId.server.ts",
    commands: ["addModule", "addLesson", "addQuizQuestion", "startNewVersion"],
    form: "app/routes/_app.learning-hub.manage.$courseId.tsx",
  },
  // Live discussions (issue 29, part 6): starting one and a message are creates; the rest are
  // toggles and state changes (the same one twice changes nothing).
  // The learning hub (issue 30): a quiz attempt is a create (enrolling and completing a lesson twice
  // change nothing).
  {
    route: "_app.learning-hub.courses.$slug_.quizzes.$quizId.server.ts",
    commands: ["submitQuiz"],
    form: "app/routes/_app.learning-hub.courses.$slug_.quizzes.$quizId.tsx",
  },
  // Continuing education (issue 30, part 6): recording a licence is a create (one per type anyway).
  {
    route: "_app.learning-hub.continuing-education.server.ts",
    commands: ["addLicence"],
    form: "app/routes/_app.learning-hub.continuing-education.tsx",
  },
  {
    route: "_app.common-area.live._index.server.ts",
    commands: ["startLiveDiscussion"],
    form: "app/routes/_app.common-area.live._index.tsx",
  },
  {
    route: "_app.common-area.live.$id.server.ts",
    commands: ["postLiveMessage"],
    form: "app/routes/_app.common-area.live.$id.tsx",
  },
  {
    route: "_app.messages.tsx",
    commands: ["createGroupConversation"],
    form: "app/components/messages/group-form.tsx",
  },
  {
    route: "_app.messages.tsx",
    commands: ["addGroupMembers"],
    form: "app/components/messages/group-members.tsx",
  },
  {
    // The professional network (issue 28): the action bodies live in the routes' server modules.
    route: "_app.professional.skills.server.ts",
    commands: ["addSkill"],
    form: "app/routes/_app.professional.skills.tsx",
  },
  {
    route: "_app.professional.endorsements.server.ts",
    commands: ["requestEndorsement", "writeEndorsement"],
    form: "app/routes/_app.professional.endorsements.tsx",
  },
  {
    route: "_app.settings.roles.server.ts",
    commands: ["addRole"],
    form: "app/routes/_app.settings.roles.tsx",
  },
  {
    // Every Connect button (ConnectionActions) posts to /connections; the action lives in its server module.
    route: "_app.connections.server.ts",
    commands: ["requestConnection"],
    form: "app/components/network/connection-actions.tsx",
  },
  {
    // Forums (issue 29, part 5): Create Community runs in once() in the grid's server module; a post in
    // a category is the feed's createPost (the category page hands its post forms to the feed's action).
    route: "_app.common-area.forums._index.server.ts",
    commands: ["createCommunity"],
    form: "app/routes/_app.common-area.forums._index.tsx",
  },
  {
    // The community feed (issue 29): publishing a post runs in once() in the feed's server module.
    route: "_app.common-area._index.server.ts",
    commands: ["createPost"],
    form: "app/components/community/post-composer.tsx",
  },
  {
    // Comments (issue 29, part 3): writing a comment or a reply runs in once() in the post page's server module.
    route: "_app.posts.$id.server.ts",
    commands: ["createComment"],
    form: "app/components/community/comment-section.tsx",
  },
  {
    // Send a post in a message (issue 29, part 1; decision 072): a message, so a create, in once().
    route: "_app.posts.$id_.share.server.ts",
    commands: ["sendMessage"],
    form: "app/components/community/share-form.tsx",
  },
  // Held learning checkout sessions (decision 086): Enrol and Refund run once per form key.
  {
    route: "_app.admin_.learning-payments.tsx",
    commands: ["enrolHeldSession", "refundHeldSession"],
    form: "app/routes/_app.admin_.learning-payments.tsx",
  },
  // Legal Resources (issue 30, part 9): an attorney's submission is a create (a review decides once).
  {
    route: "_app.legal.submissions.server.ts",
    commands: ["submitLegalResource"],
    form: "app/routes/_app.legal.submissions.tsx",
  },
  // A revision of a published resource is a create (decision 089); editing a submission again is an
  // edit, checked against the version the form was rendered from.
  {
    route: "_app.legal.$slug_.edit.server.ts",
    commands: ["proposeLegalRevision"],
    form: "app/routes/_app.legal.$slug_.edit.tsx",
  },
];

/** Creates whose key goes on to Stripe (the session is created there, decision 044). */
const STRIPE_CREATES: { route: string; form: string }[] = [
  { route: "api.create-checkout-session.ts", form: "app/components/credits/purchase-dialog.tsx" },
  { route: "_app.settings.billing.tsx", form: "app/routes/_app.settings.billing.tsx" },
  // Enroll Now for a paid course or path (issue 30, part 3; decision 078); a rating is one per person
  // and course (sending it again edits it), so it is no create.
  {
    route: "_app.learning-hub.courses.$slug_.checkout.server.ts",
    form: "app/components/learning/course-commerce.tsx",
  },
];

/** Commands named like creates that are not a signed-in person's create from a route form, and why. */
const NOT_ROUTE_CREATES: Record<string, string> = {
  insertAccount: "sign-up (a guest: keys are per person); the e-mail is unique",
  createAccount: "sign-up (a guest); the e-mail is unique",
  createRfp: "the RFP wizard's draftKey (an event-store key)",
  createCreditCheckout: "Stripe's idempotency (STRIPE_CREATES)",
  createSubscriptionCheckout: "Stripe's idempotency (STRIPE_CREATES)",
  createPortalSession: "opens Stripe's portal, creates nothing of the person's",
  createImport: "a preview of a file, confirmed by confirmImport (a create)",
  addMember: "called by invitations and approvals, not from a form",
  addCourseInstructor: "a membership (decision 091): the same one twice adds nothing and says so",
  recordError: "error monitor",
  recordMetrics: "performance monitor",
  recordWebVitals: "performance monitor",
  recordRfpView: "a view counter",
  recordProfileView: "a view counter (one row per viewer per day: a repeat changes nothing)",
  recordLearningActivity: "time spent: a repeat credits nothing (the presence row is locked, decision 081)",
  requestPasswordReset: "a guest's e-mail, answered the same way twice",
  requestSignInLink: "a guest's e-mail, answered the same way twice",
  attachRfpDocuments: "the RFP wizard (its draft holds the documents)",
  attachProposalDocuments: "the proposal draft (submitKey for submission)",
};

const CREATE_NAME = /^(create|add|schedule|record|upload|duplicate|attach|link|request)[A-Z]/;

describe("every create carries an idempotency key", () => {
  it.each(CREATES)("$route runs $commands inside once(...)", ({ route, commands }) => {
    const source = read(`app/routes/${route}`);
    expect(source).toContain('from "~/idempotency.server"');
    for (const command of commands) {
      const calls = [...source.matchAll(new RegExp(`\\b${command}\\(`, "g"))].map((m) => m.index ?? 0);
      const inAction = calls.filter((at) => !source.slice(Math.max(0, at - 30), at).includes("import"));
      expect(inAction.length, `${command} is called in ${route}`).toBeGreaterThan(0);
      for (const at of inAction) {
        const before = source.slice(0, at);
        const opened = before.lastIndexOf("once(request");
        // Inside the wrapper: no statement ends between `once(` and the call.
        expect(opened, `${command} in ${route} is wrapped in once()`).toBeGreaterThan(-1);
        expect(before.slice(opened).includes(";"), `${command} in ${route} is wrapped in once()`).toBe(false);
      }
    }
  });

  it.each(STRIPE_CREATES)("$route passes the key on to Stripe", ({ route }) => {
    expect(read(`app/routes/${route}`)).toContain("stripeIdempotencyKey(request");
  });

  it.each([...CREATES, ...STRIPE_CREATES].filter((c) => c.form))("$form renders the key", ({ form }) => {
    expect(read(form as string)).toContain("<IdempotencyKey />");
  });

  it("knows every command named like a create", () => {
    const listed = new Set([
      ...CREATES.flatMap((c) => c.commands),
      ...Object.keys(NOT_ROUTE_CREATES),
      "changeMeeting",
      "changeFromPage",
    ]);
    const unknown: string[] = [];
    for (const file of readdirSync("app/commands")) {
      const source = read(`app/commands/${file}`);
      for (const m of source.matchAll(/export async function (\w+)/g)) {
        const name = m[1] as string;
        if (CREATE_NAME.test(name) && !listed.has(name)) unknown.push(`${file}: ${name}`);
      }
    }
    // A new create: wrap its route's call in once(...), render <IdempotencyKey /> and list it above.
    expect(unknown).toEqual([]);
  });
});
