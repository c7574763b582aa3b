/**
 * Every page of the product, in one place (the accessibility spec visits each one; others may too).
 *
 * A new page joins this list: tests/e2e/accessibility.spec.ts fails when a route file in app/routes
 * with a default export (a page) is neither listed here nor in LAYOUT_ROUTES.
 *
 * `as` says who opens it: nobody signed in ("guest"), a new person in onboarding, or one of the demo
 * accounts (db/seed.ts). A path may hold placeholders that the spec fills in from the seeded data:
 *   {rfp}     a published RFP the viewer may open (the first one /rfps lists)
 *   {own-rfp} an RFP the viewer wrote (the first one their dashboard lists)
 *   {association} an association the viewer belongs to (the first one /properties lists)
 *   {document} a library document the viewer may open (the first one /documents lists)
 *   {meeting} a scheduled meeting of the viewer's association (the first one /board-room lists)
 *   {held-meeting} a completed meeting with minutes (the first completed one /board-room lists)
 *   {shared-minutes} minutes the board shared with homeowners (the first one /minutes lists)
 *   {event}   a calendar event the viewer may edit (the first one their agenda lists)
 *   {receipt} a credit purchase of the viewer (the first receipt /settings/billing lists)
 *   {conversation} a conversation of the viewer (the first one /messages lists)
 *   {post}    a post the viewer may read (the first one /common-area lists)
 *   {live}    a live discussion (the first one /common-area/live lists)
 *   {lesson} {quiz} a lesson / quiz of the first demo course (the viewer is enrolled in it: db/seed-learning.ts)
 *   {certificate} {certificate-number} the viewer's first certificate and its number (the demo board
 *             member holds the first demo course's: db/seed-learning.ts)
 *   {managed-course} the first course on the admins' Manage Courses page (/learning-hub/manage)
 *   {budget} {transaction} a budget / transaction of the viewer's association (the first one its tab lists)
 */
/** The first demo course (db/learning-content.ts), in which the demo manager is enrolled. */
export const FIRST_COURSE = "association-board-fundamentals-meetings";

export type PageViewer = "guest" | "onboarding" | "vendor" | "manager" | "board" | "admin";

/** Every viewer, in the order the specs that visit every page sign them in. */
export const VIEWERS: readonly PageViewer[] = ["guest", "onboarding", "vendor", "board", "manager", "admin"];

export interface PageEntry {
  /** The route file (app/routes/<route>.tsx) that renders it. */
  route: string;
  path: string;
  as: PageViewer;
  /** What the visit shows, when a path is listed more than once (a dialog, a state). */
  label?: string;
}

export const PAGES: readonly PageEntry[] = [
  // Public pages.
  { route: "_index", path: "/", as: "guest" },
  { route: "about", path: "/about", as: "guest" },
  { route: "contact", path: "/contact", as: "guest" },
  { route: "help", path: "/help", as: "guest" },
  { route: "community-guidelines", path: "/community-guidelines", as: "guest" },
  { route: "how-it-works", path: "/how-it-works", as: "guest" },
  { route: "pricing", path: "/pricing", as: "guest" },
  { route: "resources", path: "/resources", as: "guest" },
  { route: "features._index", path: "/features", as: "guest" },
  { route: "features.$feature", path: "/features/rfp-hub", as: "guest" },
  { route: "email.unsubscribe", path: "/email/unsubscribe?token=invalid", as: "guest" },
  { route: "invitations.$token", path: "/invitations/not-a-real-invitation", as: "guest" },
  // Authentication.
  { route: "auth.sign-in", path: "/auth/sign-in", as: "guest" },
  { route: "auth.sign-up", path: "/auth/sign-up", as: "guest" },
  { route: "auth.confirm", path: "/auth/confirm", as: "guest" },
  { route: "auth.reset-password", path: "/auth/reset-password", as: "guest" },
  { route: "auth.sign-in-link", path: "/auth/sign-in-link", as: "guest" },
  // Onboarding (a person who has just confirmed their address).
  { route: "onboarding.$step", path: "/onboarding/welcome", as: "onboarding" },
  { route: "onboarding.$step", path: "/onboarding/profile", as: "onboarding" },
  // A vendor.
  { route: "_app.dashboard", path: "/dashboard", as: "vendor" },
  { route: "_app.search", path: "/search?q=Bayview", as: "vendor" },
  { route: "_app.notifications", path: "/notifications", as: "vendor" },
  // Messages (issue 28): the list, and a conversation (the first one the list shows).
  { route: "_app.messages", path: "/messages", as: "vendor" },
  { route: "_app.common-area.events", path: "/common-area/events", as: "vendor" },
  // Live discussions (issue 29, part 6): the browser, the ended ones, and a room (the first one listed).
  { route: "_app.common-area.live._index", path: "/common-area/live", as: "vendor" },
  {
    route: "_app.common-area.live._index",
    path: "/common-area/live?status=ended&sort=recent",
    as: "board",
    label: "ended",
  },
  { route: "_app.common-area.live.$id", path: "/common-area/live/{live}", as: "manager" },
  // The learning hub's courses (issue 30): the catalogue (filtered), a course, a lesson and a quiz.
  { route: "_app.learning-hub.courses._index", path: "/learning-hub/courses", as: "vendor" },
  {
    route: "_app.learning-hub.courses._index",
    path: "/learning-hub/courses?certification=true&difficulty=beginner",
    as: "board",
    label: "filtered",
  },
  { route: "_app.learning-hub.courses.$slug", path: `/learning-hub/courses/${FIRST_COURSE}`, as: "vendor" },
  { route: "_app.learning-hub.paths._index", path: "/learning-hub/paths", as: "vendor" },
  { route: "_app.learning-hub._index", path: "/learning-hub", as: "board" },
  { route: "_app.learning-hub._index", path: "/learning-hub?tab=paths&period=all", as: "manager" },
  { route: "_app.learning-hub.analytics", path: "/learning-hub/analytics", as: "admin" },
  {
    route: "_app.learning-hub.paths.$slug",
    path: "/learning-hub/paths/new-board-member-essentials",
    as: "board",
  },
  {
    route: "_app.learning-hub.courses.$slug_.lessons.$lessonId",
    path: `/learning-hub/courses/${FIRST_COURSE}/lessons/{lesson}`,
    as: "manager",
  },
  {
    route: "_app.learning-hub.courses.$slug_.quizzes.$quizId",
    path: `/learning-hub/courses/${FIRST_COURSE}/quizzes/{quiz}`,
    as: "manager",
  },
  // Certificates (issue 30, part 5): the person's list, a certificate, its public verification page
  // (valid, and an unknown number's not-found page).
  { route: "_app.learning-hub.certifications._index", path: "/learning-hub/certifications", as: "board" },
  {
    route: "_app.learning-hub.certifications.$id",
    path: "/learning-hub/certifications/{certificate}",
    as: "board",
  },
  { route: "verify-certificate.$number", path: "/verify-certificate/{certificate-number}", as: "board" },
  {
    route: "verify-certificate.$number",
    path: "/verify-certificate/0000-0000-0000-0000-0000-0000-0000-0000",
    as: "guest",
    label: "unknown",
  },
  // Continuing education (issue 30, part 6): the demo manager's FL CAM hours; a vendor's empty state.
  {
    route: "_app.learning-hub.continuing-education",
    path: "/learning-hub/continuing-education",
    as: "manager",
  },
  {
    route: "_app.learning-hub.continuing-education",
    path: "/learning-hub/continuing-education",
    as: "vendor",
    label: "empty",
  },
  // Paid enrolment and ratings (decision 078): the paid demo course, the rating form (the demo manager
  // is enrolled in the first course), and a purchase's page (an unknown one: the 404 in the shell).
  {
    route: "_app.learning-hub.courses.$slug",
    path: "/learning-hub/courses/vendor-insurance-certificates",
    as: "board",
    label: "paid",
  },
  {
    route: "_app.learning-hub.courses.$slug_.review",
    path: `/learning-hub/courses/${FIRST_COURSE}/review`,
    as: "manager",
  },
  {
    route: "_app.learning-hub.purchases.$sessionId",
    path: "/learning-hub/purchases/cs_test_unknown",
    as: "manager",
  },
  // Course authoring (issue 30, part 2; decision 083): the admins' list and a course's editing page.
  { route: "_app.learning-hub.manage._index", path: "/learning-hub/manage", as: "admin" },
  { route: "_app.learning-hub.manage.$courseId", path: "/learning-hub/manage/{managed-course}", as: "admin" },
  // The community feed (issue 29): the feed, a variant sorted and filtered, and a post's page.
  { route: "_app.common-area._index", path: "/common-area", as: "manager" },
  {
    route: "_app.common-area._index",
    path: "/common-area?feed=connections&sort=controversial&type=text",
    as: "board",
    label: "filtered",
  },
  { route: "_app.posts.$id", path: "/posts/{post}", as: "vendor" },
  // Send a post in a message (issue 29, part 1; decision 072): the form's own page.
  { route: "_app.posts.$id_.share", path: "/posts/{post}/share", as: "vendor" },
  // Reports and moderation (issue 29, part 10).
  { route: "_app.report.$kind.$id", path: "/report/post/{post}", as: "vendor" },
  { route: "_app.moderation", path: "/moderation", as: "vendor" },
  // Forums (issue 29, part 5): the grid, searched, and a category.
  { route: "_app.common-area.forums._index", path: "/common-area/forums", as: "manager" },
  {
    route: "_app.common-area.forums._index",
    path: "/common-area/forums?search=q&sortBy=members",
    as: "vendor",
    label: "searched",
  },
  { route: "_app.common-area.forums.$slug", path: "/common-area/forums/q-and-a", as: "manager" },
  { route: "_app.messages", path: "/messages?c={conversation}", as: "vendor", label: "thread" },
  // The professional network (issue 28).
  { route: "_app.professional._index", path: "/professional", as: "vendor" },
  { route: "_app.professional._index", path: "/professional?tab=insights", as: "board", label: "insights" },
  { route: "_app.professional.skills", path: "/professional/skills", as: "vendor" },
  {
    route: "_app.professional.skills",
    path: "/professional/skills?dialog=add",
    as: "manager",
    label: "add dialog",
  },
  { route: "_app.professional.endorsements", path: "/professional/endorsements", as: "vendor" },
  {
    route: "_app.professional.endorsements",
    path: "/professional/endorsements?dialog=request",
    as: "board",
    label: "request dialog",
  },
  // The menu as a page (where the shell's menus lead without JavaScript).
  { route: "_app.menu", path: "/menu?from=%2Frfps", as: "vendor" },
  { route: "_app.rfps._index", path: "/rfps", as: "vendor" },
  { route: "_app.rfps.$id", path: "/rfps/{rfp}", as: "vendor" },
  { route: "_app.rfps_.my-proposals", path: "/rfps/my-proposals", as: "vendor" },
  { route: "_app.vendor-dashboard._index", path: "/vendor-dashboard", as: "vendor" },
  { route: "_app.vendor-dashboard_.analytics", path: "/vendor-dashboard/analytics", as: "vendor" },
  // The pricing page signed in: its package buttons read "Buy credits".
  { route: "pricing", path: "/pricing", as: "vendor", label: "signed in" },
  { route: "_app.credits._index", path: "/credits", as: "vendor" },
  { route: "_app.credits._index", path: "/credits?dialog=purchase", as: "vendor", label: "purchase" },
  { route: "_app.credits._index", path: "/credits?dialog=history", as: "vendor", label: "history" },
  { route: "_app.credits.success", path: "/credits/success", as: "vendor" },
  { route: "_app.credits.cancel", path: "/credits/cancel", as: "vendor" },
  { route: "_app.settings.account", path: "/settings/account", as: "vendor" },
  { route: "_app.settings.roles", path: "/settings/roles", as: "vendor" },
  { route: "_app.settings.security", path: "/settings/security", as: "vendor" },
  { route: "_app.settings.appearance", path: "/settings/appearance", as: "vendor" },
  { route: "_app.settings.verification", path: "/settings/verification", as: "vendor" },
  { route: "_app.settings.billing", path: "/settings/billing", as: "vendor" },
  {
    route: "_app.settings_.billing.receipts.$id",
    path: "/settings/billing/receipts/{receipt}",
    as: "vendor",
  },
  { route: "_app.properties._index", path: "/properties", as: "vendor", label: "in no association" },
  { route: "_app.properties.join", path: "/properties/join?q=Association", as: "vendor" },
  // A board member (two roles: the Move up/down buttons) and a property manager.
  { route: "_app.dashboard", path: "/dashboard", as: "board" },
  { route: "_app.menu", path: "/menu", as: "board" },
  { route: "_app.settings.roles", path: "/settings/roles", as: "board" },
  { route: "_app.settings.billing", path: "/settings/billing", as: "board", label: "association plan" },
  { route: "_app.properties._index", path: "/properties", as: "board" },
  { route: "_app.properties.new", path: "/properties/new", as: "board" },
  { route: "_app.properties.$id", path: "/properties/{association}", as: "board" },
  // The documents Bayview shared with the vendor by name (read-only).
  { route: "_app.documents._index", path: "/documents", as: "vendor" },
  { route: "_app.documents.$id", path: "/documents/{document}", as: "vendor" },
  // Bayview's document library as its president manages it.
  { route: "_app.documents._index", path: "/documents", as: "board" },
  { route: "_app.documents.$id", path: "/documents/{document}", as: "board" },
  // The board room (issue 12): the board member's association (Bayview Towers).
  { route: "_app.board-room", path: "/board-room", as: "board" },
  { route: "_app.board-room_.new", path: "/board-room/new", as: "board" },
  { route: "_app.board-room_.meetings.$id", path: "/board-room/meetings/{meeting}", as: "board" },
  { route: "_app.board-room_.meetings.$id_.edit", path: "/board-room/meetings/{meeting}/edit", as: "board" },
  {
    route: "_app.board-room_.meetings.$id_.minutes",
    path: "/board-room/meetings/{held-meeting}/minutes",
    as: "board",
  },
  {
    route: "_app.board-room_.meetings.$id_.packet",
    path: "/board-room/meetings/{meeting}/packet",
    as: "board",
  },
  { route: "_app.board-room_.action-items", path: "/board-room/action-items", as: "manager" },
  // The financials (issue 13): Bayview Towers' books as its president keeps them, each tab.
  // Issue 27, part 4: a layout (_app.financials) and one nested route per tab.
  { route: "_app.financials._index", path: "/financials", as: "board" },
  { route: "_app.financials.budgets", path: "/financials/budgets", as: "board", label: "Budgets" },
  { route: "_app.financials.expenses", path: "/financials/expenses", as: "board", label: "Expenses" },
  { route: "_app.financials.reserves", path: "/financials/reserves", as: "board", label: "Reserves" },
  { route: "_app.financials.reports", path: "/financials/reports", as: "board", label: "Reports" },
  { route: "_app.financial.budgets.$id.edit", path: "/financial/budgets/{budget}/edit", as: "board" },
  {
    route: "_app.financial.transactions.$id.edit",
    path: "/financial/transactions/{transaction}/edit",
    as: "board",
  },
  { route: "_app.financial.history", path: "/financial/history", as: "board" },
  { route: "_app.financial.import", path: "/financial/import", as: "board" },
  { route: "_app.minutes", path: "/minutes", as: "board" },
  { route: "_app.minutes_.$id", path: "/minutes/{shared-minutes}", as: "board" },
  { route: "_app.dashboard", path: "/dashboard", as: "manager" },
  { route: "_app.dashboard_.proposals", path: "/dashboard/proposals", as: "manager" },
  { route: "_app.rfps._index", path: "/rfps", as: "manager" },
  // The filter and saved-search panels are rendered only when opened (decision 039): checked open too.
  {
    route: "_app.rfps._index",
    path: "/rfps?filters=open&save=open&saved=open&category=security",
    as: "manager",
  },
  { route: "_app.rfps_.new", path: "/rfps/new", as: "manager" },
  { route: "_app.rfps.$id", path: "/rfps/{own-rfp}", as: "manager" },
  { route: "_app.rfps.$id_.proposals", path: "/rfps/{own-rfp}/proposals", as: "manager" },
  { route: "_app.rfps_.$id.edit", path: "/rfps/{own-rfp}/edit", as: "manager" },
  { route: "_app.settings.verification", path: "/settings/verification", as: "manager" },
  // The calendar (a board member of both demo associations).
  // Connections (issue 28): the list with its panels, the suggestions, the filters open, and the
  // accept / decline form as a page (without JavaScript; the seeded vendor has a request from board@).
  { route: "_app.connections", path: "/connections", as: "vendor" },
  { route: "_app.connections", path: "/connections?tab=suggestions", as: "vendor", label: "suggestions" },
  {
    route: "_app.connections",
    path: "/connections?filters=open&status=pending",
    as: "board",
    label: "filters",
  },
  { route: "_app.calendar", path: "/calendar", as: "board" },
  { route: "_app.calendar", path: "/calendar?view=agenda", as: "board", label: "agenda" },
  { route: "_app.calendar_.new", path: "/calendar/new", as: "board" },
  { route: "_app.calendar_.events.$id", path: "/calendar/events/{event}", as: "board" },
  {
    route: "_app.calendar_.events.$id",
    path: "/calendar/events/{event}?confirm=delete",
    as: "board",
    label: "delete",
  },
  { route: "_app.calendar_.events.$id_.edit", path: "/calendar/events/{event}/edit", as: "board" },
  { route: "calendar.invitations.$token", path: "/calendar/invitations/no-such-token", as: "guest" },
  // The professional network (issue 28): one's own profile (/professional/me leads there), another
  // member's (the demo manager's address, given at sign-up from the name), its edit page and the directory.
  { route: "_app.professional.$slug", path: "/professional/me", as: "vendor", label: "own" },
  { route: "_app.professional.$slug", path: "/professional/morgan-manager", as: "vendor", label: "visitor" },
  { route: "_app.profile.edit", path: "/profile/edit", as: "vendor" },
  { route: "_app.directory", path: "/directory", as: "vendor" },
  { route: "_app.directory", path: "/directory?state=FL&role=manager", as: "board", label: "filtered" },
  // An administrator (in the administrator context).
  { route: "_app.dashboard", path: "/dashboard", as: "admin" },
  { route: "_app.admin", path: "/admin", as: "admin" },
  { route: "_app.admin_.billing", path: "/admin/billing", as: "admin" },
  { route: "_app.admin", path: "/admin?tab=verification", as: "admin", label: "verification queue" },
  { route: "_app.admin_.users", path: "/admin/users", as: "admin" },
  { route: "_app.admin_.content", path: "/admin/content", as: "admin" },
  { route: "_app.admin_.analytics", path: "/admin/analytics", as: "admin" },
  { route: "_app.admin_.credits", path: "/admin/credits", as: "admin" },
  { route: "_app.admin_.learning-payments", path: "/admin/learning-payments", as: "admin" },
  // Where the financials' association chooser shows again after a refused choice without JavaScript.
  { route: "financial.association", path: "/financial/association?chooser", as: "admin" },
  { route: "_app.admin_.diagnostics", path: "/admin/diagnostics", as: "admin" },
  { route: "_app.admin_.errors", path: "/admin/errors", as: "admin" },
  { route: "_app.admin_.performance", path: "/admin/performance", as: "admin" },
  { route: "debug.admin-setup", path: "/debug/admin-setup", as: "admin" },
  // Unknown addresses: the 404 inside the shell (signed in) and in the guest layout.
  { route: "$", path: "/no-such-page", as: "vendor" },
  { route: "$", path: "/no-such-page", as: "guest" },
  // Legal Resources (issue 30, part 9): the library (filtered), an article, a template, the review queue.
  // /legal/submissions is a verified attorney's page; no demo persona here is one, so the admin's visit
  // shows its refusal (tests/e2e/legal-resources.spec.ts signs in as the demo attorney).
  { route: "_app.legal._index", path: "/legal", as: "board" },
  {
    route: "_app.legal._index",
    path: "/legal?state=FL&topic=records&kind=template",
    as: "manager",
    label: "filtered",
  },
  { route: "_app.legal.$slug", path: "/legal/florida-notice-of-board-meetings", as: "board" },
  { route: "_app.legal.$slug", path: "/legal/records-request-letter", as: "manager", label: "template" },
  { route: "_app.legal.review", path: "/legal/review", as: "admin" },
  {
    route: "_app.legal.$slug_.edit",
    path: "/legal/florida-notice-of-board-meetings/edit",
    as: "admin",
    label: "revise",
  },
  { route: "_app.legal.submissions", path: "/legal/submissions", as: "admin", label: "refused" },
];

/** Route files with a default export that only frame other pages (each page above shows them). */
export const LAYOUT_ROUTES: readonly string[] = ["_app", "_app.settings", "_app.financials", "onboarding"];

/** The demo accounts (db/seed.ts; every one shares DEMO.password). */
export const DEMO_ACCOUNTS: Record<Exclude<PageViewer, "guest" | "onboarding">, string> = {
  vendor: "vendor@demo.test",
  manager: "manager@demo.test",
  board: "board@demo.test",
  admin: "admin@demo.test",
};

/** A phone's screen (an iPhone 12 to 15): the size the small-screen checks lay pages out at. */
export const PHONE = { width: 390, height: 844 };
