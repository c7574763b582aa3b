/**
 * Plan limits on the server (issue 14, part 6): an association's board room, documents and financials accept
 * writes during its 30-day trial and under an Association plan (past due: for a 7-day grace), and
 * refuse them with 402 and an upgrade link after that; reading stays open and nothing is deleted.
 */
import { associations, subscriptions } from "@db/schema";
import { PLAN_LIMIT_MESSAGES } from "@domain/billing";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getMemberships } from "~/auth/association.server";
import {
  executeSubscriptionCommand,
  grantComplimentaryPlan,
  revokeComplimentaryPlan,
} from "~/commands/billing.server";
import { createEvent } from "~/commands/calendar.server";
import * as boardRoom from "~/routes/_app.board-room";
import * as newMeeting from "~/routes/_app.board-room_.new";
import * as documents from "~/routes/_app.documents._index";
import * as financials from "~/routes/_app.financials";
import * as financialBudgets from "~/routes/_app.financials.budgets";
import * as apiMeetings from "~/routes/api.board-room.meetings";
import * as apiBudget from "~/routes/api.financial.budgets_.$id";
import { formRequest, routeArgs, thrown, useAppDatabase } from "../support/app";
import { associationWith } from "../support/associations";
import { type Engine, engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

describe.each(engines)("association plan limits on %s", (engine: Engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));

  const post = (fn: (a: never) => unknown, path: string, cookie: string) =>
    thrown(() => fn(routeArgs(formRequest(path, {}, { Cookie: cookie })) as never) as Promise<unknown>);
  const get = (fn: (a: never) => unknown, path: string, cookie: string) =>
    thrown(async () => {
      const r = await fn(
        routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } })) as never,
      );
      return r as Response;
    });

  async function boardWithAssociation(ageDays: number) {
    const board = await personWithRole(t.db, "board_member");
    const { id } = await associationWith(t.db, { id: board.id });
    await t.db
      .update(associations)
      .set({ createdAt: sql`now() - make_interval(days => ${ageDays})` as unknown as string })
      .where(eq(associations.id, id));
    return { board, associationId: id };
  }

  it("lets a new association write during its 30-day trial", async () => {
    const { board } = await boardWithAssociation(29);
    const page = await boardRoom.loader(
      routeArgs(new Request("http://localhost/board-room", { headers: { Cookie: board.cookie } })) as never,
    );
    expect(((await page.json()) as { planLimit: unknown }).planLimit).toBeNull();
    // Past the plan guard: the empty form is refused for its content.
    expect((await post(newMeeting.action, "/board-room/new", board.cookie)).status).toBe(400);
    expect((await post(documents.action, "/documents", board.cookie)).status).toBe(400);
    expect((await post(financialBudgets.action, "/financials/budgets", board.cookie)).status).toBe(400);
  });

  it("refuses writes after the trial without a plan, with an upgrade link, and keeps reading open", async () => {
    const { board } = await boardWithAssociation(31);
    const refused = await post(newMeeting.action, "/board-room/new", board.cookie);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({
      error: PLAN_LIMIT_MESSAGES.association,
      upgradeUrl: "/settings/billing#association",
    });
    expect((await post(documents.action, "/documents", board.cookie)).status).toBe(402);
    expect((await post(financialBudgets.action, "/financials/budgets", board.cookie)).status).toBe(402);
    const financeApi = await thrown(async () =>
      apiBudget.action({
        ...routeArgs(
          new Request("http://localhost/api/financial/budgets/00000000-0000-4000-8000-000000000000", {
            method: "DELETE",
            headers: { Cookie: board.cookie },
          }),
        ),
        params: { id: "00000000-0000-4000-8000-000000000000" },
      } as never),
    );
    expect(financeApi.status).toBe(402);
    const books = await financials.loader(
      routeArgs(new Request("http://localhost/financials", { headers: { Cookie: board.cookie } })) as never,
    );
    expect(books.status).toBe(200);
    expect(((await books.json()) as { planLimit: unknown }).planLimit).toEqual({
      message: PLAN_LIMIT_MESSAGES.association,
      upgradeUrl: "/settings/billing#association",
    });
    const api = await thrown(async () =>
      apiMeetings.action(
        routeArgs(
          new Request("http://localhost/api/board-room/meetings", {
            method: "POST",
            headers: { Cookie: board.cookie, "Content-Type": "application/json" },
            body: "{}",
          }),
        ) as never,
      ),
    );
    expect(api.status).toBe(402);
    // Reading stays, and the pages say why writing is closed, with the upgrade link.
    const page = await boardRoom.loader(
      routeArgs(new Request("http://localhost/board-room", { headers: { Cookie: board.cookie } })) as never,
    );
    expect(page.status).toBe(200);
    const notice = { message: PLAN_LIMIT_MESSAGES.association, upgradeUrl: "/settings/billing#association" };
    expect(((await page.json()) as { planLimit: unknown }).planLimit).toEqual(notice);
    const library = await documents.loader(
      routeArgs(new Request("http://localhost/documents", { headers: { Cookie: board.cookie } })) as never,
    );
    expect(((await library.json()) as { library: { planLimit: unknown } }).library.planLimit).toEqual(notice);
    expect((await get(newMeeting.loader, "/board-room/new", board.cookie)).status).toBe(200);
  });

  it("opens writes under a plan, keeps them for the 7-day past-due grace, then locks them", async () => {
    const admin = await personWithRole(t.db, "admin");
    const { board, associationId } = await boardWithAssociation(60);
    const granted = await grantComplimentaryPlan(t.db, {
      subject: { type: "association", id: associationId },
      planId: "association",
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      reason: "Pilot",
      grantedBy: admin.id,
    });
    expect(granted.ok).toBe(true);
    expect((await post(newMeeting.action, "/board-room/new", board.cookie)).status).toBe(400);
    const [grant] = await t.db.select().from(subscriptions).where(eq(subscriptions.subjectId, associationId));
    await revokeComplimentaryPlan(t.db, grant?.id as string, admin.id);
    // A lapsed plan does not reopen the trial.
    expect((await post(newMeeting.action, "/board-room/new", board.cookie)).status).toBe(402);
  });

  it("gates the association calendar's events after the trial, never a person's own", async () => {
    const { board, associationId } = await boardWithAssociation(45);
    const actor = {
      userId: board.id,
      email: board.email,
      fullName: null,
      memberships: await getMemberships(board.id),
    };
    const input = (association: string | null) => ({
      title: "Budget workshop",
      description: null,
      eventType: "meeting" as const,
      startsAt: "2027-03-02T14:00:00.000Z",
      endsAt: "2027-03-02T15:00:00.000Z",
      timeZone: "America/New_York",
      isAllDay: false,
      location: null,
      meetingUrl: null,
      rrule: null,
      attendeeEmails: [],
      associationId: association,
    });
    const refused = await createEvent(t.db, actor, input(associationId));
    expect(refused).toEqual({
      ok: false,
      error: { kind: "plan_required", message: PLAN_LIMIT_MESSAGES.association },
    });
    expect((await createEvent(t.db, actor, input(null))).ok).toBe(true);
  });

  it("keeps a past-due plan's writes for the 7-day grace, then locks them with the past-due message", async () => {
    const day = 86_400_000;
    const pastDueFor = async (days: number) => {
      const { board, associationId } = await boardWithAssociation(90);
      const id = `sub_test_${associationId.slice(0, 8)}`;
      const reading = (status: "active" | "past_due", ago: number) => ({
        subscriptionId: id,
        customerId: "cus_test",
        subjectType: "association" as const,
        subjectId: associationId,
        status,
        planId: "association" as const,
        interval: "month" as const,
        trialEndsAt: null,
        currentPeriodEnd: new Date(Date.now() + 20 * day).toISOString(),
        cancelAtPeriodEnd: false,
        startedAt: new Date(Date.now() - 60 * day).toISOString(),
        observedAt: new Date(Date.now() - ago * day).toISOString(),
      });
      await executeSubscriptionCommand(t.db, id, {
        type: "SyncStripeSubscription",
        reading: reading("active", 30),
      });
      await executeSubscriptionCommand(t.db, id, {
        type: "SyncStripeSubscription",
        reading: reading("past_due", days),
      });
      return board;
    };
    const inGrace = await pastDueFor(3);
    expect((await post(newMeeting.action, "/board-room/new", inGrace.cookie)).status).toBe(400);
    const locked = await pastDueFor(8);
    const refused = await post(newMeeting.action, "/board-room/new", locked.cookie);
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: string }).error).toBe(PLAN_LIMIT_MESSAGES.pastDue);
    expect((await get(newMeeting.loader, "/board-room/new", locked.cookie)).status).toBe(200);
  });
});
