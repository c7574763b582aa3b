/**
 * Continuing-education reminders (decision 086): a licence holder whose CE period ends within 90 days,
 * then within 30, with the requirement not met, is notified once per period and threshold, whatever the
 * number of rounds run at once; a met requirement, a period further off, or no period sends nothing.
 */
import { queryRows } from "@db/client";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { completeLesson, curriculumOf, enrollInCourse, publishCourse } from "~/commands/learning.server";
import { addLicence, setCourseCeCredits } from "~/commands/learning-ce.server";
import { sendCeReminders } from "~/commands/learning-ce-reminders.server";
import { useAppDatabase } from "../support/app";
import { bothEngines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

describe.each(bothEngines)("continuing-education reminders on %s", (engine) => {
  const t = useTestDatabase(engine);
  let fay: Person;
  let gus: Person;
  let hal: Person;

  const reminders = (who: Person) =>
    queryRows<{ title: string; body: string; priority: string; action_url: string; threshold: string }>(
      t.db,
      sql`select title, body, priority, action_url, metadata->>'threshold_days' as threshold from notifications
          where user_id = ${who.id} and type = 'ce_period_ending' order by created_at, id`,
    );
  const licence = async (who: Person, licenceType: "fl-cam" | "cmca", anchorDate: string | null) => {
    const added = await addLicence(t.db, {
      userId: who.id,
      licenceType,
      licenceNumber: `N-${who.id.slice(0, 6)}`,
      anchorDate,
      today: "2026-07-01",
    });
    expect(added.ok).toBe(true);
  };

  beforeAll(async () => {
    useAppDatabase(t.handle);
    fay = await personWithRole(t.db, "manager", { label: "ce-fay" });
    gus = await personWithRole(t.db, "manager", { label: "ce-gus" });
    hal = await personWithRole(t.db, "manager", { label: "ce-hal" });
    // Fay: FL CAM (period 1 Oct 2024 to 30 Sep 2026), no hours. Gus and Hal: CMCA from 1 Sep 2024 (period
    // to 31 Aug 2026); Hal completed a 16-hour course in it, Gus nothing.
    await licence(fay, "fl-cam", null);
    await licence(gus, "cmca", "2024-09-01");
    await licence(hal, "cmca", "2024-09-01");
    const course = await publishCourse(t.db, {
      slug: "ce-reminder-sixteen",
      title: "Sixteen Hours of Management",
      shortDescription: "A long course.",
      description: "A long course.",
      difficulty: "advanced",
      modules: [{ title: "Only", lessons: [{ title: "All of it", minutes: 960, body: "Everything." }] }],
    });
    await setCourseCeCredits(t.db, course.id, [{ licenceType: "cmca", subject: "elective", tenths: 160 }]);
    const at = new Date("2025-06-01T12:00:00Z");
    await enrollInCourse(t.db, { userId: hal.id, courseId: course.id, now: at });
    for (const item of await curriculumOf(t.db, course.id))
      await completeLesson(t.db, { userId: hal.id, courseId: course.id, lessonId: item.id, now: at });
  });

  it("reminds at 90 and then 30 days before the period ends, once each, only when not met", async () => {
    // 121 days before Fay's end, 91 before the CMCA end: nothing yet.
    expect(await sendCeReminders(t.db, new Date("2026-06-01T12:00:00Z"))).toBe(0);
    // 61 days before Fay's end and 30 before Gus's (whose first is the 30-day one): three rounds at once.
    const july = new Date("2026-08-01T12:00:00Z");
    const sent = await Promise.all([
      sendCeReminders(t.db, july),
      sendCeReminders(t.db, july),
      sendCeReminders(t.db, july),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await sendCeReminders(t.db, new Date("2026-08-02T12:00:00Z"))).toBe(0);
    const fays = await reminders(fay);
    expect(fays).toHaveLength(1);
    expect(fays[0]).toMatchObject({
      title: "FL CAM: 60 days left in your CE period",
      priority: "normal",
      action_url: "/learning-hub/continuing-education",
      threshold: "90",
    });
    expect(fays[0]?.body).toContain("Sep 30, 2026");
    expect(fays[0]?.body).toContain("0 of 15 required hours: 15 still to go.");
    expect((await reminders(gus)).map((r) => [r.threshold, r.priority])).toEqual([["30", "high"]]);
    // Hal met the requirement: nothing.
    expect(await reminders(hal)).toHaveLength(0);
    // 20 days before Fay's end: the 30-day reminder, once.
    const september = new Date("2026-09-10T12:00:00Z");
    expect(await sendCeReminders(t.db, september)).toBe(1);
    expect(await sendCeReminders(t.db, september)).toBe(0);
    expect((await reminders(fay)).map((r) => r.threshold)).toEqual(["90", "30"]);
    // The next period (Gus's from 1 Sep 2026) is two years off: nothing more.
    expect(await sendCeReminders(t.db, new Date("2026-10-05T12:00:00Z"))).toBe(0);
    expect(await reminders(gus)).toHaveLength(1);
  });
});
