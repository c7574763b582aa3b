import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
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
  const base = "border-b border-slate-200 px-3 py-2 dark:border-slate-800";
  const cell = `${base} text-right`;
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-semibold">Admin Panel</h1>
      <AdminTabs current="analytics" />
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Per week (weeks start on Monday), newest first. Active users: people who signed in or used a session
        that week. Credits spent: proposal spends net of refunds.
      </p>
      <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Weekly analytics</caption>
          <thead>
            <tr>
              <th scope="col" className={`${base} text-left`}>
                Week of
              </th>
              {COLUMNS.map(([, label]) => (
                <th key={label} scope="col" className={cell}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week} data-testid="analytics-week">
                <th scope="row" className={`${base} text-left font-medium`}>
                  {w.week}
                </th>
                {COLUMNS.map(([key]) => (
                  <td key={key} className={cell}>
                    {w[key].toLocaleString("en-US")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
