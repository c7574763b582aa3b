import {
  decide,
  EMPTY_RFP_FIELDS,
  firstStepWithErrors,
  fold,
  initialRfpState,
  mayViewRfp,
  publishErrors,
  RFP_LIMITS,
  RFP_MESSAGES,
  type RfpActor,
  type RfpCommand,
  type RfpEvent,
  type RfpFields,
  RfpFieldsSchema,
  type RfpState,
  rfpUrgency,
  stepErrors,
} from "@domain/rfp";
import { LifecycleViolation } from "@domain/shared";
import { describe, expect, it } from "vitest";

const now = "2026-11-22T12:00:00.000Z";
const later = (days: number) => new Date(Date.parse(now) + days * 86_400_000).toISOString();
const ctx = { now };
const rfpId = "11111111-1111-4111-8111-111111111111";
const author: RfpActor = { userId: "22222222-2222-4222-8222-222222222222", isAdmin: false };
const stranger: RfpActor = { userId: "33333333-3333-4333-8333-333333333333", isAdmin: false };
const admin: RfpActor = { userId: "44444444-4444-4444-8444-444444444444", isAdmin: true };

const complete: RfpFields = RfpFieldsSchema.parse({
  title: "Roof replacement, Building A",
  category: "roofing",
  description: "Full tear-off and replacement of the flat roof on Building A.",
  proposal_deadline: later(10),
  budget_type: "range",
  budget_min: 50_000,
  budget_max: 80_000,
  visibility: "public",
});

/** given events, when a command, then the outcome */
function given(events: RfpEvent[]) {
  const state = fold(events);
  return {
    state,
    when: (command: RfpCommand, at = ctx) => decide(state, command, at),
  };
}

const drafted = (fields: RfpFields = complete): RfpEvent => ({
  type: "RfpDrafted",
  data: { rfpId, authorId: author.userId, authorContextId: null, fields, draftedAt: now },
});
const published = (fields: RfpFields = complete): RfpEvent => ({
  type: "RfpPublished",
  data: { rfpId, fields, publishedBy: author.userId, publishedAt: now },
});
const received = (vendorId: string, proposalId: string, at = now): RfpEvent => ({
  type: "RfpProposalReceived",
  data: { rfpId, proposalId, vendorId, receivedAt: at },
});

const errorsOf = (step: Parameters<typeof stepErrors>[0], patch: Partial<RfpFields>) =>
  stepErrors(step, { ...complete, ...patch }, now);

describe("RFP wizard validation (spec 001 section 5)", () => {
  it("step 1: title at least 5 characters", () => {
    expect(errorsOf("basic", { title: "Roof" }).title).toEqual(["Title must be at least 5 characters"]);
    expect(errorsOf("basic", { title: "Roofs" }).title).toBeUndefined();
  });
  it("step 1: description at least 20 characters", () => {
    expect(errorsOf("basic", { description: "Too short to count" }).description).toEqual([
      "Description must be at least 20 characters",
    ]);
    expect(errorsOf("basic", { description: "x".repeat(20) }).description).toBeUndefined();
  });
  it("step 1: category required", () => {
    expect(errorsOf("basic", { category: undefined }).category).toEqual(["Category is required"]);
  });
  it("step 2: proposal deadline required and in the future", () => {
    expect(errorsOf("location", { proposal_deadline: undefined }).proposal_deadline).toEqual([
      "Proposal deadline is required",
    ]);
    expect(errorsOf("location", { proposal_deadline: now }).proposal_deadline).toEqual([
      "Deadline must be in the future",
    ]);
    expect(errorsOf("location", { proposal_deadline: later(-1) }).proposal_deadline).toEqual([
      "Deadline must be in the future",
    ]);
  });
  it("step 2: the project end date not before its start", () => {
    expect(
      errorsOf("location", { project_start_date: "2027-02-01", project_end_date: "2027-01-31" })
        .project_end_date,
    ).toEqual(["End date must be after start date"]);
    expect(
      errorsOf("location", { project_start_date: "2027-02-01", project_end_date: "2027-02-01" })
        .project_end_date,
    ).toBeUndefined();
    expect(errorsOf("location", { project_start_date: "2027-02-01" }).project_end_date).toBeUndefined();
  });
  it("step 3: a range needs both amounts, min not above max", () => {
    expect(errorsOf("budget", { budget_max: undefined }).budget_max).toEqual([
      "Both minimum and maximum budget are required for range",
    ]);
    expect(errorsOf("budget", { budget_min: undefined }).budget_min).toEqual([
      "Both minimum and maximum budget are required for range",
    ]);
    expect(errorsOf("budget", { budget_min: 90_000 }).budget_min).toEqual([
      "Minimum budget cannot exceed maximum",
    ]);
  });
  it("step 3: fixed needs an amount, hourly a rate", () => {
    expect(errorsOf("budget", { budget_type: "fixed", budget_max: undefined }).budget_max).toEqual([
      "Fixed budget amount is required",
    ]);
    expect(errorsOf("budget", { budget_type: "hourly" }).budget_hourly_rate).toEqual([
      "Hourly rate is required",
    ]);
    expect(errorsOf("budget", { budget_type: "hourly", budget_hourly_rate: 85 })).toEqual({});
    expect(
      errorsOf("budget", { budget_type: "undisclosed", budget_min: undefined, budget_max: undefined }),
    ).toEqual({});
  });
  it("step 4 has no checks", () => {
    expect(stepErrors("requirements", EMPTY_RFP_FIELDS, now)).toEqual({});
  });
  it("step 5: visibility required; a private RFP needs an invitation", () => {
    expect(errorsOf("settings", { visibility: undefined }).visibility).toEqual(["Visibility is required"]);
    expect(errorsOf("settings", { visibility: "private" }).invited_vendor_ids).toHaveLength(1);
  });
  it("review: title, description and deadline present, else 'Please complete all required fields'", () => {
    expect(stepErrors("review", EMPTY_RFP_FIELDS, now).form).toEqual(["Please complete all required fields"]);
    expect(stepErrors("review", complete, now)).toEqual({});
  });
  it("numbers: max proposals 1 to 200 (default 50), evaluation 1 to 90 days (default 14), duration at least 1, budgets at least 0", () => {
    expect(EMPTY_RFP_FIELDS.max_proposals).toBe(50);
    expect(EMPTY_RFP_FIELDS.evaluation_period_days).toBe(14);
    for (const [field, bad, good] of [
      ["max_proposals", 0, 1],
      ["max_proposals", 201, 200],
      ["evaluation_period_days", 0, 1],
      ["evaluation_period_days", 91, 90],
      ["estimated_duration_days", 0, 1],
      ["budget_min", -1, 0],
    ] as const) {
      expect(RfpFieldsSchema.safeParse({ [field]: bad }).success, `${field}=${bad}`).toBe(false);
      expect(RfpFieldsSchema.safeParse({ [field]: good }).success, `${field}=${good}`).toBe(true);
    }
  });
  it("short description at most 150 characters, ZIP at most 10", () => {
    expect(
      RfpFieldsSchema.safeParse({ short_description: "x".repeat(RFP_LIMITS.shortDescriptionMax + 1) })
        .success,
    ).toBe(false);
    expect(RfpFieldsSchema.safeParse({ location_zip: "12345-67890" }).success).toBe(false);
    expect(RfpFieldsSchema.safeParse({ location_zip: "33131-1234" }).success).toBe(true);
  });
  it("publish collects every step's errors and points at the first step holding one", () => {
    const errors = publishErrors({ ...EMPTY_RFP_FIELDS, title: "Roof" }, now);
    expect(Object.keys(errors).sort()).toEqual(
      ["budget_min", "category", "description", "form", "proposal_deadline", "title", "visibility"].sort(),
    );
    expect(firstStepWithErrors(errors)).toBe("basic");
    expect(firstStepWithErrors(publishErrors({ ...complete, visibility: undefined }, now))).toBe("settings");
    expect(firstStepWithErrors({})).toBeNull();
  });
});

describe("RFP lifecycle (spec 001 sections 4, 6 and 8)", () => {
  it("a verified author creates a draft; others may not create RFPs", () => {
    const create = (mayCreate: boolean, fields = complete): RfpCommand => ({
      type: "CreateRfp",
      rfpId,
      actor: author,
      mayCreate,
      authorContextId: null,
      fields,
    });
    const ok = given([]).when(create(true));
    expect(ok.ok && ok.events.map((e) => e.type)).toEqual(["RfpDrafted"]);
    expect(given([]).when(create(false))).toEqual({
      ok: false,
      error: { kind: "authorization", message: "User not authorized to create RFPs" },
    });
    const untitled = given([]).when(create(true, EMPTY_RFP_FIELDS));
    expect(!untitled.ok && untitled.error.kind).toBe("validation");
  });

  it("a draft is updated freely by its author or an admin, and by no one else", () => {
    const g = given([drafted()]);
    const update = (actor: RfpActor) =>
      g.when({ type: "UpdateRfp", actor, fields: { ...complete, title: "New title" } });
    expect(update(author).ok).toBe(true);
    expect(update(admin).ok).toBe(true);
    expect(update(stranger)).toEqual({
      ok: false,
      error: { kind: "authorization", message: "Not authorized to update this RFP" },
    });
  });

  it("publishing validates fully", () => {
    const g = given([drafted({ ...complete, proposal_deadline: undefined })]);
    const result = g.when({ type: "PublishRfp", actor: author });
    expect(result.ok).toBe(false);
    if (!result.ok && result.error.kind === "validation") {
      expect(result.error.fieldErrors?.proposal_deadline).toEqual(["Proposal deadline is required"]);
    }
    const ok = given([drafted()]).when({ type: "PublishRfp", actor: author });
    expect(ok.ok && ok.events[0]?.type).toBe("RfpPublished");
    expect(fold([drafted(), published()]).status).toBe("published");
  });

  it("once published only description, scope of work and the project dates may change", () => {
    const g = given([drafted(), published()]);
    const locked = g.when({
      type: "UpdateRfp",
      actor: author,
      fields: { ...complete, title: "Another title" },
    });
    expect(locked).toEqual({
      ok: false,
      error: { kind: "business_rule", message: "Cannot modify core fields of published RFP" },
    });
    const budget = g.when({ type: "UpdateRfp", actor: author, fields: { ...complete, budget_max: 1 } });
    expect(!budget.ok && budget.error.message).toBe("Cannot modify core fields of published RFP");
    const allowed = g.when({
      type: "UpdateRfp",
      actor: author,
      fields: {
        ...complete,
        description: "A longer description of the whole roof job.",
        scope_of_work: "Tear-off",
        project_start_date: "2027-01-10",
      },
    });
    expect(allowed.ok && allowed.events).toEqual([
      {
        type: "RfpDetailsUpdated",
        data: {
          rfpId,
          changes: {
            description: "A longer description of the whole roof job.",
            scope_of_work: "Tear-off",
            project_start_date: "2027-01-10",
          },
          updatedBy: author.userId,
          updatedAt: now,
        },
      },
    ]);
    const unchanged = g.when({ type: "UpdateRfp", actor: author, fields: complete });
    expect(unchanged).toEqual({ ok: true, events: [] });
    // The wizard's own step rules, kept to the editable fields: both problems are named at once.
    const broken = g.when({
      type: "UpdateRfp",
      actor: author,
      fields: {
        ...complete,
        description: "Too short",
        project_start_date: "2027-02-01",
        project_end_date: "2027-01-01",
      },
    });
    expect(!broken.ok && broken.error).toMatchObject({
      kind: "validation",
      fieldErrors: {
        description: [RFP_MESSAGES.descriptionMin],
        project_end_date: [RFP_MESSAGES.endAfterStart],
      },
    });
  });

  describe("edits merge against the current state (issue 11, 1.1)", () => {
    const updated = (patch: Partial<RfpFields>, by = admin.userId): RfpEvent => ({
      type: "RfpDraftUpdated",
      data: { rfpId, fields: { ...complete, ...patch }, updatedBy: by, updatedAt: now },
    });
    const shown = { title: complete.title, description: complete.description };

    it("given another edit of the title, when the author changes only the description from the old page, then the title stays", () => {
      const result = given([drafted(), updated({ title: "Admin's title" })]).when({
        type: "UpdateRfp",
        actor: author,
        base: shown,
        fields: { title: complete.title, description: "A new description of the whole roof job." },
      });
      expect(result.ok && result.events).toEqual([
        {
          type: "RfpDraftUpdated",
          data: {
            rfpId,
            fields: {
              ...complete,
              title: "Admin's title",
              description: "A new description of the whole roof job.",
            },
            updatedBy: author.userId,
            updatedAt: now,
          },
        },
      ]);
    });

    it("given another edit of the title, when the author changes the title from the old page, then a conflict naming it", () => {
      const result = given([drafted(), updated({ title: "Admin's title" })]).when({
        type: "UpdateRfp",
        actor: author,
        base: shown,
        fields: { ...shown, title: "Author's title" },
      });
      expect(result).toEqual({
        ok: false,
        error: {
          kind: "conflict",
          message: "This RFP was changed while you were editing; review the changes and save again",
          fields: ["title"],
        },
      });
    });

    it("given another edit to the same value, when the author makes it too, then no conflict and nothing new", () => {
      const result = given([drafted(), updated({ title: "Same title" })]).when({
        type: "UpdateRfp",
        actor: author,
        base: shown,
        fields: { ...shown, title: "Same title" },
      });
      expect(result).toEqual({ ok: true, events: [] });
    });

    it("given a published RFP whose scope changed, when a stale form changes only the dates, then only the dates are an event", () => {
      const details: RfpEvent = {
        type: "RfpDetailsUpdated",
        data: { rfpId, changes: { scope_of_work: "New scope" }, updatedBy: admin.userId, updatedAt: now },
      };
      const result = given([drafted(), published(), details]).when({
        type: "UpdateRfp",
        actor: author,
        base: { description: complete.description, scope_of_work: undefined, project_start_date: undefined },
        fields: {
          description: complete.description,
          scope_of_work: undefined,
          project_start_date: "2027-02-01",
        },
      });
      expect(result.ok && result.events.map((e) => e.data)).toEqual([
        { rfpId, changes: { project_start_date: "2027-02-01" }, updatedBy: author.userId, updatedAt: now },
      ]);
    });

    it("when Next leaves a step with errors, then nothing is saved and the step's messages come back", () => {
      const result = given([drafted()]).when({
        type: "UpdateRfp",
        actor: author,
        fields: { title: "Roof" },
        checkStep: "basic",
      });
      expect(!result.ok && result.error).toMatchObject({
        kind: "validation",
        fieldErrors: { title: ["Title must be at least 5 characters"] },
      });
    });
  });

  it("the author closes or cancels a published RFP; a reason is needed to cancel", () => {
    const g = given([drafted(), published()]);
    const closed = g.when({ type: "CloseRfp", actor: author });
    expect(closed.ok && closed.events[0]).toMatchObject({
      type: "RfpClosed",
      data: { reason: "closed_by_author", awardedProposalId: null },
    });
    expect(g.when({ type: "CloseRfp", actor: stranger }).ok).toBe(false);
    expect(g.when({ type: "CancelRfp", actor: author, reason: "  " }).ok).toBe(false);
    const cancelled = g.when({ type: "CancelRfp", actor: author, reason: "Budget withdrawn" });
    expect(cancelled.ok && cancelled.events[0]?.type).toBe("RfpCancelled");
    const after = fold([
      drafted(),
      published(),
      { type: "RfpCancelled", data: { rfpId, reason: "x", cancelledBy: author.userId, cancelledAt: now } },
    ]);
    expect(after.status).toBe("cancelled");
    expect(decide(after, { type: "CloseRfp", actor: author }, ctx).ok).toBe(false);
  });

  it("auto-close closes at the deadline only when enabled, and is a no-op otherwise", () => {
    const auto = { ...complete, auto_close_enabled: true };
    const g = given([drafted(auto), published(auto)]);
    expect(g.when({ type: "AutoCloseRfp" })).toEqual({ ok: true, events: [] });
    const due = g.when({ type: "AutoCloseRfp" }, { now: later(11) });
    expect(due.ok && due.events[0]).toMatchObject({
      type: "RfpClosed",
      data: { reason: "deadline", closedBy: null },
    });
    const manual = given([drafted(), published()]);
    expect(manual.when({ type: "AutoCloseRfp" }, { now: later(11) })).toEqual({ ok: true, events: [] });
  });

  it("a published RFP cannot be deleted; a draft or an ended one can, and then it is gone", () => {
    expect(given([drafted(), published()]).when({ type: "DeleteRfp", actor: author })).toEqual({
      ok: false,
      error: { kind: "business_rule", message: "Cancel the RFP before deleting it" },
    });
    const g = given([drafted()]);
    const deleted = g.when({ type: "DeleteRfp", actor: author });
    expect(deleted.ok).toBe(true);
    const state = fold([
      drafted(),
      { type: "RfpDeleted", data: { rfpId, deletedBy: author.userId, deletedAt: now } },
    ]);
    expect(state.deleted).toBe(true);
    expect(decide(state, { type: "UpdateRfp", actor: author, fields: complete }, ctx)).toEqual({
      ok: false,
      error: { kind: "not_found", message: "Resource not found" },
    });
  });

  it("the machine receives one proposal per vendor, before the deadline, up to max_proposals", () => {
    const two = { ...complete, max_proposals: 2 };
    const base = [drafted(two), published(two)];
    const v1 = "55555555-5555-4555-8555-555555555555";
    const v2 = "66666666-6666-4666-8666-666666666666";
    const v3 = "77777777-7777-4777-8777-777777777777";
    const p = (n: number) => `8888888${n}-8888-4888-8888-888888888888`;
    expect(fold([...base, received(v1, p(1)), received(v2, p(2))]).proposals).toHaveLength(2);
    // Anything else recorded is a corrupt stream: evolve never skips it.
    expect(() => fold([...base, received(v1, p(1)), received(v1, p(2))])).toThrow(LifecycleViolation);
    expect(() => fold([...base, received(v1, p(1), later(11))])).toThrow(LifecycleViolation);
    expect(() => fold([...base, received(v1, p(1)), received(v2, p(2)), received(v3, p(3))])).toThrow(
      LifecycleViolation,
    );
  });
});

describe("who may view an RFP (spec 001 section 6)", () => {
  const facts = (patch: Partial<Parameters<typeof mayViewRfp>[0]> = {}) => ({
    status: "published" as const,
    visibility: "public" as const,
    authorId: author.userId,
    invitedVendorIds: [] as string[],
    deleted: false,
    ...patch,
  });
  const viewer = (patch: Partial<Parameters<typeof mayViewRfp>[1]> = {}) => ({
    userId: stranger.userId,
    isAdmin: false,
    hasVerifiedRole: false,
    ...patch,
  });
  it("the author and admins always; nobody a deleted one", () => {
    expect(mayViewRfp(facts({ status: "draft" }), viewer({ userId: author.userId }))).toBe(true);
    expect(mayViewRfp(facts({ status: "draft" }), viewer({ isAdmin: true }))).toBe(true);
    expect(mayViewRfp(facts({ deleted: true }), viewer({ userId: author.userId }))).toBe(false);
  });
  it("anyone a published public one, not a draft", () => {
    expect(mayViewRfp(facts(), viewer())).toBe(true);
    expect(mayViewRfp(facts({ status: "draft" }), viewer())).toBe(false);
  });
  it("members_only: a verified role; private: the invited vendors", () => {
    expect(mayViewRfp(facts({ visibility: "members_only" }), viewer())).toBe(false);
    expect(mayViewRfp(facts({ visibility: "members_only" }), viewer({ hasVerifiedRole: true }))).toBe(true);
    expect(mayViewRfp(facts({ visibility: "private" }), viewer({ hasVerifiedRole: true }))).toBe(false);
    expect(mayViewRfp(facts({ visibility: "private", invitedVendorIds: [stranger.userId] }), viewer())).toBe(
      true,
    );
  });
});

describe("urgency tag (spec 001 section 2.4)", () => {
  it("3 days or fewer urgent, 7 or fewer hot, else new", () => {
    expect(rfpUrgency(later(0.5), now)).toBe("urgent");
    expect(rfpUrgency(later(3), now)).toBe("urgent");
    expect(rfpUrgency(later(3.5), now)).toBe("hot");
    expect(rfpUrgency(later(7), now)).toBe("hot");
    expect(rfpUrgency(later(8), now)).toBe("new");
  });
});

describe("the state folds as the machine allows", () => {
  it("is total: a recorded event the lifecycle does not allow throws LifecycleViolation, never skipped", () => {
    expect(() => fold([published()])).toThrow(LifecycleViolation);
    const cancelled: RfpEvent = {
      type: "RfpCancelled",
      data: { rfpId, reason: "x", cancelledBy: author.userId, cancelledAt: now },
    };
    const draftUpdate: RfpEvent = {
      type: "RfpDraftUpdated",
      data: { rfpId, fields: complete, updatedBy: author.userId, updatedAt: now },
    };
    expect(() => fold([drafted(), published(), cancelled, draftUpdate])).toThrow(
      "RfpDraftUpdated is not allowed in a rfp stream that is cancelled",
    );
    const state: RfpState = fold([drafted(), published(), cancelled]);
    expect(state.status).toBe("cancelled");
    expect(fold([], initialRfpState)).toEqual(initialRfpState);
  });
  it("uses the spec's messages", () => {
    expect(RFP_MESSAGES.coreFieldsLocked).toBe("Cannot modify core fields of published RFP");
  });
});

describe("deadlines typed in local time", () => {
  it("converts a New York local time to UTC and back, across daylight saving", async () => {
    const { localDateTimeToIso, isoToLocalDateTime } = await import("@domain/rfp");
    expect(localDateTimeToIso("2026-12-01T17:00")).toBe("2026-12-01T22:00:00.000Z");
    expect(localDateTimeToIso("2026-07-01T17:00", "America/New_York")).toBe("2026-07-01T21:00:00.000Z");
    expect(localDateTimeToIso("2026-07-01T17:00", "UTC")).toBe("2026-07-01T17:00:00.000Z");
    expect(isoToLocalDateTime("2026-12-01T22:00:00.000Z")).toBe("2026-12-01T17:00");
    expect(localDateTimeToIso("tomorrow")).toBeNull();
  });

  it("refuses dates that are not on the calendar instead of rolling them over (2026-02-31 is not 3 March)", async () => {
    const { localDateTimeToIso, isCalendarDate, RfpFieldsSchema, DATE_MESSAGES } = await import(
      "@domain/rfp"
    );
    const { wizardFormSchema } = await import("@domain/rfp/wizard");
    expect(localDateTimeToIso("2026-02-31T17:00")).toBeNull();
    expect(localDateTimeToIso("2026-04-31T09:00", "UTC")).toBeNull();
    expect(localDateTimeToIso("2026-02-29T09:00", "UTC")).toBeNull();
    expect(localDateTimeToIso("2028-02-29T09:00", "UTC")).toBe("2028-02-29T09:00:00.000Z");
    expect(localDateTimeToIso("2026-13-01T09:00")).toBeNull();
    expect(localDateTimeToIso("2026-12-01T24:00")).toBeNull();
    expect(["2026-02-28", "2028-02-29", "2026-12-31"].every(isCalendarDate)).toBe(true);
    expect(["2026-02-31", "2026-02-29", "2026-06-31", "2026-00-10", "2026-01-00"].some(isCalendarDate)).toBe(
      false,
    );

    const dates = RfpFieldsSchema.safeParse({ project_start_date: "2026-02-31" });
    expect(dates.success).toBe(false);
    expect(dates.error?.issues[0]?.message).toBe(DATE_MESSAGES.notACalendarDate);
    const timeline = wizardFormSchema("location", "America/New_York").safeParse({
      proposal_deadline: "2026-02-31T17:00",
    });
    expect(timeline.success).toBe(false);
    expect(timeline.error?.issues.map((i) => i.message)).toContain(DATE_MESSAGES.notACalendarDate);
  });

  it("keeps local times across the daylight-saving changes (gap and overlap)", async () => {
    const { localDateTimeToIso, isoToLocalDateTime } = await import("@domain/rfp");
    expect(localDateTimeToIso("2026-03-08T01:30")).toBe("2026-03-08T06:30:00.000Z");
    expect(localDateTimeToIso("2026-03-08T03:30")).toBe("2026-03-08T07:30:00.000Z");
    expect(isoToLocalDateTime("2026-11-01T05:30:00.000Z")).toBe("2026-11-01T01:30");
    expect(isoToLocalDateTime("2026-11-01T07:00:00.000Z", "Europe/Berlin")).toBe("2026-11-01T08:00");
  });
});

describe("dashboard statistics (spec 001 sections 2.1, 7, 9)", () => {
  it("titles by user type, win rate with one decimal, averages, dollars without decimals", async () => {
    const m = await import("@domain/rfp");
    expect(m.DASHBOARD_TITLES).toEqual({
      author: "RFP Management",
      vendor: "Vendor Dashboard",
      other: "RFP Overview",
    });
    expect(["manager", "board_member", "admin", "vendor", "cpa", "homeowner"].map(m.dashboardKind)).toEqual([
      "author",
      "author",
      "author",
      "vendor",
      "other",
      "other",
    ]);
    expect(m.winRate(1, 2)).toBe(33.3);
    expect(m.winRate(2, 1)).toBe(66.7);
    expect(m.winRate(0, 0)).toBe(0);
    // A bid on a cancelled RFP is neither won nor lost (issue 11, part 4.4).
    expect(
      m.bidOutcomes([
        { status: "accepted" },
        { status: "rejected", rejectionCause: "rejected_by_author" },
        { status: "rejected", rejectionCause: "another_awarded" },
        { status: "rejected", rejectionCause: "rfp_cancelled" },
        { status: "withdrawn" },
      ]),
    ).toEqual({ won: 1, lost: 2, winRate: 33.3 });
    expect(m.averageOf([1, 2, 2])).toBe(1.7);
    expect(m.averageOf([])).toBe(0);
    expect(m.responseDays("2026-11-01T00:00:00Z", "2026-11-03T12:00:00Z")).toBe(2.5);
    expect(m.formatDollars(180000)).toBe("$180,000");
    expect([
      m.DASHBOARD_RECENT_RFPS,
      m.VENDOR_DASHBOARD_RFPS,
      m.VENDOR_DASHBOARD_PROPOSALS,
      m.LOW_CREDIT_BANNER_BELOW,
    ]).toEqual([5, 3, 3, 5]);
    expect([m.STATS_WINDOW_DAYS, m.RECENT_RFPS_WINDOW_DAYS]).toEqual([30, 7]);
  });
});
