import { parseActivityPeriod, parseContinueTab } from "@domain/learning/activity";
import { json } from "@remix-run/node";
import { requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { learningDashboard } from "~/queries/learning-dashboard.server";

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
  const dashboard = await learningDashboard(await getDb(), { userId: viewer.user.id, period, now });
  // The analytics link is for administrators in their admin context (the page's own guard).
  const canSeeAnalytics =
    viewer.context?.contextType === "admin" && viewer.permissions?.can_verify_users === true;
  return json({ tab, period, now: now.toISOString(), canSeeAnalytics, ...dashboard });
}
