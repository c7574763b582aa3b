import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { Logo } from "~/components/ui/logo";

/** The guest top bar. Feature, pricing and resource pages join it as they are built. */
export function GuestTopBar() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/">
          <Logo compact />
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          <a
            href="/#features"
            className="hidden px-3 py-2 text-sm text-slate-700 hover:text-slate-900 sm:inline"
          >
            Features
          </a>
          <Link to="/auth/sign-in" className={buttonClass("ghost", "whitespace-nowrap px-3")}>
            Sign In
          </Link>
          <Link to="/auth/sign-up" className={buttonClass("primary", "whitespace-nowrap px-3")}>
            Get Started Free
          </Link>
        </div>
      </nav>
    </header>
  );
}
