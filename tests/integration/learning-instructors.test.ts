/**
 * Instructors (issue 30, part 2; decision 091): an administrator appoints a person by e-mail address and
 * adds them to courses; an instructor creates courses and writes the ones they are on (their draft
 * revisions too), but does not feature or archive a course, staff it or appoint anyone; removing them
 * from a course or ending the appointment closes its pages to them at once.
 */
import { queryRows } from "@db/client";
import { INSTRUCTOR_MESSAGES } from "@domain/learning/instructors";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as hubRoute from "~/routes/_app.learning-hub._index";
import * as manageRoute from "~/routes/_app.learning-hub.manage._index";
import * as editRoute from "~/routes/_app.learning-hub.manage.$courseId";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const DETAILS = {
  title: "Vendor Insurance in Practice",
  shortDescription: "Certificates, endorsements and limits.",
  description: "What to ask a vendor for, and how to read it.",
  difficulty: "beginner",
  price: "",
};

describe.each(engines)("learning hub instructors on %s", (engine) => {
  const t = useTestDatabase(engine);
  let admin: Person;
  let teacher: Person;
  let other: Person;
  let adminCourse: string;
  let ownCourse: string;

  const manage = (who: Person, body: Record<string, string>) =>
    outcome(() => manageRoute.action(argsOf(postAs("/learning-hub/manage", who, body))));
  const manageList = (who: Person) =>
    outcome(() => manageRoute.loader(argsOf(getAs("/learning-hub/manage", who))));
  const edit = (who: Person, id: string, body: Record<string, string>) =>
    outcome(() =>
      editRoute.action(argsOf(postAs(`/learning-hub/manage/${id}`, who, body), { courseId: id })),
    );
  const editPage = (who: Person, id: string) =>
    outcome(() => editRoute.loader(argsOf(getAs(`/learning-hub/manage/${id}`, who), { courseId: id })));
  const created = (r: Awaited<ReturnType<typeof manage>>) =>
    (r.response.headers.get("Location") ?? "").split("/").pop() as string;

  beforeAll(async () => {
    useAppDatabase(t.handle);
    admin = await personWithRole(t.db, "admin", { label: "instr-admin" });
    teacher = await personWithRole(t.db, "manager", { label: "instr-teacher" });
    other = await personWithRole(t.db, "vendor", { label: "instr-other" });
    const r = await manage(admin, { ...DETAILS, isFeatured: "on" });
    expect(r.status).toBe(302);
    adminCourse = created(r);
  });

  it("is closed to a person who is not appointed", async () => {
    expect((await manageList(teacher)).status).toBe(403);
    expect((await manage(teacher, { ...DETAILS, title: "Mine" })).status).toBe(403);
    expect((await editPage(teacher, adminCourse)).status).toBe(403);
    const hub = await outcome(() => hubRoute.loader(argsOf(getAs("/learning-hub", teacher))));
    expect(hub.data.canManageCourses).toBe(false);
  });

  it("appoints by e-mail address, refusing an unknown, a repeated or a malformed one", async () => {
    const bad = await manage(admin, { intent: "appoint", email: "not an address" });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.email).toEqual([INSTRUCTOR_MESSAGES.emailInvalid]);
    const unknown = await manage(admin, { intent: "appoint", email: "nobody-here@example.test" });
    expect(unknown.status).toBe(422);
    expect(unknown.data.result.error.email).toEqual([INSTRUCTOR_MESSAGES.noAccount]);
    // Any letter case of the account's address.
    const ok = await manage(admin, { intent: "appoint", email: teacher.email.toUpperCase() });
    expect(ok.status).toBe(302);
    const again = await manage(admin, { intent: "appoint", email: teacher.email });
    expect(again.status).toBe(422);
    expect(again.data.result.error.email).toEqual([INSTRUCTOR_MESSAGES.alreadyInstructor]);
    const told = await queryRows<{ title: string; action_url: string }>(
      t.db,
      sql`select title, action_url from notifications where user_id = ${teacher.id} and type = 'instructor_appointed'`,
    );
    expect(told).toEqual([
      { title: "You are an instructor on the learning hub", action_url: "/learning-hub/manage" },
    ]);
    const list = await manageList(admin);
    expect(list.data.instructors).toEqual([
      expect.objectContaining({ user_id: teacher.id, email: teacher.email, courses: 0 }),
    ]);
    // Only an administrator appoints.
    expect((await manage(teacher, { intent: "appoint", email: other.email })).status).toBe(403);
  });

  it("lets an instructor create a course, unfeatured, and lists only their own", async () => {
    const hub = await outcome(() => hubRoute.loader(argsOf(getAs("/learning-hub", teacher))));
    expect(hub.data.canManageCourses).toBe(true);
    expect((await manageList(teacher)).data.courses).toEqual([]);
    const r = await manage(teacher, { ...DETAILS, title: "Reading a Certificate", isFeatured: "on" });
    expect(r.status).toBe(302);
    ownCourse = created(r);
    const page = await editPage(teacher, ownCourse);
    expect(page.status).toBe(200);
    expect(page.data.authoring).toBe("instructor");
    expect(page.data.course.isFeatured).toBe(false);
    expect(page.data.instructors.map((i: { user_id: string }) => i.user_id)).toEqual([teacher.id]);
    const mine = (await manageList(teacher)).data.courses.map((c: { id: string }) => c.id);
    expect(mine).toEqual([ownCourse]);
    expect(mine).not.toContain(adminCourse);
    expect((await manageList(teacher)).data.instructors).toEqual([]);
  });

  it("opens another course to the instructor once an administrator adds them, and keeps its feature", async () => {
    expect((await editPage(teacher, adminCourse)).status).toBe(403);
    expect((await edit(teacher, adminCourse, { intent: "module", title: "Sneaked in" })).status).toBe(403);
    const page = await editPage(admin, adminCourse);
    expect(page.data.addable).toEqual([expect.objectContaining({ user_id: teacher.id })]);
    // Only an appointed instructor can be added.
    const notAppointed = await edit(admin, adminCourse, { intent: "addInstructor", userId: other.id });
    expect(notAppointed.status).toBe(422);
    expect(notAppointed.data.result.error.userId).toEqual([INSTRUCTOR_MESSAGES.notInstructor]);
    expect((await edit(admin, adminCourse, { intent: "addInstructor", userId: teacher.id })).status).toBe(
      302,
    );
    const twice = await edit(admin, adminCourse, { intent: "addInstructor", userId: teacher.id });
    expect(twice.data.result.error.userId).toEqual([INSTRUCTOR_MESSAGES.alreadyOnCourse]);

    expect((await editPage(teacher, adminCourse)).status).toBe(200);
    // The instructor's save leaves the course featured (their form has no Featured box).
    expect((await edit(teacher, adminCourse, { intent: "details", ...DETAILS, price: "0" })).status).toBe(
      302,
    );
    expect((await editPage(admin, adminCourse)).data.course.isFeatured).toBe(true);
    expect((await edit(teacher, adminCourse, { intent: "module", title: "Certificates" })).status).toBe(302);
    const told = await queryRows<{ title: string }>(
      t.db,
      sql`select title from notifications where user_id = ${teacher.id} and type = 'instructor_appointed' order by created_at`,
    );
    expect(told.map((n) => n.title)).toContain(`You are an instructor of ${DETAILS.title}`);
  });

  it("keeps archiving and staffing for administrators", async () => {
    expect((await edit(teacher, adminCourse, { intent: "archive" })).status).toBe(403);
    expect((await edit(teacher, adminCourse, { intent: "addInstructor", userId: teacher.id })).status).toBe(
      403,
    );
    expect((await edit(teacher, ownCourse, { intent: "removeInstructor", userId: teacher.id })).status).toBe(
      403,
    );
  });

  it("lets the instructor write a published course's new version", async () => {
    await t.db.execute(sql`update courses set status = 'published' where id = ${ownCourse}`);
    const started = await edit(teacher, ownCourse, { intent: "newVersion", expectedVersion: "1" });
    expect(started.status).toBe(302);
    const revision = (started.response.headers.get("Location") ?? "").split("/").pop() as string;
    expect(revision).not.toBe(ownCourse);
    const page = await editPage(teacher, revision);
    expect(page.status).toBe(200);
    expect(page.data.instructors.map((i: { user_id: string }) => i.user_id)).toEqual([teacher.id]);
    expect((await edit(teacher, revision, { intent: "module", title: "New in version 2" })).status).toBe(302);
    // Someone else's course's revision stays closed.
    expect((await editPage(other, revision)).status).toBe(403);
  });

  it("closes a course when the instructor is taken off it, and everything when the appointment ends", async () => {
    expect((await edit(admin, adminCourse, { intent: "removeInstructor", userId: teacher.id })).status).toBe(
      302,
    );
    expect((await editPage(teacher, adminCourse)).status).toBe(403);
    expect((await editPage(teacher, ownCourse)).status).toBe(200);
    expect((await manage(admin, { intent: "removeInstructor", userId: teacher.id })).status).toBe(302);
    expect((await manageList(teacher)).status).toBe(403);
    expect((await editPage(teacher, ownCourse)).status).toBe(403);
    const left = await queryRows(t.db, sql`select 1 from course_instructors where user_id = ${teacher.id}`);
    expect(left).toEqual([]);
    // The course itself stays, written by administrators.
    expect((await editPage(admin, ownCourse)).data.course.title).toBe("Reading a Certificate");
  });
});
