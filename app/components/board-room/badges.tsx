import type { MeetingStatus } from "@domain/meeting/types";

const STATUS_STYLES: Record<MeetingStatus, string> = {
  scheduled: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100",
  in_progress: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  completed: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  cancelled: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

export function StatusBadge({ status, label }: { status: MeetingStatus; label: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}
      data-testid="meeting-status"
    >
      {label}
    </span>
  );
}

export function Badge({ children }: { children: React.ReactNode }) {
  return (
    <span className="inline-flex rounded-full border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-700 dark:border-slate-600 dark:text-slate-300">
      {children}
    </span>
  );
}

/** A bordered white section with a heading, as the board room's pages use. */
export function Panel({
  title,
  id,
  children,
  actions,
}: {
  title: string;
  id: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
