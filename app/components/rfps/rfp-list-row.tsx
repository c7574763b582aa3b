import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CategoryIcon } from "./category-icon";

export interface RfpListRowData {
  id: string;
  category: string;
  title: string;
  organizationName: string | null;
  place: string | null;
  proposalCount: number;
  dueLabel: string | null;
}

/** One RFP in a dashboard list: category icon, title link, who and where, proposals and due date; `aside` on the right. */
export function RfpListRow({ rfp, aside }: { rfp: RfpListRowData; aside?: ReactNode }) {
  return (
    <li className="flex items-start gap-3 py-3">
      <CategoryIcon category={rfp.category} className="mt-0.5 h-5 w-5 text-slate-500 dark:text-slate-400" />
      <div className="min-w-0 flex-1">
        <Link
          to={`/rfps/${rfp.id}`}
          className="font-medium text-blue-700 hover:underline dark:text-blue-300 [overflow-wrap:anywhere]"
        >
          {rfp.title}
        </Link>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {[rfp.organizationName, rfp.place].filter(Boolean).join(" · ")}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {rfp.proposalCount} {rfp.proposalCount === 1 ? "proposal" : "proposals"}
          {rfp.dueLabel ? ` · due ${rfp.dueLabel}` : ""}
        </p>
      </div>
      {aside}
    </li>
  );
}
