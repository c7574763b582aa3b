/** The Expert badge: an author whose karma earns it (decision 066). */
export function ExpertBadge() {
  return (
    <span
      className="ml-2 rounded bg-violet-100 px-1.5 py-0.5 text-xs font-medium text-violet-900 dark:bg-violet-900 dark:text-violet-100"
      data-testid="expert-badge"
    >
      Expert
    </span>
  );
}
