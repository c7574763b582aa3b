// The app's <Link>: the same <a> markup as Remix's <Link> and the same client-side navigation when
// clicked, without the router hooks each of Remix's links runs while rendering (every page has dozens of
// links; on the server those hooks were a few per cent of a page's CPU, decision 042). A link to a path
// ("/rfps?q=roof") or to a full URL renders a plain <a>; its click handler, attached by React in the
// browser only, asks the one navigate function the root provides (<LinkNavigation>). A relative `to`
// ("?page=2", "edit") needs the current route to resolve, so it is handed to Remix's <Link> whole.
import {
  createPath,
  type NavigateFunction,
  parsePath,
  Link as RemixLink,
  useNavigate,
} from "@remix-run/react";
import {
  type AnchorHTMLAttributes,
  createContext,
  forwardRef,
  type MouseEvent,
  type ReactNode,
  useContext,
} from "react";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: string;
  /** Replace the current history entry instead of adding one (default: only when the URL is the same). */
  replace?: boolean;
  /** Keep the scroll position (a dialog opened by a link, a filter). */
  preventScrollReset?: boolean;
  /** A full document request instead of a client-side navigation (downloads, other apps). */
  reloadDocument?: boolean;
}

const NavigateContext = createContext<NavigateFunction | null>(null);

/** Provides the navigate function every <Link> uses when clicked; rendered once, in the root layout. */
export function LinkNavigation({ children }: { children: ReactNode }) {
  return <NavigateContext.Provider value={useNavigate()}>{children}</NavigateContext.Provider>;
}

// As React Router: a scheme ("https:", "mailto:") or a protocol-relative "//host".
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const { to, replace, preventScrollReset, reloadDocument, onClick, target, ...rest } = props;
  const fullUrl = ABSOLUTE_URL.test(to);
  // The one hook: a context read. Everything else happens on click.
  const navigate = useContext(NavigateContext);
  if (!fullUrl && !to.startsWith("/")) return <RemixLink ref={ref} {...props} />;
  // React Router's href for a path: "/a?" and "/a#" lose the empty search and hash.
  const href = fullUrl ? to : createPath(parsePath(to));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !navigate || !followsInApp(event, target)) return;
    // A path is followed as written, as React Router does; a full URL only when it is this origin's.
    const path = fullUrl ? sameOriginPath(to) : href;
    if (path === null) return;
    event.preventDefault();
    const { pathname, search, hash } = window.location;
    // As a plain <a> (and React Router's <Link>): following a link to the same URL replaces the entry.
    navigate(path, { replace: replace ?? path === `${pathname}${search}${hash}`, preventScrollReset });
  };
  return (
    // The attributes in the order Remix's <Link> writes them, so the markup is the same byte for byte.
    <a
      {...rest}
      // As Remix's <Link>: the route of an in-app link is looked up as soon as the link is rendered
      // (lazy route discovery), so following it needs no extra request.
      data-discover={fullUrl || reloadDocument ? undefined : "true"}
      href={href}
      onClick={reloadDocument ? onClick : handleClick}
      ref={ref}
      target={target}
    />
  );
});

/** The path of a full URL on this page's origin; null for another origin or a URL that does not parse. */
function sameOriginPath(to: string): string | null {
  try {
    const url = new URL(to, window.location.href);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * A plain left click on a link opening in this tab (no modifier key, no other target): React Router's
 * shouldProcessLinkClick.
 */
function followsInApp(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return (
    event.button === 0 &&
    (!target || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}
