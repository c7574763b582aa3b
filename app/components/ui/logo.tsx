/** The product mark and name; the name hides on narrow screens when `compact`. */
export function Logo({
  compact = false,
  small = false,
  iconOnly = false,
}: {
  compact?: boolean;
  small?: boolean;
  iconOnly?: boolean;
}) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap font-bold text-blue-800 dark:text-blue-200">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-7 w-7 shrink-0">
        <rect width="32" height="32" rx="6" fill="#1e40af" />
        <path d="M8 24V14l8-6 8 6v10h-5v-6h-6v6z" fill="#fff" />
      </svg>
      <span
        className={
          iconOnly
            ? "sr-only"
            : compact
              ? "sr-only sm:not-sr-only sm:text-lg"
              : small
                ? "text-base"
                : "text-lg"
        }
      >
        Association Commons
      </span>
    </span>
  );
}
