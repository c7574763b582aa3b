import { isLazyLoadFailure } from "@domain/errors/classify";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { getSignedInViewer } from "~/auth/session.server";
import {
  ApplicationErrorFallback,
  LazyLoadFailed,
  TemporarilyUnavailable,
} from "~/components/errors/error-screens";
import { errorMessage, installGlobalErrorReporting } from "~/components/errors/report";
import { useNonce } from "~/components/nonce";
import { readFlash } from "~/flash.server";
import stylesheet from "~/tailwind.css";

export interface Appearance {
  theme: "system" | "light" | "dark";
  compactMode: boolean;
  reducedMotion: boolean;
}

const DEFAULT_APPEARANCE: Appearance = { theme: "system", compactMode: false, reducedMotion: false };

/**
 * The signed-in person's appearance, so the server renders the right theme (no flash of the wrong
 * one), and the pending flash message, read here once for every layout's toast (components/ui/toast).
 * The profile comes from the one load of the person the page's other loaders share
 * (app/auth/request-scope.server.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [viewer, { flash, headers }] = await Promise.all([getSignedInViewer(request), readFlash(request)]);
  const profile = viewer?.profile ?? null;
  const appearance: Appearance = profile
    ? { theme: profile.theme, compactMode: profile.compactMode, reducedMotion: profile.reducedMotion }
    : DEFAULT_APPEARANCE;
  // A new key per rendered page for its create forms (components/ui/idempotency-key.tsx).
  return json({ appearance, flash, formKey: crypto.randomUUID() }, { headers });
}

export function rootClassName(appearance: Appearance) {
  return [
    "h-full",
    appearance.theme === "system" ? "theme-system" : appearance.theme,
    appearance.compactMode ? "compact" : "",
    appearance.reducedMotion ? "reduce-motion" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Association Commons" },
  {
    name: "description",
    content:
      "The professional platform for condominium and homeowner associations: RFP Hub, Learning Hub, Professional Center, Common Area and The Office.",
  },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // Remix's inline scripts carry the Content-Security-Policy nonce (server/security.js).
  const nonce = useNonce();
  // Uncaught errors and unhandled rejections go to the server's error monitor (issue 5, part 5).
  useEffect(() => installGlobalErrorReporting(), []);
  // Core Web Vitals go to the server's performance monitor (issue 5, part 9). The reporter and the
  // web-vitals library come in a chunk of their own after hydration: nothing on the page waits for them,
  // and the measurements they report are buffered by the browser (issue 27, part 3).
  useEffect(() => {
    void import("~/components/performance/web-vitals").then((m) => {
      m.installWebVitalsReporting();
      // For the browser tests: the listeners are on, so leaving the page now sends its vitals.
      document.documentElement.dataset.vitals = "on";
    });
  }, []);
  // Marks the document with the location React has hydrated or rendered, once the page's effects
  // have run (this one runs after its children's), so browser tests press keys only when the
  // client-side handlers are attached (tests/e2e/helpers.ts, waitForHydration). After a client-side
  // navigation the URL changes before React renders the next page: a mark that did not name its
  // location would still hold for the page before.
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.hydrated = `${pathname}${search}`;
  }, [pathname, search]);
  return (
    <html lang="en" className={rootClassName(data?.appearance ?? DEFAULT_APPEARANCE)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Controls that only work with JavaScript (class js-only) are rendered on the server, so the
            page does not shift when they appear, and hidden when JavaScript is off. */}
        <noscript>
          <style>{".js-only{display:none!important}"}</style>
        </noscript>
      </head>
      <body className="h-full bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The application-level fallback at global level (spec 000 section 2.10): "Application Error" with the
 * error's id, Try Again / Force Retry, Reload Page, Report Issue. A missing page stays a plain 404.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <main className="flex min-h-full items-center justify-center">
        <TemporarilyUnavailable />
      </main>
    );
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    const notFound = error.status === 404;
    return (
      <main className="mx-auto flex min-h-full max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
        <h1 className="text-2xl font-semibold">{notFound ? "Page not found" : "Something went wrong"}</h1>
        <p className="text-slate-600">
          {notFound
            ? "The page you were looking for does not exist or has moved."
            : `${error.status} ${error.statusText}`}
        </p>
        <Link to="/" className="text-blue-700 underline">
          Go to the home page
        </Link>
      </main>
    );
  }
  return (
    <main className="flex min-h-full items-center justify-center">
      {isLazyLoadFailure(errorMessage(error).message) ? (
        <LazyLoadFailed error={error} />
      ) : (
        <ApplicationErrorFallback error={error} level="global" />
      )}
    </main>
  );
}
