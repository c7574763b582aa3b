import { ROLE_LABELS, type RoleType } from "@domain/roles";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import {
  Check,
  ChevronDown,
  CircleHelp,
  CreditCard,
  Lock,
  LogOut,
  Palette,
  Settings,
  User,
} from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";

export interface UserMenuProps {
  name: string;
  email: string;
  tier: string;
  contexts: { id: string; contextName: string; contextType: RoleType }[];
  activeContextId: string | null;
  activeContextType: RoleType | null;
}

/**
 * The user menu (spec 000 section 2.3): profile, settings, billing, security, appearance, help, sign
 * out, the role switcher, the subscription tier badge, and a red ADMIN badge in an admin context.
 */
export function UserMenu({ name, email, tier, contexts, activeContextId, activeContextType }: UserMenuProps) {
  const switcher = useFetcher();
  const signOut = useFetcher();
  const location = useLocation();
  const isAdmin = activeContextType === "admin";
  return (
    <DropdownMenu modal={false}>
      <div className="flex items-center gap-2">
        {isAdmin ? (
          <span className="rounded bg-red-600 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
            ADMIN
          </span>
        ) : null}
        <DropdownMenuTrigger
          className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700 dark:hover:bg-slate-800"
          aria-label={`Account menu for ${name}`}
        >
          <span
            aria-hidden="true"
            className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-700 font-semibold text-white"
          >
            {name.slice(0, 1).toUpperCase()}
          </span>
          <span className="hidden max-w-[10rem] truncate sm:inline">{name}</span>
          <ChevronDown aria-hidden="true" className="h-4 w-4" />
        </DropdownMenuTrigger>
      </div>
      <DropdownMenuContent className="w-72">
        <div className="px-2 py-2">
          <p className="truncate text-sm font-semibold">{name}</p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{email}</p>
          <span className="mt-1 inline-block rounded bg-slate-100 px-2 py-0.5 text-xs font-medium capitalize text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {tier} plan
          </span>
        </div>
        <DropdownMenuSeparator />
        {contexts.length > 0 ? (
          <DropdownMenuGroup aria-label="Switch role">
            <DropdownMenuLabel>Switch role</DropdownMenuLabel>
            {contexts.map((c) => (
              <DropdownMenuItem
                key={c.id}
                disabled={c.id === activeContextId}
                onSelect={() =>
                  switcher.submit(
                    {
                      intent: "switch",
                      contextId: c.id,
                      redirectTo: `${location.pathname}${location.search}`,
                    },
                    { method: "post", action: "/settings/roles" },
                  )
                }
              >
                {c.id === activeContextId ? (
                  <Check aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <span className="w-4" />
                )}
                <span className="flex flex-col">
                  <span>{ROLE_LABELS[c.contextType]}</span>
                  <span className="text-xs text-slate-500">{c.contextName}</span>
                </span>
              </DropdownMenuItem>
            ))}
            <DropdownMenuSeparator />
          </DropdownMenuGroup>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to="/settings/account">
            <User aria-hidden="true" className="h-4 w-4" /> Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden="true" className="h-4 w-4" /> Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/pricing">
            <CreditCard aria-hidden="true" className="h-4 w-4" /> Billing
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings/security">
            <Lock aria-hidden="true" className="h-4 w-4" /> Security
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings/appearance">
            <Palette aria-hidden="true" className="h-4 w-4" /> Appearance
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/help">
            <CircleHelp aria-hidden="true" className="h-4 w-4" /> Help
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => signOut.submit(null, { method: "post", action: "/auth/sign-out" })}>
          <LogOut aria-hidden="true" className="h-4 w-4" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
