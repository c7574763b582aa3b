/**
 * Legal Resources (issue 30, part 9): the library's search, filters and pages on the server; who may
 * read, submit and review; submit -> review -> publish with the attorney notified; a rejected or pending
 * resource never public; hostile Markdown rendered safely; oversized input refused with its message and
 * the form's values kept; template downloads, filled in on the server.
 */
import { queryRows } from "@db/client";
import { LEGAL_LIMITS, LEGAL_MESSAGES } from "@domain/legal/resources";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as libraryRoute from "~/routes/_app.legal._index";
import * as resourceRoute from "~/routes/_app.legal.$slug";
import * as reviewRoute from "~/routes/_app.legal.review";
import * as submissionsRoute from "~/routes/_app.legal.submissions";
import * as downloadRoute from "~/routes/legal.$slug.download";
import { DEMO_LEGAL_RESOURCES } from "../../db/legal-content";
import { seedLegal } from "../../db/seed-legal";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const HOSTILE =
  "## Heading\n\nA <script>alert(1)</script> and <img src=x onerror=alert(2)> and [a link](javascript:alert(3)) and **bold** and enough words to pass the minimum length.";

describe.each(engines)("legal resources on %s", (engine) => {
  const t = useTestDatabase(engine);
  let board: Person;
  let manager: Person;
  let admin: Person;
  let attorney: Person;
  let unverified: Person;
  let vendor: Person;
  let homeowner: Person;

  const library = (who: Person, query = "") =>
    outcome(() => libraryRoute.loader(argsOf(getAs(`/legal${query}`, who))));
  const slugsOf = async (who: Person, query = "") => {
    const r = await library(who, query);
    expect(r.status).toBe(200);
    return (r.data.items as { slug: string }[]).map((i) => i.slug);
  };
  const page = (who: Person, slug: string) =>
    outcome(() => resourceRoute.loader(argsOf(getAs(`/legal/${slug}`, who), { slug })));
  const submit = (who: Person, fields: Record<string, string>) =>
    outcome(() => submissionsRoute.action(argsOf(postAs("/legal/submissions", who, fields))));
  const review = (who: Person, fields: Record<string, string>) =>
    outcome(() => reviewRoute.action(argsOf(postAs("/legal/review", who, fields))));
  const rowOf = async (title: string) =>
    (
      await queryRows<{ id: string; slug: string; status: string; rejection_reason: string | null }>(
        t.db,
        sql`select id, slug, status, rejection_reason from legal_resources where title = ${title}`,
      )
    )[0];
  const notificationsOf = (userId: string) =>
    queryRows<{ title: string; body: string; action_url: string }>(
      t.db,
      sql`select title, body, action_url from notifications
          where user_id = ${userId} and type = 'legal_resource_reviewed' order by created_at`,
    );
  const good = (title: string): Record<string, string> => ({
    title,
    kind: "template",
    state: "TX",
    topic: "governance",
    summary: "A short summary of what this resource covers for boards.",
    body: `Dear [Owner Name],\n\n${"This is the body of the resource. ".repeat(3)}`,
  });

  beforeAll(async () => {
    useAppDatabase(t.handle);
    board = await personWithRole(t.db, "board_member", { label: "legal-board" });
    manager = await personWithRole(t.db, "manager", { label: "legal-manager" });
    admin = await personWithRole(t.db, "admin", { label: "legal-admin" });
    attorney = await personWithRole(t.db, "attorney", { label: "legal-attorney" });
    unverified = await personWithRole(t.db, "attorney", { label: "legal-unverified", verified: false });
    vendor = await personWithRole(t.db, "vendor", { label: "legal-vendor" });
    homeowner = await personWithRole(t.db, "homeowner", { label: "legal-homeowner" });
    await seedLegal(t.db);
    await seedLegal(t.db);
  });

  it("seeds its content once and lists it for the sidebar's roles", async () => {
    const [count] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from legal_resources`);
    expect(Number(count?.n)).toBe(DEMO_LEGAL_RESOURCES.length);
    for (const who of [board, manager, admin]) {
      const r = await library(who);
      expect(r.status).toBe(200);
      expect(r.data.total).toBe(DEMO_LEGAL_RESOURCES.length);
    }
  });

  it("searches and filters on the server: words, state (with all-state ones), topic, kind", async () => {
    expect(await slugsOf(board, "?search=records+request")).toEqual(
      expect.arrayContaining(["records-request-letter", "handling-owner-records-requests"]),
    );
    // Body text is searched too: only the insurance article says "umbrella".
    expect(await slugsOf(board, "?search=UMBRELLA")).toEqual(["vendor-certificates-of-insurance"]);
    const florida = await slugsOf(board, "?state=FL&topic=records");
    expect(florida).toEqual(
      expect.arrayContaining([
        "florida-owners-right-to-inspect-records",
        "handling-owner-records-requests",
        "records-request-letter",
      ]),
    );
    expect(await slugsOf(board, "?state=ALL&topic=records")).not.toContain(
      "florida-owners-right-to-inspect-records",
    );
    expect(await slugsOf(board, "?state=CA&topic=records")).not.toContain(
      "florida-owners-right-to-inspect-records",
    );
    expect((await slugsOf(board, "?kind=template")).sort()).toEqual([
      "board-meeting-notice",
      "delinquent-assessment-letter",
      "records-request-letter",
    ]);
    // Unknown values are no filter; LIKE wildcards are searched for as themselves.
    expect((await slugsOf(board, "?state=ZZ&topic=nope&kind=memo")).length).toBe(DEMO_LEGAL_RESOURCES.length);
    expect(await slugsOf(board, "?search=%25")).toEqual([]);
  });

  it("pages the results", async () => {
    for (let i = 0; i < LEGAL_LIMITS.pageSize; i += 1) {
      await t.db.execute(
        sql`insert into legal_resources (slug, title, kind, state, topic, summary, body_markdown, status)
            values (${`paging-${i}`}, ${`Paging item ${String(i).padStart(2, "0")}`}, 'article', 'NV', 'disputes',
                    'Paging summary', 'Paging body', 'published')`,
      );
    }
    const first = await library(board, "?state=NV&topic=disputes");
    expect(first.data.total).toBe(LEGAL_LIMITS.pageSize);
    expect(first.data.pages).toBe(1);
    const all = await library(board, "?search=paging");
    expect(all.data.total).toBe(LEGAL_LIMITS.pageSize);
    await t.db.execute(
      sql`insert into legal_resources (slug, title, kind, state, topic, summary, body_markdown, status)
          values ('paging-last', 'Paging item 99', 'article', 'NV', 'disputes', 'Paging summary', 'Paging body', 'published')`,
    );
    const two = await library(board, "?search=paging&page=2");
    expect(two.data.pages).toBe(2);
    expect(two.data.page).toBe(2);
    expect(two.data.items.map((i: { slug: string }) => i.slug)).toEqual(["paging-last"]);
    // A page past the end shows the last one.
    expect((await library(board, "?search=paging&page=40")).data.page).toBe(2);
  });

  it("is for admin, board member and manager contexts and verified attorneys; everyone else 403", async () => {
    expect((await library(attorney)).status).toBe(200);
    for (const who of [unverified, vendor, homeowner]) {
      expect((await library(who)).status).toBe(403);
      expect((await page(who, "records-request-letter")).status).toBe(403);
      const download = await outcome(() =>
        downloadRoute.loader(
          argsOf(getAs("/legal/records-request-letter/download", who), { slug: "records-request-letter" }),
        ),
      );
      expect(download.status).toBe(403);
    }
    // Submitting: verified attorneys only, on the server.
    for (const who of [unverified, vendor, board, manager, admin]) {
      const refused = await submit(who, good(`Refused ${who.email}`));
      expect(refused.status).toBe(403);
      expect(await rowOf(`Refused ${who.email}`)).toBeUndefined();
      expect(
        (await outcome(() => submissionsRoute.loader(argsOf(getAs("/legal/submissions", who))))).status,
      ).toBe(403);
    }
    // Reviewing: admins only.
    for (const who of [attorney, board, manager]) {
      expect((await outcome(() => reviewRoute.loader(argsOf(getAs("/legal/review", who))))).status).toBe(403);
    }
  });

  it("opens a resource with the disclaimer's rules: article rendered, template with placeholders", async () => {
    const article = await page(board, "florida-notice-of-board-meetings");
    expect(article.status).toBe(200);
    expect(article.data.resource.html).toContain("<h2>The basic rule: 48 hours, posted</h2>");
    expect(article.data.resource.placeholders).toEqual([]);
    const template = await page(manager, "board-meeting-notice");
    expect(template.data.resource.placeholders).toContain("Meeting Date");
    expect(template.data.resource).not.toHaveProperty("body");
    expect((await page(board, "no-such-resource")).status).toBe(404);
  });

  it("downloads a template as text, and fills it in on the server", async () => {
    const slug = "delinquent-assessment-letter";
    const plain = await outcome(() =>
      downloadRoute.loader(argsOf(getAs(`/legal/${slug}/download`, board), { slug })),
    );
    expect(plain.status).toBe(200);
    expect(plain.response.headers.get("Content-Type")).toContain("text/markdown");
    expect(plain.response.headers.get("Content-Disposition")).toContain(`${slug}.md`);
    const text = await plain.response.text();
    expect(text).toContain("not legal advice");
    expect(text).toContain("[Association Name]");

    const view = await page(board, slug);
    const names = view.data.resource.placeholders as string[];
    const at = (name: string) => `v${names.indexOf(name)}`;
    const filled = await outcome(() =>
      downloadRoute.action(
        argsOf(
          postAs(`/legal/${slug}/download`, board, {
            [at("Association Name")]: "Bayview Towers",
            [at("Owner Name")]: "Pat\nLee",
          }),
          { slug },
        ),
      ),
    );
    expect(filled.status).toBe(200);
    expect(filled.response.headers.get("Content-Disposition")).toContain(`${slug}-filled.md`);
    const body = await filled.response.text();
    expect(body).toContain("Bayview Towers");
    expect(body).toContain("Dear Pat Lee,");
    expect(body).not.toContain("[Association Name]");
    expect(body).toContain("[Pay By Date]");

    const tooLong = await outcome(() =>
      downloadRoute.action(
        argsOf(
          postAs(`/legal/${slug}/download`, board, { v0: "x".repeat(LEGAL_LIMITS.placeholderValueMax + 1) }),
          { slug },
        ),
      ),
    );
    expect(tooLong.status).toBe(400);
    expect(await tooLong.response.text()).toContain(LEGAL_MESSAGES.placeholderValue);
    // An article has no download.
    const article = "collection-process-basics";
    expect(
      (
        await outcome(() =>
          downloadRoute.loader(argsOf(getAs(`/legal/${article}/download`, board), { slug: article })),
        )
      ).status,
    ).toBe(404);
  });

  it("submit -> pending (never public) -> approve publishes it credited to the attorney, who is notified", async () => {
    const title = "Texas: Board Elections Checklist";
    const sent = await submit(attorney, { ...good(title), body: HOSTILE, kind: "article" });
    expect(sent.status).toBe(302);
    expect(sent.response.headers.get("Location")).toBe("/legal/submissions");
    const row = await rowOf(title);
    expect(row?.status).toBe("pending");
    const slug = row?.slug as string;

    // Pending: not in the library, 404 to other readers, open to its submitter and to admins.
    expect(await slugsOf(board, "?search=elections+checklist")).toEqual([]);
    expect((await page(board, slug)).status).toBe(404);
    const own = await page(attorney, slug);
    expect(own.status).toBe(200);
    expect(own.data.resource.status).toBe("pending");
    const mine = await outcome(() => submissionsRoute.loader(argsOf(getAs("/legal/submissions", attorney))));
    expect(mine.data.submissions).toEqual([expect.objectContaining({ title, status: "pending" })]);

    const queue = await outcome(() => reviewRoute.loader(argsOf(getAs("/legal/review", admin))));
    const pending = (queue.data.pending as { id: string; html: string }[]).find((p) => p.id === row?.id);
    // Hostile Markdown: raw HTML escaped, the javascript: link dropped.
    expect(pending?.html).toContain("<h2>Heading</h2>");
    expect(pending?.html).toContain("&lt;script&gt;");
    expect(pending?.html).not.toContain("<script");
    expect(pending?.html).not.toContain("<img");
    expect(pending?.html).not.toContain("javascript:");

    const approved = await review(admin, { intent: "approve", id: row?.id as string });
    expect(approved.status).toBe(302);
    expect((await rowOf(title))?.status).toBe("published");
    const listed = await library(board, "?search=elections+checklist");
    expect(listed.data.items).toEqual([
      expect.objectContaining({ slug, creditName: "Test attorney, Test Org" }),
    ]);
    expect((await page(board, slug)).status).toBe(200);
    const notes = await notificationsOf(attorney.id);
    expect(notes.at(-1)).toMatchObject({
      title: `Your article "${title}" is published`,
      action_url: `/legal/${slug}`,
    });

    // A second decision on the same submission is refused.
    const again = await review(admin, { intent: "reject", id: row?.id as string, reason: "Changed my mind" });
    expect(again.status).toBe(409);
    expect(again.data.error).toBe(LEGAL_MESSAGES.alreadyReviewed);
    expect((await rowOf(title))?.status).toBe("published");
  });

  it("a rejected submission is never public; the attorney sees the reason and is notified", async () => {
    const title = "Texas: Rejected Draft";
    expect((await submit(attorney, good(title))).status).toBe(302);
    const row = await rowOf(title);
    const noReason = await review(admin, { intent: "reject", id: row?.id as string, reason: " " });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.data.result)).toContain(LEGAL_MESSAGES.reason);
    const rejected = await review(admin, {
      intent: "reject",
      id: row?.id as string,
      reason: "Cite the statute.",
    });
    expect(rejected.status).toBe(302);
    expect(await rowOf(title)).toMatchObject({ status: "rejected", rejection_reason: "Cite the statute." });
    expect(await slugsOf(board, "?search=rejected+draft")).toEqual([]);
    for (const who of [board, manager]) expect((await page(who, row?.slug as string)).status).toBe(404);
    expect(
      (
        await outcome(() =>
          downloadRoute.loader(
            argsOf(getAs(`/legal/${row?.slug}/download`, board), { slug: row?.slug as string }),
          ),
        )
      ).status,
    ).toBe(404);
    const mine = await outcome(() => submissionsRoute.loader(argsOf(getAs("/legal/submissions", attorney))));
    expect(mine.data.submissions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title, status: "rejected", rejectionReason: "Cite the statute." }),
      ]),
    );
    const notes = await notificationsOf(attorney.id);
    expect(notes.at(-1)).toMatchObject({
      title: `Your template "${title}" was not published`,
      body: "Reason: Cite the statute.",
    });
    // An unknown submission is 404.
    expect(
      (await review(admin, { intent: "approve", id: "00000000-0000-4000-8000-000000000000" })).status,
    ).toBe(404);
  });

  it("refuses oversized and malformed submissions with the field's message and keeps the values", async () => {
    const title = "Oversized Body Attempt";
    const tooLong = await submit(attorney, { ...good(title), body: "x".repeat(LEGAL_LIMITS.bodyMax + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.result.error.body).toEqual([LEGAL_MESSAGES.body]);
    expect(tooLong.data.result.initialValue.title).toBe(title);
    expect(await rowOf(title)).toBeUndefined();

    const bad = await submit(attorney, {
      title: "x",
      kind: "memo",
      state: "ZZ",
      topic: "",
      summary: "",
      body: "",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error).toMatchObject({
      title: [LEGAL_MESSAGES.title],
      kind: [LEGAL_MESSAGES.kind],
      state: [LEGAL_MESSAGES.state],
      topic: [LEGAL_MESSAGES.topic],
      summary: [LEGAL_MESSAGES.summary],
      body: [LEGAL_MESSAGES.body],
    });
  });
});
