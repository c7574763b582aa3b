/**
 * Legal Resources' resubmission and versions (decision 089): a rejected submission edited and submitted
 * again (the previous reason kept, stale forms refused); a published resource revised by its attorney
 * (reviewed; readers keep the current version until then; one waiting at a time), or by an administrator
 * (published at once); every published version kept and readable; nobody else may edit (404).
 */
import { queryRows } from "@db/client";
import { LEGAL_MESSAGES } from "@domain/legal/resources";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as resourceRoute from "~/routes/_app.legal.$slug";
import * as editRoute from "~/routes/_app.legal.$slug_.edit";
import * as reviewRoute from "~/routes/_app.legal.review";
import * as submissionsRoute from "~/routes/_app.legal.submissions";
import { DEMO_LEGAL_RESOURCES } from "../../db/legal-content";
import { seedLegal } from "../../db/seed-legal";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

describe.each(engines)("legal resubmission and versions on %s", (engine) => {
  const t = useTestDatabase(engine);
  let board: Person;
  let admin: Person;
  let attorney: Person;
  let otherAttorney: Person;

  const page = (who: Person, slug: string, query = "") =>
    outcome(() => resourceRoute.loader(argsOf(getAs(`/legal/${slug}${query}`, who), { slug })));
  const editPage = (who: Person, slug: string) =>
    outcome(() => editRoute.loader(argsOf(getAs(`/legal/${slug}/edit`, who), { slug })));
  const edit = (who: Person, slug: string, fields: Record<string, string>) =>
    outcome(() => editRoute.action(argsOf(postAs(`/legal/${slug}/edit`, who, fields), { slug })));
  const submit = (who: Person, fields: Record<string, string>) =>
    outcome(() => submissionsRoute.action(argsOf(postAs("/legal/submissions", who, fields))));
  const review = (who: Person, fields: Record<string, string>) =>
    outcome(() => reviewRoute.action(argsOf(postAs("/legal/review", who, fields))));
  const rowOf = async (title: string) =>
    (
      await queryRows<{ id: string; slug: string; status: string; version: number }>(
        t.db,
        sql`select id, slug, status, version from legal_resources where title = ${title}`,
      )
    )[0];
  const content = (title: string): Record<string, string> => ({
    title,
    kind: "article",
    state: "FL",
    topic: "records",
    summary: "What a board must answer when an owner asks for the records.",
    body: `## Records\n\n${"The association keeps its official records and lets owners inspect them. ".repeat(2)}`,
  });

  beforeAll(async () => {
    useAppDatabase(t.handle);
    board = await personWithRole(t.db, "board_member", { label: "legalv-board" });
    admin = await personWithRole(t.db, "admin", { label: "legalv-admin" });
    attorney = await personWithRole(t.db, "attorney", { label: "legalv-attorney" });
    otherAttorney = await personWithRole(t.db, "attorney", { label: "legalv-other" });
    await seedLegal(t.db);
  });

  it("the seed's resources are version 1, with no other versions", async () => {
    const slug = DEMO_LEGAL_RESOURCES[0]?.slug as string;
    const view = await page(board, slug);
    expect(view.data.resource).toMatchObject({ version: 1, shownVersion: 1, canRevise: false });
    expect(view.data.resource.versions).toHaveLength(1);
  });

  it("a rejected submission is edited and submitted again: pending, the old reason kept for the reviewer; stale forms 409", async () => {
    const title = "Florida: Records Requests in Practice";
    expect((await submit(attorney, content(title))).status).toBe(302);
    const row = (await rowOf(title)) as NonNullable<Awaited<ReturnType<typeof rowOf>>>;
    expect(
      (await review(admin, { intent: "reject", id: row.id, reason: "Cite section 718.111(12)." })).status,
    ).toBe(302);

    // Nobody else may edit it: another attorney, a board member, even an administrator (404).
    for (const who of [otherAttorney, board, admin]) expect((await editPage(who, row.slug)).status).toBe(404);
    const form = await editPage(attorney, row.slug);
    expect(form.status).toBe(200);
    expect(form.data.mode).toBe("resubmit");
    const expected = form.data.resource.updatedAt as string;

    const bad = await edit(attorney, row.slug, { ...content(title), summary: "short", expected });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.summary).toEqual([LEGAL_MESSAGES.summary]);

    const fixed = { ...content(title), body: `${content(title).body}\n\nSee section 718.111(12).`, expected };
    const sent = await edit(attorney, row.slug, fixed);
    expect(sent.status).toBe(302);
    expect(sent.response.headers.get("Location")).toBe(`/legal/${row.slug}`);
    expect((await rowOf(title))?.status).toBe("pending");
    // The same form again (rendered before the save) is stale.
    const stale = await edit(attorney, row.slug, fixed);
    expect(stale.status).toBe(409);
    expect(stale.data.error).toBe(LEGAL_MESSAGES.stale);

    const queue = await outcome(() => reviewRoute.loader(argsOf(getAs("/legal/review", admin))));
    expect(queue.data.pending).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: row.id, previousRejectionReason: "Cite section 718.111(12)." }),
      ]),
    );
    expect((await review(admin, { intent: "approve", id: row.id })).status).toBe(302);
    const published = await page(board, row.slug);
    expect(published.data.resource).toMatchObject({ status: "published", version: 1 });
    expect(published.data.resource.versions).toHaveLength(1);
    // Published: editing it is now a revision, not a resubmission.
    expect((await editPage(attorney, row.slug)).data.mode).toBe("revise");
  });

  it("the attorney's revision waits for review while readers keep version 1; approved it is version 2, and version 1 stays readable", async () => {
    const title = "Florida: Estoppel Certificates";
    expect((await submit(attorney, content(title))).status).toBe(302);
    const row = (await rowOf(title)) as NonNullable<Awaited<ReturnType<typeof rowOf>>>;
    expect((await review(admin, { intent: "approve", id: row.id })).status).toBe(302);

    for (const who of [otherAttorney, board]) {
      expect((await editPage(who, row.slug)).status).toBe(404);
      const tried = await edit(who, row.slug, { ...content(title), note: "Mine now", baseVersion: "1" });
      expect(tried.status).toBe(404);
    }
    const noNote = await edit(attorney, row.slug, { ...content(title), note: "", baseVersion: "1" });
    expect(noNote.status).toBe(400);
    expect(noNote.data.result.error.note).toEqual([LEGAL_MESSAGES.note]);

    const revised = {
      ...content(title),
      body: "## Estoppel\n\nThe 2024 law sets the fee caps; update them each year for inflation as published.",
    };
    const proposed = await edit(attorney, row.slug, {
      ...revised,
      note: "Fee caps updated",
      baseVersion: "1",
    });
    expect(proposed.status).toBe(302);
    // Readers still see version 1; the attorney sees that a revision waits and cannot send another.
    const reading = await page(board, row.slug);
    expect(reading.data.resource).toMatchObject({ version: 1, pendingRevision: null });
    expect(reading.data.resource.html).not.toContain("fee caps");
    expect((await page(attorney, row.slug)).data.resource.pendingRevision).toMatchObject({ mine: true });
    const second = await edit(attorney, row.slug, { ...revised, note: "Again", baseVersion: "1" });
    expect(second.status).toBe(409);
    expect(second.data.error).toBe(LEGAL_MESSAGES.revisionPending);

    const queue = await outcome(() => reviewRoute.loader(argsOf(getAs("/legal/review", admin))));
    const waiting = (queue.data.revisions as { id: string; note: string; baseVersion: number }[]).find(
      (r) => r.note === "Fee caps updated",
    );
    expect(waiting).toMatchObject({ baseVersion: 1 });
    const ok = await review(admin, { intent: "approve_revision", id: waiting?.id as string });
    expect(ok.status).toBe(302);
    const again = await review(admin, {
      intent: "reject_revision",
      id: waiting?.id as string,
      reason: "No, sorry",
    });
    expect(again.status).toBe(409);

    const now = await page(board, row.slug);
    expect(now.data.resource).toMatchObject({ version: 2, shownVersion: 2 });
    expect(now.data.resource.html).toContain("fee caps");
    expect(now.data.resource.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(now.data.resource.versions[0].note).toBe("Fee caps updated");
    const old = await page(board, row.slug, "?version=1");
    expect(old.data.resource).toMatchObject({ version: 2, shownVersion: 1 });
    expect(old.data.resource.html).toContain("official records");
    expect((await page(board, row.slug, "?version=7")).status).toBe(404);
    // Junk in ?version is ignored: the current version.
    expect((await page(board, row.slug, "?version=abc")).data.resource.shownVersion).toBe(2);

    const [note] = await queryRows<{ title: string; body: string }>(
      t.db,
      sql`select title, body from notifications where user_id = ${attorney.id}
          and type = 'legal_resource_reviewed' order by created_at desc limit 1`,
    );
    expect(note).toMatchObject({
      title: `Your revision of the article "${title}" is published`,
      body: "It is now version 2. Thank you for keeping it current.",
    });

    // A form written on version 1 is now stale.
    const late = await edit(attorney, row.slug, { ...revised, note: "Too late", baseVersion: "1" });
    expect(late.status).toBe(409);
    expect(late.data.error).toBe(LEGAL_MESSAGES.stale);
  });

  it("an administrator's revision is published at once; a waiting one written on the older version cannot be published over it", async () => {
    const slug = DEMO_LEGAL_RESOURCES[0]?.slug as string;
    const before = (await page(board, slug)).data.resource;
    expect((await editPage(admin, slug)).data.mode).toBe("revise");
    const r = await edit(admin, slug, {
      title: before.title,
      state: before.state,
      topic: before.topic,
      summary: before.summary,
      body: "## Updated\n\nThe platform's own text, revised by an administrator with enough words to pass.",
      note: "Reworded",
      baseVersion: String(before.version),
    });
    expect(r.status).toBe(302);
    const after = (await page(board, slug)).data.resource;
    expect(after.version).toBe(before.version + 1);
    expect(after.html).toContain("revised by an administrator");

    // The attorney's revision waits on version 2 of their resource; an admin publishes version 3 first.
    const title = "Florida: Estoppel Certificates";
    const row = (await rowOf(title)) as NonNullable<Awaited<ReturnType<typeof rowOf>>>;
    const mineNow = (await page(attorney, row.slug)).data.resource;
    expect(
      (
        await edit(attorney, row.slug, {
          ...content(title),
          body: "## Attorney\n\nThe attorney's later wording of this resource with enough words in it.",
          note: "Attorney wording",
          baseVersion: String(mineNow.version),
        })
      ).status,
    ).toBe(302);
    expect(
      (
        await edit(admin, row.slug, {
          ...content(title),
          body: "## Admin\n\nThe administrator's wording of this resource with enough words in it too.",
          note: "Admin wording",
          baseVersion: String(mineNow.version),
        })
      ).status,
    ).toBe(302);
    const queue = await outcome(() => reviewRoute.loader(argsOf(getAs("/legal/review", admin))));
    const waiting = (queue.data.revisions as { id: string; note: string }[]).find(
      (v) => v.note === "Attorney wording",
    );
    const refused = await review(admin, { intent: "approve_revision", id: waiting?.id as string });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(LEGAL_MESSAGES.revisionOutdated);
    const rejected = await review(admin, {
      intent: "reject_revision",
      id: waiting?.id as string,
      reason: "Please write it on the current version.",
    });
    expect(rejected.status).toBe(302);
    const mine = await outcome(() => submissionsRoute.loader(argsOf(getAs("/legal/submissions", attorney))));
    expect(mine.data.revisions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          status: "rejected",
          rejectionReason: "Please write it on the current version.",
        }),
      ]),
    );
    expect((await page(board, row.slug)).data.resource.html).toContain("administrator's wording");
  });
});
