import { type Database, type Queryable, queryRows } from "@db/client";
import { creditedSeconds, itemCapSeconds, type LearningItem } from "@domain/learning/activity";
import { localDayAndHour } from "@domain/notifications/email";
import { sql } from "drizzle-orm";

/**
 * Time spent and active days (issue 30, parts 3 and 7; decision 081). Every learning action (a lesson
 * or quiz opened, a lesson completed, a quiz submitted, the page left) credits the time since the
 * person's previous action to the day, capped by what they were looking at (so an idle tab counts at
 * most its cap), marks the day of the person's own calendar as active, and moves the presence to the
 * new item. The presence row is locked first, so a person's parallel requests never credit one
 * stretch twice.
 */
export async function recordLearningActivity(
  tx: Queryable,
  input: {
    userId: string;
    courseId: string;
    /** What the person is now on; null when they left it (the page's beacon). */
    item: LearningItem | null;
    now: Date;
    /** The beacon: credit only if the person is still on this item, and count no new action. */
    leaving?: string;
  },
): Promise<{ creditedSeconds: number; day: string }> {
  const now = input.now.toISOString();
  await tx.execute(
    sql`insert into learning_presence (user_id, at) values (${input.userId}, ${now}) on conflict do nothing`,
  );
  const [row] = await queryRows<{
    item_id: string | null;
    at: string;
    cap_seconds: number;
    timezone: string | null;
  }>(
    tx,
    sql`select lp.item_id, lp.at, lp.cap_seconds,
          (select p.timezone from user_profiles p where p.id = lp.user_id) as timezone
        from learning_presence lp where lp.user_id = ${input.userId} for update`,
  );
  const day = localDayAndHour(input.now, row?.timezone).day;
  if (!row) return { creditedSeconds: 0, day };
  if (input.leaving !== undefined && row.item_id !== input.leaving) return { creditedSeconds: 0, day };
  const seconds = row.item_id ? creditedSeconds(new Date(row.at), Number(row.cap_seconds), input.now) : 0;
  const counted = input.leaving === undefined ? 1 : 0;
  if (seconds > 0 || counted > 0)
    await tx.execute(
      sql`insert into learning_days (user_id, day, seconds, activities)
          values (${input.userId}, ${day}, ${seconds}, ${counted})
          on conflict (user_id, day) do update set seconds = learning_days.seconds + excluded.seconds,
            activities = learning_days.activities + excluded.activities`,
    );
  await tx.execute(
    sql`update learning_presence set course_id = ${input.item ? input.courseId : null},
          item_id = ${input.item?.id ?? null}, cap_seconds = ${input.item ? itemCapSeconds(input.item) : 0},
          at = greatest(at, ${now}::timestamptz)
        where user_id = ${input.userId}`,
  );
  if (input.leaving === undefined)
    await tx.execute(
      sql`update course_enrollments set last_accessed_at = greatest(last_accessed_at, ${now}::timestamptz)
          where user_id = ${input.userId} and course_id = ${input.courseId}`,
    );
  return { creditedSeconds: seconds, day };
}

/** A lesson or quiz page opened by an enrolled person: one learning action, in its own transaction. */
export function noteLearningVisit(
  db: Database,
  input: { userId: string; courseId: string; item: LearningItem; now?: Date },
) {
  return db.transaction((tx) => recordLearningActivity(tx, { ...input, now: input.now ?? new Date() }));
}

/** The page's beacon when the person leaves a lesson or quiz: credits the stretch up to now. */
export async function noteLearningLeave(
  db: Database,
  input: { userId: string; itemId: string; now?: Date },
): Promise<{ creditedSeconds: number }> {
  return db.transaction(async (tx) => {
    const [on] = await queryRows<{ course_id: string | null }>(
      tx,
      sql`select course_id from learning_presence where user_id = ${input.userId} and item_id = ${input.itemId}`,
    );
    if (!on?.course_id) return { creditedSeconds: 0 };
    const result = await recordLearningActivity(tx, {
      userId: input.userId,
      courseId: on.course_id,
      item: null,
      now: input.now ?? new Date(),
      leaving: input.itemId,
    });
    return { creditedSeconds: result.creditedSeconds };
  });
}
