import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { AdminTable, adminCell, adminRow } from "~/components/admin/admin-table";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { getDb } from "~/db.server";
import { weeklyAnalytics } from "~/queries/admin-users.server";

export const meta: MetaFunction = () => [{ title: "Admin · Analytics · Association Commons" }];

/** Platform analytics per week from real data (issue 5 part 8), for admins. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ weeks: await weeklyAnalytics(await getDb()) });
}

const COLUMNS = [
  ["signUps", "Sign-ups"],
  ["activeUsers", "Active users"],
  ["rfpsPublished", "RFPs published"],
  ["proposals", "Proposals"],
  ["creditsSold", "Credits sold"],
  ["creditsSpent", "Credits spent"],
] as const;

export default function AdminAnalytics() {
  const { weeks } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-semibold">Admin Panel</h1>
      <AdminTabs current="analytics" />
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Per week (weeks start on Monday), newest first. Active users: people who signed in or used a session
        that week. Credits spent: proposal spends net of refunds.
      </p>
      <AdminTable
        caption="Weekly analytics"
        columns={["Week of", ...COLUMNS.map(([key, label]) => ({ key, label, align: "right" as const }))]}
      >
        {weeks.map((w) => (
          <tr key={w.week} data-testid="analytics-week" className={adminRow}>
            <th scope="row" className={`${adminCell} font-medium`}>
              {w.week}
            </th>
            {COLUMNS.map(([key]) => (
              <td key={key} className={`${adminCell} text-right`}>
                {w[key].toLocaleString("en-US")}
              </td>
            ))}
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
