/**
 * CE hours set on the course authoring page (issue 30, part 6; decision 090): added, changed and
 * removed on a draft (admins only), refused with field errors for bad hours or a subject the licence
 * type does not take, refused on a published course; a new version copies them and publishing it makes
 * them the course's from then on, so people who completed an earlier version keep the hours they earned.
 */
import { queryRows } from "@db/client";
import { AUTHORING_MESSAGES } from "@domain/learning/authoring";
import { CE_MESSAGES, subjectNotForType } from "@domain/learning/continuing-education";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type CourseDefinition, publishCourse } from "~/commands/learning.server";
import {
  createDraftCourse,
  publishVersion,
  removeCeCredit,
  setCeCredit,
  startNewVersion,
} from "~/commands/learning-authoring.server";
import { addLicence, setCourseCeCredits } from "~/commands/learning-ce.server";
import { ceOverview, courseCeHours } from "~/queries/learning-ce.server";
import * as catalogueRoute from "~/routes/_app.learning-hub.courses._index";
import * as courseRoute from "~/routes/_app.learning-hub.courses.$slug";
import * as editRoute from "~/routes/_app.learning-hub.manage.$courseId";
import { completeCourse } from "../../db/seed-learning-ce";
import { argsOf, getAs, outcome, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const DAY = 86_400_000;

const post = (path: string, who: Person, body: [string, string][]) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(body),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
  });

const VERSIONED: CourseDefinition = {
  slug: "ce-versioned-statutes",
  title: "CE Versioned Statutes",
  shortDescription: "The year's statutes.",
  description: "What changed.",
  difficulty: "beginner",
  modules: [{ title: "Only module", lessons: [{ title: "The changes", minutes: 60, body: "Text." }] }],
};

describe.each(engines)("CE hours in course authoring on %s", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person;
  let manager: Person;
  let draftId: string;

  const edit = (who: Person, id: string, body: [string, string][]) =>
    outcome(() => editRoute.action(argsOf(post(`/learning-hub/manage/${id}`, who, body), { courseId: id })));
  const ceOf = async (id: string) =>
    (
      await outcome(() =>
        editRoute.loader(argsOf(getAs(`/learning-hub/manage/${id}`, admin), { courseId: id })),
      )
    ).data.ceHours as {
      licenceType: string;
      tenths: number;
      credits: { subject: string; label: string; tenths: number }[];
    }[];
  const setHours = (id: string, licenceType: string, subject: string, hours: string) =>
    edit(admin, id, [
      ["intent", "ceCredit"],
      ["licenceType", licenceType],
      ["subject", subject],
      ["hours", hours],
    ]);

  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin", { label: "ce-author-admin" });
    manager = await personWithRole(t.db, "manager", { label: "ce-author-manager" });
    const draft = await createDraftCourse(t.db, {
      title: "CE Draft Course",
      slug: "ce-draft-course",
      shortDescription: "Short.",
      description: "Long.",
      difficulty: "beginner",
      priceCents: 0,
      isFeatured: false,
      providesCertification: false,
      targetRoles: [],
      certificateValidMonths: null,
    });
    if (!draft.ok) throw new Error(draft.message);
    draftId = draft.id;
  });

  it("adds, changes and removes a draft's CE hours, for admins only", async () => {
    expect(await ceOf(draftId)).toEqual([]);
    const other = await edit(manager, draftId, [
      ["intent", "ceCredit"],
      ["licenceType", "fl-cam"],
      ["subject", "legal_update"],
      ["hours", "3"],
    ]);
    expect(other.status).toBe(403);
    expect(await ceOf(draftId)).toEqual([]);

    const added = await setHours(draftId, "fl-cam", "legal_update", "3");
    expect(added.status).toBe(302);
    expect(added.response.headers.get("Location")).toBe(`/learning-hub/manage/${draftId}`);
    expect((await setHours(draftId, "fl-cam", "human_resources", "1.5")).status).toBe(302);
    expect((await setHours(draftId, "cmca", "elective", " 0.5 ")).status).toBe(302);
    expect(await ceOf(draftId)).toEqual([
      {
        licenceType: "fl-cam",
        typeName: "Florida Community Association Manager",
        shortName: "FL CAM",
        tenths: 45,
        credits: [
          { subject: "legal_update", label: "Legal update", tenths: 30 },
          { subject: "human_resources", label: "Human resources", tenths: 15 },
        ],
      },
      {
        licenceType: "cmca",
        typeName: "Certified Manager of Community Associations",
        shortName: "CMCA",
        tenths: 5,
        credits: [{ subject: "elective", label: "Elective", tenths: 5 }],
      },
    ]);

    // The same type and subject again changes its hours.
    expect((await setHours(draftId, "fl-cam", "legal_update", "2.5")).status).toBe(302);
    const changed = await ceOf(draftId);
    expect(changed[0]?.credits[0]).toEqual({ subject: "legal_update", label: "Legal update", tenths: 25 });

    const removed = await edit(admin, draftId, [
      ["intent", "removeCeCredit"],
      ["licenceType", "cmca"],
      ["subject", "elective"],
    ]);
    expect(removed.status).toBe(302);
    expect((await ceOf(draftId)).map((x) => x.licenceType)).toEqual(["fl-cam"]);
    const again = await edit(admin, draftId, [
      ["intent", "removeCeCredit"],
      ["licenceType", "cmca"],
      ["subject", "elective"],
    ]);
    expect(again.status).toBe(404);
    expect(again.data.result.error[""]).toEqual([CE_MESSAGES.creditNotFound]);
  });

  it("refuses bad hours, an unknown type and a subject the type does not take, keeping the values", async () => {
    for (const hours of ["", "0", "0.0", "1.55", "40.1", "abc", "-2", "1e1", "9".repeat(50)]) {
      const r = await setHours(draftId, "fl-cam", "elective", hours);
      expect(r.status, hours).toBe(400);
      expect(r.data.result.error.hours, hours).toEqual([CE_MESSAGES.hoursInvalid]);
    }
    expect((await setHours(draftId, "fl-cam", "elective", "40")).status).toBe(302);

    const unknown = await setHours(draftId, "fl-pe", "elective", "1");
    expect(unknown.status).toBe(400);
    expect(unknown.data.result.error.licenceType).toEqual([CE_MESSAGES.licenceTypeRequired]);
    const noSubject = await setHours(draftId, "fl-cam", "", "1");
    expect(noSubject.data.result.error.subject).toEqual([CE_MESSAGES.subjectRequired]);

    const wrong = await setHours(draftId, "fl-cam", "hoa_management", "1.5");
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error.subject).toEqual([subjectNotForType("hoa_management", "fl-cam")]);
    expect(wrong.data.result.initialValue).toMatchObject({ licenceType: "fl-cam", hours: "1.5" });
    // The command refuses it too; the HOA-serving licence takes it.
    const direct = await setCeCredit(t.db, draftId, {
      licenceType: "fl-cam",
      subject: "hoa_management",
      tenths: 15,
    });
    expect(direct).toMatchObject({ ok: false, kind: "validation" });
    expect((await setHours(draftId, "fl-cam-hoa", "hoa_management", "1.5")).status).toBe(302);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from course_ce_credits where course_id = ${draftId} and subject = 'hoa_management'`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it("refuses CE edits on a published course", async () => {
    const published = await publishCourse(t.db, { ...VERSIONED, slug: "ce-published-only", title: "CE Pub" });
    const r = await setHours(published.id, "fl-cam", "legal_update", "1");
    expect(r.status).toBe(409);
    expect(r.data.result.error[""]).toEqual([AUTHORING_MESSAGES.notDraft]);
    expect(
      await setCeCredit(t.db, published.id, { licenceType: "cmca", subject: "elective", tenths: 10 }),
    ).toMatchObject({ ok: false, kind: "conflict" });
    expect(
      await removeCeCredit(t.db, published.id, { licenceType: "cmca", subject: "elective" }),
    ).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    expect(await courseCeHours(t.db, published.id)).toEqual([]);
  });

  it("copies the hours into a new version and applies them from its publication, never retroactively", async () => {
    const now = Date.now();
    const at = (days: number) => new Date(now - days * DAY);
    const people = await Promise.all(
      ["ann", "bob", "cy", "dan"].map((n) => personWithRole(t.db, "manager", { label: `ce-version-${n}` })),
    );
    const [ann, bob, cy, dan] = people as [Person, Person, Person, Person];
    for (const p of people)
      expect(
        (
          await addLicence(t.db, {
            userId: p.id,
            licenceType: "fl-cam",
            licenceNumber: "CAM 1",
            anchorDate: null,
            today: at(0).toISOString().slice(0, 10),
          })
        ).ok,
      ).toBe(true);
    const { id: courseId } = await publishCourse(t.db, VERSIONED);
    await setCourseCeCredits(t.db, courseId, [
      { licenceType: "fl-cam", subject: "legal_update", tenths: 30 },
    ]);
    // The demo's seed runs twice without a change.
    await setCourseCeCredits(t.db, courseId, [
      { licenceType: "fl-cam", subject: "legal_update", tenths: 99 },
    ]);
    await completeCourse(t.db, ann.id, courseId, at(40));

    // Version 2: the copy carries the hours; changing them there changes nothing learners see.
    const v2 = await startNewVersion(t.db, courseId, 1);
    if (!v2.ok) throw new Error(v2.message);
    expect((await ceOf(v2.id))[0]?.credits).toEqual([
      { subject: "legal_update", label: "Legal update", tenths: 30 },
    ]);
    expect((await setHours(v2.id, "fl-cam", "legal_update", "2")).status).toBe(302);
    expect((await courseCeHours(t.db, courseId))[0]?.tenths).toBe(30);
    expect((await publishVersion(t.db, v2.id, 1, at(30))).ok).toBe(true);
    expect((await courseCeHours(t.db, courseId))[0]?.tenths).toBe(20);
    await completeCourse(t.db, bob.id, courseId, at(20));

    // Version 3: legal update removed, human resources added.
    const v3 = await startNewVersion(t.db, courseId, 2);
    if (!v3.ok) throw new Error(v3.message);
    expect((await removeCeCredit(t.db, v3.id, { licenceType: "fl-cam", subject: "legal_update" })).ok).toBe(
      true,
    );
    expect(
      (await setCeCredit(t.db, v3.id, { licenceType: "fl-cam", subject: "human_resources", tenths: 10 })).ok,
    ).toBe(true);
    expect((await publishVersion(t.db, v3.id, 2, at(10))).ok).toBe(true);
    await completeCourse(t.db, cy.id, courseId, at(5));

    // Version 4 leaves the hours as they are: the credit in force is not split.
    const v4 = await startNewVersion(t.db, courseId, 3);
    if (!v4.ok) throw new Error(v4.message);
    expect((await publishVersion(t.db, v4.id, 3, at(3))).ok).toBe(true);
    await completeCourse(t.db, dan.id, courseId, at(1));

    const earned = async (who: Person) =>
      (await ceOverview(t.db, who.id, at(0)))[0]?.periods
        .flatMap((p) => p.courses)
        .filter((c) => c.courseId === courseId)
        .map((c) => c.credits);
    expect(await earned(ann)).toEqual([[{ subject: "legal_update", tenths: 30 }]]);
    expect(await earned(bob)).toEqual([[{ subject: "legal_update", tenths: 20 }]]);
    expect(await earned(cy)).toEqual([[{ subject: "human_resources", tenths: 10 }]]);
    expect(await earned(dan)).toEqual([[{ subject: "human_resources", tenths: 10 }]]);

    const history = await queryRows<{ subject: string; hours_tenths: number; open: boolean; ended: boolean }>(
      t.db,
      sql`select subject, hours_tenths, applies_from = '-infinity' as open, applies_until is not null as ended
          from course_ce_credits where course_id = ${courseId} order by applies_from, subject`,
    );
    expect(history.map((h) => [h.subject, Number(h.hours_tenths), h.open, h.ended])).toEqual([
      ["legal_update", 30, true, true],
      ["legal_update", 20, false, true],
      ["human_resources", 10, false, false],
    ]);

    // The catalogue's column and the course page read the hours in force.
    const catalogue = await outcome(() =>
      catalogueRoute.loader(argsOf(getAs("/learning-hub/courses?search=Versioned", ann))),
    );
    const card = (catalogue.data.courses as { slug: string; ceTenths: number }[]).find(
      (c) => c.slug === VERSIONED.slug,
    );
    expect(card?.ceTenths).toBe(10);
    const page = await outcome(() =>
      courseRoute.loader(
        argsOf(getAs(`/learning-hub/courses/${VERSIONED.slug}`, ann), { slug: VERSIONED.slug }),
      ),
    );
    expect(page.data.ceHours).toEqual([
      {
        licenceType: "fl-cam",
        typeName: "Florida Community Association Manager",
        shortName: "FL CAM",
        tenths: 10,
        credits: [{ subject: "human_resources", label: "Human resources", tenths: 10 }],
      },
    ]);
  });

  it("publishing two versions at the same instant leaves no empty range", async () => {
    const { id: courseId } = await publishCourse(t.db, {
      ...VERSIONED,
      slug: "ce-same-instant",
      title: "CE Same Instant",
    });
    await setCourseCeCredits(t.db, courseId, [{ licenceType: "cmca", subject: "elective", tenths: 10 }]);
    const when = new Date(Date.now() - DAY);
    for (const [version, tenths] of [
      [1, 20],
      [2, 30],
    ] as const) {
      const v = await startNewVersion(t.db, courseId, version);
      if (!v.ok) throw new Error(v.message);
      expect((await setCeCredit(t.db, v.id, { licenceType: "cmca", subject: "elective", tenths })).ok).toBe(
        true,
      );
      expect((await publishVersion(t.db, v.id, version, when)).ok).toBe(true);
    }
    const rows = await queryRows<{ hours_tenths: number }>(
      t.db,
      sql`select hours_tenths from course_ce_credits where course_id = ${courseId} order by applies_from`,
    );
    expect(rows.map((r) => Number(r.hours_tenths))).toEqual([10, 30]);
  });
});
