/**
 * Continuing education (issue 30, part 6): hours per licence period read from completed courses,
 * recording and removing a licence (with hostile forms), the PDF transcript's figures, and nobody
 * else's licences or hours ever shown.
 */
import { queryRows } from "@db/client";
import { addDays, LICENCE_TYPES, localDate, periodContaining } from "@domain/learning/continuing-education";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type CourseDefinition, publishCourse } from "~/commands/learning.server";
import { setCourseCeCredits } from "~/commands/learning-ce.server";
import { ceOverview } from "~/queries/learning-ce.server";
import * as ceRoute from "~/routes/_app.learning-hub.continuing-education";
import * as catalogueRoute from "~/routes/_app.learning-hub.courses._index";
import * as transcriptRoute from "~/routes/learning-hub.continuing-education.transcript";
import { completeCourse } from "../../db/seed-learning-ce";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { bothEngines, useTestDatabase } from "../support/db";
import { pdfText } from "../support/pdf";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const course = (slug: string, title: string): CourseDefinition => ({
  slug,
  title,
  shortDescription: `${title} in short.`,
  description: `${title}.`,
  difficulty: "beginner",
  modules: [
    {
      title: "Only module",
      lessons: [{ title: `${title} lesson`, minutes: 60, body: "Text." }],
      quiz: {
        title: `${title} check`,
        passPercent: 100,
        questions: [{ prompt: "Right?", options: ["Yes", "No"], correct: [0] }],
      },
    },
  ],
});

const A = course("ce-test-statutes", "CE Statutes Update");
const B = course("ce-test-budgets", "CE Budget Review");
const C = course("ce-test-staff", "CE Staffing Basics");
const D = course("ce-test-no-credit", "CE Nothing Course");

const FL = LICENCE_TYPES["fl-cam"];
const PATH = "/learning-hub/continuing-education";

describe.each(bothEngines)("continuing education on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person;
  let bob: Person;
  const ids: Record<string, string> = {};

  const page = async (who: Person) => {
    const r = await outcome(() => ceRoute.loader(argsOf(getAs(PATH, who))));
    expect(r.status).toBe(200);
    return r.data;
  };
  const post = (who: Person, body: Record<string, string>) =>
    outcome(() => ceRoute.action(argsOf(postAs(PATH, who, body))));
  const transcript = (who: Person, query = "") =>
    outcome(() => transcriptRoute.loader(argsOf(getAs(`${PATH}/transcript${query}`, who))));

  beforeAll(async () => {
    useAppDatabase(t.handle);
    ann = await personWithRole(t.db, "manager", { label: "ce-ann" });
    bob = await personWithRole(t.db, "manager", { label: "ce-bob" });
    for (const def of [A, B, C, D]) ids[def.slug] = (await publishCourse(t.db, def)).id;
    await setCourseCeCredits(t.db, ids[A.slug] as string, [
      { licenceType: "fl-cam", subject: "legal_update", tenths: 20 },
      { licenceType: "fl-cam", subject: "insurance_financial", tenths: 10 },
    ]);
    await setCourseCeCredits(t.db, ids[B.slug] as string, [
      { licenceType: "fl-cam", subject: "legal_update", tenths: 35 },
      { licenceType: "cmca", subject: "elective", tenths: 15 },
    ]);
    await setCourseCeCredits(t.db, ids[C.slug] as string, [
      { licenceType: "fl-cam", subject: "human_resources", tenths: 30 },
    ]);
  });

  it("shows the empty state before a licence is recorded, and the catalogue shows CE hours", async () => {
    expect((await page(ann)).licences).toEqual([]);
    const r = await outcome(() =>
      catalogueRoute.loader(argsOf(getAs("/learning-hub/courses?search=CE", ann))),
    );
    const cards = r.data.courses as { slug: string; ceTenths: number }[];
    expect(cards.find((c) => c.slug === A.slug)?.ceTenths).toBe(30);
    expect(cards.find((c) => c.slug === B.slug)?.ceTenths).toBe(35);
    expect(cards.find((c) => c.slug === D.slug)?.ceTenths).toBe(0);
  });

  it("refuses bad licence forms with a clear 4xx and keeps the values", async () => {
    const missing = await post(ann, { intent: "add", licenceType: "fl-cam", licenceNumber: "" });
    expect(missing.status).toBe(400);
    expect(missing.data.result.error.licenceNumber).toEqual(["Enter the licence number."]);
    const unknown = await post(ann, { intent: "add", licenceType: "fl-pe", licenceNumber: "X1" });
    expect(unknown.status).toBe(400);
    expect(unknown.data.result.initialValue.licenceNumber).toBe("X1");
    const huge = await post(ann, { intent: "add", licenceType: "fl-cam", licenceNumber: "9".repeat(5000) });
    expect(huge.status).toBe(400);
    const hostile = await post(ann, { intent: "add", licenceType: "fl-cam", licenceNumber: "<script>" });
    expect(hostile.status).toBe(400);
    const badDate = await post(ann, {
      intent: "add",
      licenceType: "fl-cam",
      licenceNumber: "CAM 1",
      anchorDate: "2025-02-29",
    });
    expect(badDate.status).toBe(400);
    expect(badDate.data.result.error.anchorDate).toEqual(["Enter a date as YYYY-MM-DD."]);
    const noAnchor = await post(ann, { intent: "add", licenceType: "cmca", licenceNumber: "CMCA 77" });
    expect(noAnchor.status).toBe(422);
    expect(noAnchor.data.result.error.anchorDate).toEqual([
      "Enter the certification date: this licence's periods run from it.",
    ]);
    const future = await post(ann, {
      intent: "add",
      licenceType: "fl-cam",
      licenceNumber: "CAM 1",
      anchorDate: addDays(localDate(new Date(), FL.timeZone), 2),
    });
    expect(future.status).toBe(422);
    const noIntent = await post(ann, { licenceNumber: "CAM 1" });
    expect(noIntent.status).toBe(400);
    expect((await page(ann)).licences).toEqual([]);
  });

  it("records a licence once per type; hours come from completions, in the period of their date", async () => {
    const added = await post(ann, { intent: "add", licenceType: "fl-cam", licenceNumber: "CAM 0042" });
    expect(added.status).toBe(302);
    expect(added.response.headers.get("Location")).toMatch(new RegExp(`^${PATH}#licence-`));
    const again = await post(ann, { intent: "add", licenceType: "fl-cam", licenceNumber: "CAM 0043" });
    expect(again.status).toBe(422);
    expect(again.data.result.error.licenceType).toEqual(["You already recorded a licence of this type."]);

    const now = new Date();
    const current = periodContaining(FL.cycle, localDate(now, FL.timeZone), null);
    if (!current) throw new Error("no current period");
    // A in the current period (a second ago), B in the previous period, C and D never.
    await completeCourse(t.db, ann.id, ids[A.slug] as string, new Date(now.getTime() - 1000));
    const before = addDays(current.start, -200);
    await completeCourse(t.db, ann.id, ids[B.slug] as string, new Date(`${before}T16:00:00Z`));
    // Bob completes C: it must not count for Ann.
    await completeCourse(t.db, bob.id, ids[C.slug] as string, new Date(now.getTime() - 1000));

    const [licence] = (await page(ann)).licences;
    expect(licence.licenceNumber).toBe("CAM 0042");
    const [cur, prev] = licence.periods;
    expect(cur).toMatchObject({ start: current.start, end: current.end, current: true });
    const row = (p: typeof cur, subject: string) =>
      p.tally.rows.find((r: { subject: string }) => r.subject === subject);
    expect(row(cur, "legal_update")).toMatchObject({
      earnedTenths: 20,
      requiredTenths: 30,
      appliedTenths: 20,
    });
    expect(row(cur, "insurance_financial")).toMatchObject({ earnedTenths: 10, appliedTenths: 10 });
    expect(cur.tally).toMatchObject({
      totalEarnedTenths: 30,
      totalAppliedTenths: 30,
      totalRequiredTenths: 150,
    });
    expect(cur.courses.map((c: { slug: string }) => c.slug)).toEqual([A.slug]);
    // The previous period: 3.5 legal hours, 0.5 of them over the minimum count as elective.
    expect(prev.end).toBe(addDays(current.start, -1));
    expect(row(prev, "legal_update")).toMatchObject({ earnedTenths: 35, appliedTenths: 30 });
    expect(row(prev, "elective")).toMatchObject({ earnedTenths: 5, appliedTenths: 5 });
    expect(prev.courses.map((c: { slug: string }) => c.slug)).toEqual([B.slug]);
    // C fills the human resources gap; completed courses and courses without credit are not offered.
    expect(licence.suggestions.map((s: { slug: string }) => s.slug)).toEqual([C.slug]);

    // Nothing of Ann's shows to Bob, whose completed course earns him nothing without a licence.
    expect((await page(bob)).licences).toEqual([]);
  });

  it("counts a completion on its date in the licence's zone (late on 30 September in Florida)", async () => {
    const carl = await personWithRole(t.db, "manager", { label: "ce-carl" });
    await t.db.execute(
      sql`insert into professional_licences (user_id, licence_type, licence_number) values (${carl.id}, 'fl-cam', 'CAM 9')`,
    );
    await completeCourse(t.db, carl.id, ids[A.slug] as string, new Date("2026-10-01T02:30:00Z"));
    await completeCourse(t.db, carl.id, ids[B.slug] as string, new Date("2026-10-01T04:30:00Z"));
    const [l] = await ceOverview(t.db, carl.id, new Date("2027-01-15T12:00:00Z"));
    expect(l?.periods.map((p) => [p.end, p.courses.map((c) => c.slug)])).toEqual([
      ["2028-09-30", [B.slug]],
      ["2026-09-30", [A.slug]],
    ]);
    expect(l?.periods[1]?.courses[0]?.completedOn).toBe("2026-09-30");
    expect(l?.periods[0]?.daysLeft).toBe(624);
  });

  it("a Florida licence's issue date: courses completed before it do not count", async () => {
    const dana = await personWithRole(t.db, "manager", { label: "ce-dana" });
    await t.db.execute(
      sql`insert into professional_licences (user_id, licence_type, licence_number, anchor_date)
          values (${dana.id}, 'fl-cam', 'CAM 10', '2026-09-01')`,
    );
    await completeCourse(t.db, dana.id, ids[A.slug] as string, new Date("2026-08-15T15:00:00Z"));
    await completeCourse(t.db, dana.id, ids[B.slug] as string, new Date("2026-09-10T15:00:00Z"));
    const [l] = await ceOverview(t.db, dana.id, new Date("2026-09-20T12:00:00Z"));
    expect(l?.periods.map((p) => [p.start, p.end, p.courses.map((c) => c.slug)])).toEqual([
      ["2024-10-01", "2026-09-30", [B.slug]],
    ]);
    expect(l?.periods[0]?.daysLeftLabel).toBe("10 days left");
    // B's 1.5 CMCA hours do not count toward a Florida licence: only its 3.5 Florida hours.
    expect(l?.periods[0]?.tally.totalEarnedTenths).toBe(35);
  });

  it("anniversary licences count nothing before the certification date", async () => {
    const anchor = addDays(localDate(new Date(), "UTC"), -30);
    const added = await post(ann, {
      intent: "add",
      licenceType: "cmca",
      licenceNumber: "CMCA 77",
      anchorDate: anchor,
    });
    expect(added.status).toBe(302);
    const cmca = (await page(ann)).licences.find((l: { licenceType: string }) => l.licenceType === "cmca");
    expect(cmca.periods).toHaveLength(1);
    expect(cmca.periods[0].start).toBe(anchor);
    // B (1.5 CMCA hours) was completed long before the anchor.
    expect(cmca.periods[0].tally.totalEarnedTenths).toBe(0);
    expect(cmca.periods[0].tally.totalRequiredTenths).toBe(160);
  });

  it("exports the transcript as a PDF with the figures, only for the person's own licences", async () => {
    const [licence] = (await page(ann)).licences;
    const r = await transcript(ann, `?licence=${licence.id}`);
    expect(r.status).toBe(200);
    expect(r.response.headers.get("Content-Type")).toBe("application/pdf");
    expect(r.response.headers.get("Content-Disposition")).toContain("ce-transcript-fl-cam.pdf");
    const text = pdfText(Buffer.from(await r.response.arrayBuffer()));
    expect(text).toContain("Continuing Education Transcript");
    expect(text).toContain("Licence CAM 0042");
    expect(text).toContain("Total: 3 of 15 hours");
    expect(text).toContain("Legal update: 2 earned of 3 required");
    expect(text).toContain("Insurance and financial management: 1 earned of 3 required");
    expect(text).toContain("Total: 3.5 of 15 hours");
    expect(text).toContain(A.title);
    expect(text).toContain(B.title);
    expect(text).not.toContain(C.title);
    expect(text).not.toContain("CMCA");

    const all = pdfText(Buffer.from(await (await transcript(ann)).response.arrayBuffer()));
    expect(all).toContain("CMCA 77");

    // Bob cannot read Ann's licence; a malformed id is 404 too; signed out is sent to sign in.
    expect((await transcript(bob, `?licence=${licence.id}`)).status).toBe(404);
    expect((await transcript(ann, "?licence=nope")).status).toBe(404);
    const bobs = pdfText(Buffer.from(await (await transcript(bob)).response.arrayBuffer()));
    expect(bobs).toContain("No licence recorded.");
    expect(bobs).not.toContain("CAM 0042");
    const anonymous = await outcome(() =>
      transcriptRoute.loader(argsOf(new Request(`http://localhost${PATH}/transcript`))),
    );
    expect(anonymous.status).toBe(302);
  });

  it("removes only the person's own licence", async () => {
    const [licence] = (await page(ann)).licences;
    expect((await post(bob, { intent: "remove", licenceId: licence.id })).status).toBe(404);
    expect((await post(ann, { intent: "remove", licenceId: "not-a-uuid" })).status).toBe(400);
    const removed = await post(ann, { intent: "remove", licenceId: licence.id });
    expect(removed.status).toBe(302);
    const left = (await page(ann)).licences.map((l: { licenceType: string }) => l.licenceType);
    expect(left).toEqual(["cmca"]);
    const [gone] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from professional_licences where id = ${licence.id}`,
    );
    expect(Number(gone?.n)).toBe(0);
  });
});
