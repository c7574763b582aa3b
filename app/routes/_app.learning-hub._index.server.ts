import { parseActivityPeriod, parseContinueTab } from "@domain/learning/activity";
import { json } from "@remix-run/node";
import { requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { learningDashboard } from "~/queries/learning-dashboard.server";
import { isInstructor } from "~/queries/learning-instructors.server";

/**
 * /learning-hub (issue 30, part 7): the learning dashboard. The tab of Continue Learning and the
 * period of Recent Activity are links (?tab=, ?period=), so the page works the same without JavaScript.
 */
export async function learningDashboardLoader(request: Request) {
  const viewer = await requireViewer(request);
  const search = new URL(request.url).searchParams;
  const tab = parseContinueTab(search.get("tab"));
  const period = parseActivityPeriod(search.get("period"));
  const now = new Date();
  const db = await getDb();
  // The analytics link is for administrators in their admin context (the page's own guard); Manage
  // Courses for them and for appointed instructors (decision 091).
  const canSeeAnalytics =
    viewer.context?.contextType === "admin" && viewer.permissions?.can_verify_users === true;
  const [dashboard, instructor] = await Promise.all([
    learningDashboard(db, { userId: viewer.user.id, period, now }),
    canSeeAnalytics ? Promise.resolve(false) : isInstructor(db, viewer.user.id),
  ]);
  const canManageCourses = canSeeAnalytics || instructor;
  return json({ tab, period, now: now.toISOString(), canSeeAnalytics, canManageCourses, ...dashboard });
}
