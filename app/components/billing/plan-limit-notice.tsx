import { Link } from "@remix-run/react";

/**
 * Where a person meets a plan limit (issue 14): why writing is closed (reading stays) and where the
 * association's plan is started or renewed. The server refuses the writes whatever this shows.
 */
export function PlanLimitNotice({ notice }: { notice: { message: string; upgradeUrl: string } | null }) {
  if (!notice) return null;
  return (
    <div
      role="status"
      data-testid="plan-limit"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">Read-only: plan required</p>
      <p className="mt-1">
        {notice.message}{" "}
        <Link to={notice.upgradeUrl} className="font-semibold underline">
          Open Billing to upgrade
        </Link>
      </p>
    </div>
  );
}
