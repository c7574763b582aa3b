import { CREDIT_STATUS_MESSAGES, type CreditStatus, creditStatus } from "@domain/credits";
import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { AlertTriangle, CheckCircle2, Coins, History, Plus, RefreshCw, XCircle } from "~/components/ui/icons";

export type CreditWidgetVariant = "card" | "compact" | "dashboard";

export const CREDIT_LOAD_ERRORS = {
  failed: "Failed to load credit balance",
  unexpected: "Unexpected error loading balance",
} as const;

const STATUS_STYLES: Record<
  CreditStatus,
  { box: string; icon: typeof CheckCircle2; badge: string; label: string }
> = {
  empty: {
    box: "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100",
    icon: XCircle,
    badge: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100",
    label: "Empty",
  },
  low: {
    box: "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100",
    icon: AlertTriangle,
    badge: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
    label: "Low",
  },
  good: {
    box: "border-green-200 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950 dark:text-green-100",
    icon: CheckCircle2,
    badge: "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100",
    label: "Good",
  },
};

export interface CreditWidgetProps {
  variant?: CreditWidgetVariant;
  balance: number | null;
  lifetimeEarned?: number;
  lifetimeSpent?: number;
  /** Set when the balance could not be loaded (spec 001 section 2.7). */
  error?: keyof typeof CREDIT_LOAD_ERRORS | null;
  purchaseHref: string;
  historyHref: string;
  retryHref: string;
}

const credits = (n: number) => `${n} ${n === 1 ? "credit" : "credits"}`;

/** The vendor credit widget: balance, status message, and the way to the purchase and history dialogs. */
export function CreditWidget({
  variant = "card",
  balance,
  lifetimeEarned = 0,
  lifetimeSpent = 0,
  error = null,
  purchaseHref,
  historyHref,
  retryHref,
}: CreditWidgetProps) {
  if (error || balance === null) {
    return (
      <section
        aria-label="Vendor credits"
        data-testid="credit-widget"
        className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
      >
        <p role="alert" className="font-semibold">
          {CREDIT_LOAD_ERRORS[error ?? "unexpected"]}
        </p>
        <Link to={retryHref} className={buttonClass("secondary", "mt-3")}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" /> Retry
        </Link>
      </section>
    );
  }
  const status = creditStatus(balance);
  const style = STATUS_STYLES[status];
  const StatusIcon = style.icon;
  const message = CREDIT_STATUS_MESSAGES[status];

  if (variant === "compact") {
    return (
      <section
        aria-label="Vendor credits"
        data-testid="credit-widget"
        data-variant="compact"
        className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex min-w-0 items-center gap-2">
          <Coins aria-hidden="true" className="h-5 w-5 shrink-0 text-blue-700 dark:text-blue-300" />
          <p className="truncate text-sm">
            <span className="font-semibold" data-testid="credit-balance">
              {balance}
            </span>{" "}
            {balance === 1 ? "credit" : "credits"}
            <span className={`ml-2 rounded-full px-2 py-0.5 text-xs font-medium ${style.badge}`}>
              {style.label}
            </span>
          </p>
        </div>
        <Link
          to={purchaseHref}
          preventScrollReset
          className={buttonClass("primary", "px-3 py-1.5 text-xs")}
          aria-label="Buy credits"
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> Buy
        </Link>
      </section>
    );
  }

  const actions = (
    <div className="flex flex-wrap gap-2">
      <Link to={purchaseHref} preventScrollReset className={buttonClass("primary")}>
        <Plus aria-hidden="true" className="h-4 w-4" /> Purchase Credits
      </Link>
      <Link to={historyHref} preventScrollReset className={buttonClass("secondary")}>
        <History aria-hidden="true" className="h-4 w-4" /> View History
      </Link>
    </div>
  );

  if (variant === "dashboard") {
    return (
      <section
        aria-label="Vendor credits"
        data-testid="credit-widget"
        data-variant="dashboard"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 className="text-sm font-medium text-slate-600 dark:text-slate-400">Credit balance</h2>
            <p className="mt-1 flex items-baseline gap-2">
              <span className="text-4xl font-bold tabular-nums" data-testid="credit-balance">
                {balance}
              </span>
              <span className="text-slate-600 dark:text-slate-400">
                {balance === 1 ? "credit" : "credits"}
              </span>
            </p>
          </div>
          {actions}
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:max-w-sm">
          <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
            <dt className="text-slate-600 dark:text-slate-400">Lifetime earned</dt>
            <dd className="text-lg font-semibold tabular-nums">{credits(lifetimeEarned)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
            <dt className="text-slate-600 dark:text-slate-400">Lifetime used</dt>
            <dd className="text-lg font-semibold tabular-nums">{credits(lifetimeSpent)}</dd>
          </div>
        </dl>
        <p
          data-testid="credit-status"
          data-status={status}
          className={`mt-4 flex items-center gap-2 rounded-lg border p-3 text-sm ${style.box}`}
        >
          <StatusIcon aria-hidden="true" className="h-4 w-4 shrink-0" />
          {message}
        </p>
      </section>
    );
  }

  return (
    <section
      aria-label="Vendor credits"
      data-testid="credit-widget"
      data-variant="card"
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold">
          <Coins aria-hidden="true" className="h-5 w-5 text-blue-700 dark:text-blue-300" /> Vendor Credits
        </h2>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${style.badge}`}>{style.label}</span>
      </div>
      <p className="mt-2">
        <span className="text-3xl font-bold tabular-nums" data-testid="credit-balance">
          {balance}
        </span>{" "}
        <span className="text-slate-600 dark:text-slate-400">
          {balance === 1 ? "credit" : "credits"} available
        </span>
      </p>
      <p
        data-testid="credit-status"
        data-status={status}
        className={`mt-3 rounded-lg border p-2 text-sm ${style.box}`}
      >
        {message}
      </p>
      <div className="mt-3">{actions}</div>
    </section>
  );
}
