import { DATABASE_UNAVAILABLE_MESSAGE } from "@db/faults";
import {
  ERROR_BOUNDARY_MAX_RETRIES,
  ERROR_TEXTS,
  isLazyLoadFailure,
  routeLabel,
} from "@domain/errors/classify";
import { isRouteErrorResponse, Link, useLocation, useRevalidator, useRouteError } from "@remix-run/react";
import { Component, type ErrorInfo, type ReactNode, useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { errorIdFor, errorMessage, sendErrorReport } from "./report";

/**
 * The error screens of spec 000 section 2.10: the error boundary fallback, the application-level
 * fallback (global and component level), the route error page and the failed-lazy-load screen. Each
 * shows the error's id and records it on the server (category ui, severity critical); Report Issue
 * says "Error report sent successfully" only when the server confirms it stored the report.
 */

type Level = "global" | "route" | "component";

/** Records the error once, as the boundary saw it. */
function useBoundaryRecord(error: unknown, errorId: string, level: Level) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === errorId) return;
    sent.current = errorId;
    const { message, stack } = errorMessage(error);
    void sendErrorReport({ kind: "boundary", errorId, message, stack, level });
  }, [error, errorId, level]);
}

/** Try Again up to 3 times, then Force Retry, which resets the count (spec 000 section 4). */
function useRetries(retry: () => void) {
  const [retries, setRetries] = useState(0);
  const left = ERROR_BOUNDARY_MAX_RETRIES - retries;
  return {
    retries,
    left,
    tryAgain: () => {
      if (left <= 0) return;
      setRetries((n) => n + 1);
      retry();
    },
    forceRetry: () => {
      setRetries(0);
      retry();
    },
  };
}

function ErrorIdLine({ errorId }: { errorId: string }) {
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      Error ID:{" "}
      <code
        data-error-id={errorId}
        data-testid="error-id"
        className="font-mono text-slate-900 dark:text-slate-100"
      >
        {errorId}
      </code>
    </p>
  );
}

/**
 * Report Issue: sends the report; the success text only when the server stored it. Without JavaScript
 * the form posts to /api/errors, which answers with its own confirmation page.
 */
export function ReportIssue({ error, errorId, level }: { error: unknown; errorId: string; level: Level }) {
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const { message, stack } = errorMessage(error);
  const { pathname, search } = useLocation();
  return (
    <form
      method="post"
      action="/api/errors"
      className="flex flex-col items-center gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        setState("sending");
        const ok = await sendErrorReport({ kind: "report", errorId, message, stack, level });
        setState(ok ? "sent" : "failed");
      }}
    >
      <input type="hidden" name="kind" value="report" />
      <input type="hidden" name="errorId" value={errorId} />
      <input type="hidden" name="message" value={message} />
      <input type="hidden" name="level" value={level} />
      <input type="hidden" name="url" value={`${pathname}${search}`} />
      <button
        type="submit"
        className={buttonClass("ghost")}
        disabled={state === "sending" || state === "sent"}
      >
        {state === "sending" ? "Sending report..." : "Report Issue"}
      </button>
      {state === "sent" ? (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {ERROR_TEXTS.reportSent}
        </p>
      ) : state === "failed" ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The report could not be sent. Please try again.
        </p>
      ) : null}
    </form>
  );
}

function RetryButtons({ retries, hrefSelf }: { retries: ReturnType<typeof useRetries>; hrefSelf: string }) {
  return retries.left > 0 ? (
    <a
      href={hrefSelf}
      className={buttonClass("primary")}
      onClick={(e) => {
        e.preventDefault();
        retries.tryAgain();
      }}
    >
      Try Again
      {retries.retries > 0 ? ` (${retries.left} ${retries.left === 1 ? "attempt" : "attempts"} left)` : ""}
    </a>
  ) : (
    <button type="button" className={buttonClass("primary")} onClick={retries.forceRetry}>
      Force Retry
    </button>
  );
}

/** Application-level fallback: "Application Error" (global) or "Something went wrong" (component). */
export function ApplicationErrorFallback({
  error,
  level,
  onRetry,
}: {
  error: unknown;
  level: "global" | "component";
  onRetry?: () => void;
}) {
  const { pathname, search } = useLocation();
  const [errorId] = useState(() => errorIdFor(error));
  const revalidator = useRevalidator();
  const retries = useRetries(onRetry ?? (() => revalidator.revalidate()));
  useBoundaryRecord(error, errorId, level);
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-12 text-center"
      data-testid="application-error"
    >
      <h1 className="text-2xl font-semibold">
        {level === "global" ? ERROR_TEXTS.appTitle : ERROR_TEXTS.componentTitle}
      </h1>
      <p className="text-slate-600 dark:text-slate-400">{ERROR_TEXTS.boundaryMessage}</p>
      <ErrorIdLine errorId={errorId} />
      <div className="flex flex-wrap justify-center gap-3">
        <RetryButtons retries={retries} hrefSelf={`${pathname}${search}`} />
        {level === "global" ? (
          <a href={`${pathname}${search}`} className={buttonClass("secondary")}>
            Reload Page
          </a>
        ) : (
          <a href="/dashboard" className={buttonClass("secondary")}>
            Go Home
          </a>
        )}
      </div>
      <ReportIssue error={error} errorId={errorId} level={level} />
      <p className="text-sm text-slate-600 dark:text-slate-400">{ERROR_TEXTS.persists}</p>
    </div>
  );
}

/** Route error page: "Page Error" with the page's name. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { pathname, search } = useLocation();
  const [errorId] = useState(() => errorIdFor(error));
  const revalidator = useRevalidator();
  const retries = useRetries(() => revalidator.revalidate());
  useBoundaryRecord(error, errorId, "route");
  const hydrated = useHydrated();
  const self = `${pathname}${search}`;
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-12 text-center"
      data-testid="route-error"
    >
      <h1 className="text-2xl font-semibold">{ERROR_TEXTS.routeTitle}</h1>
      <p className="text-slate-600 dark:text-slate-400">{ERROR_TEXTS.routeMessage(routeLabel(pathname))}</p>
      <ErrorIdLine errorId={errorId} />
      <div className="flex flex-wrap justify-center gap-3">
        <RetryButtons retries={retries} hrefSelf={self} />
        {hydrated ? (
          <button type="button" className={buttonClass("secondary")} onClick={() => window.history.back()}>
            Go Back
          </button>
        ) : null}
        <a href="/dashboard" className={buttonClass("secondary")}>
          Home
        </a>
        <a href={self} className={buttonClass("secondary")}>
          Reload Page
        </a>
      </div>
      <ReportIssue error={error} errorId={errorId} level="route" />
      <p className="text-sm text-slate-600 dark:text-slate-400">{ERROR_TEXTS.persists}</p>
    </div>
  );
}

/** A lazily loaded module (a page's or dashboard's code) failed to load: retry reloads the page. */
export function LazyLoadFailed({ error }: { error: unknown }) {
  const [errorId] = useState(() => errorIdFor(error));
  useBoundaryRecord(error, errorId, "component");
  const { pathname, search } = useLocation();
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-12 text-center">
      <h1 className="text-2xl font-semibold">{ERROR_TEXTS.lazyTitle}</h1>
      <p className="text-slate-600 dark:text-slate-400">
        This part of the application could not be loaded, perhaps after an update or a network problem.
      </p>
      <ErrorIdLine errorId={errorId} />
      <a
        href={`${pathname}${search}`}
        className={buttonClass("primary")}
        onClick={() => window.location.reload()}
      >
        Retry
      </a>
    </div>
  );
}

/** The message a thrown response carries (`{ error }` JSON or short text), if any. */
export function responseMessage(error: { status: number; data: unknown }) {
  const data = error.data;
  if (data && typeof data === "object" && "error" in data) return String((data as { error: unknown }).error);
  if (typeof data === "string" && data.length < 300) return data;
  return null;
}

/** A plan limit's upgrade link (app/auth/plan.server.ts), only ever a path of this site. */
function upgradeUrlOf(data: unknown): string | null {
  const url = data && typeof data === "object" && "upgradeUrl" in data ? String(data.upgradeUrl) : null;
  return url?.startsWith("/") && !url.startsWith("//") ? url : null;
}

/** What a route says when its record is missing (404), instead of the generic "Page not found". */
export interface NotFoundText {
  title: string;
  detail: string;
}

/** A thrown 404 that means "no such page" (pageNotFound() in auth/guards.server), not "no such record". */
function isPageNotFound(error: { status: number; data: unknown }) {
  const data = error.data;
  return error.status === 404 && typeof data === "object" && data !== null && "notFound" in data;
}

/** "Page not found", as an unknown address shows it inside the app shell or the guest layout. */
export function PageNotFound({ home = "/dashboard" }: { home?: string }) {
  return <ResponseScreen status={404} message={null} home={home} />;
}

/** The database is unavailable (a 503 from app/db.server.ts): no error id, it is not a fault of the page. */
export function TemporarilyUnavailable() {
  const { pathname, search } = useLocation();
  return (
    <div
      role="alert"
      data-testid="temporarily-unavailable"
      className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-12 text-center"
    >
      <h1 className="text-2xl font-semibold">Temporarily unavailable</h1>
      <p className="text-slate-600 dark:text-slate-400">{DATABASE_UNAVAILABLE_MESSAGE}</p>
      <a href={`${pathname}${search}`} className={buttonClass("primary")}>
        Try Again
      </a>
    </div>
  );
}

/** A refused or missing page (a thrown 4xx response): no error id, it is not a fault. */
function ResponseScreen({
  status,
  message,
  notFound,
  home = "/dashboard",
  upgradeUrl,
}: {
  status: number;
  message: string | null;
  notFound?: NotFoundText;
  home?: string;
  /** A plan limit (402): where the plan is started or renewed. */
  upgradeUrl?: string | null;
}) {
  const title =
    status === 404
      ? (notFound?.title ?? "Page not found")
      : status === 403
        ? "Access denied"
        : status === 402
          ? "Plan required"
          : `Error ${status}`;
  const detail =
    status === 404
      ? (notFound?.detail ?? "The page you were looking for does not exist or has moved.")
      : (message ?? "You do not have permission to view this page.");
  return (
    <div
      className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-12 text-center"
      data-testid="response-screen"
      data-status={status}
    >
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-400">{detail}</p>
      {upgradeUrl ? (
        <Link to={upgradeUrl} className={buttonClass("primary")}>
          Open Billing to upgrade
        </Link>
      ) : null}
      <Link to={home} className="text-blue-700 underline dark:text-blue-300">
        {home === "/dashboard" ? "Back to the dashboard" : "Go to the home page"}
      </Link>
    </div>
  );
}

/**
 * A route module's ErrorBoundary: 4xx responses as such (a route may word its 404), failed code
 * loads, else the route error page with its error id and Report Issue.
 */
export function RouteErrorBoundary({ notFound }: { notFound?: NotFoundText } = {}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 503) return <TemporarilyUnavailable />;
  if (isRouteErrorResponse(error) && error.status < 500) {
    return (
      <ResponseScreen
        status={error.status}
        message={responseMessage(error)}
        notFound={isPageNotFound(error) ? undefined : notFound}
        upgradeUrl={upgradeUrlOf(error.data)}
      />
    );
  }
  if (isLazyLoadFailure(errorMessage(error).message)) return <LazyLoadFailed error={error} />;
  return <RouteErrorPage error={error} />;
}

/**
 * The error boundary fallback for a part of a page: "Something went wrong" with the context's message
 * (or the spec's default), Try Again (up to 3 times, then Force Retry, which resets the count) and Go
 * Home.
 */
export function ErrorBoundaryFallback({
  error,
  context,
  retriesUsed,
  onRetry,
}: {
  error: unknown;
  context?: string;
  retriesUsed: number;
  onRetry: (force: boolean) => void;
}) {
  const [errorId] = useState(() => errorIdFor(error));
  useBoundaryRecord(error, errorId, "component");
  const left = ERROR_BOUNDARY_MAX_RETRIES - retriesUsed;
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-red-200 p-6 text-center dark:border-red-900"
    >
      <h2 className="text-lg font-semibold">{ERROR_TEXTS.boundaryTitle}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{context ?? ERROR_TEXTS.boundaryMessage}</p>
      <ErrorIdLine errorId={errorId} />
      <div className="flex flex-wrap justify-center gap-3">
        {left > 0 ? (
          <button type="button" className={buttonClass("primary")} onClick={() => onRetry(false)}>
            Try Again
          </button>
        ) : (
          <button type="button" className={buttonClass("primary")} onClick={() => onRetry(true)}>
            Force Retry
          </button>
        )}
        <a href="/dashboard" className={buttonClass("secondary")}>
          Go Home
        </a>
      </div>
    </div>
  );
}

/** Wraps a part of a page so that its failure leaves the rest of the page working. */
export class ComponentErrorBoundary extends Component<
  { children: ReactNode; context?: string },
  { error: unknown; attempt: number; retries: number }
> {
  state = { error: null as unknown, attempt: 0, retries: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(_error: unknown, _info: ErrorInfo) {}

  render() {
    if (this.state.error) {
      return (
        <ErrorBoundaryFallback
          key={this.state.attempt}
          error={this.state.error}
          context={this.props.context}
          retriesUsed={this.state.retries}
          onRetry={(force) =>
            this.setState((s) => ({
              error: null,
              attempt: s.attempt + 1,
              retries: force ? 0 : Math.min(ERROR_BOUNDARY_MAX_RETRIES, s.retries + 1),
            }))
          }
        />
      );
    }
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}
