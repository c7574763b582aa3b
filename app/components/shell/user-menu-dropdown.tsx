import { ROLE_LABELS } from "@domain/roles";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Building2, Check, LogOut } from "~/components/ui/icons";
import { ACCOUNT_LINKS, AccountSummary, TRIGGER, TriggerContent, type UserMenuProps } from "./user-menu";

/**
 * The user menu as a Radix menu (arrow keys, Escape, focus back on the trigger), loaded when it is
 * first opened (user-menu.tsx); `defaultOpen`: it opens as it mounts, in place of the plain button.
 */
export default function UserMenuDropdown({
  name,
  email,
  tier,
  contexts,
  activeContextId,
  associations,
  activeAssociationId,
  defaultOpen = false,
}: UserMenuProps & { defaultOpen?: boolean }) {
  const switcher = useFetcher();
  const associationSwitcher = useFetcher();
  const signOut = useFetcher();
  const location = useLocation();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={`js-only ${TRIGGER}`}>
        <TriggerContent name={name} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <AccountSummary name={name} email={email} tier={tier} />
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
                  <span className="text-xs text-slate-600 dark:text-slate-400">{c.contextName}</span>
                </span>
              </DropdownMenuItem>
            ))}
            <DropdownMenuSeparator />
          </DropdownMenuGroup>
        ) : null}
        {associations.length > 0 ? (
          <DropdownMenuGroup aria-label="Switch association">
            <DropdownMenuLabel>Association</DropdownMenuLabel>
            {associations.map((a) => (
              <DropdownMenuItem
                key={a.id}
                disabled={a.id === activeAssociationId}
                onSelect={() =>
                  associationSwitcher.submit(
                    { association_id: a.id, redirectTo: `${location.pathname}${location.search}` },
                    { method: "post", action: "/properties/switch" },
                  )
                }
              >
                {a.id === activeAssociationId ? (
                  <Check aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <Building2 aria-hidden="true" className="h-4 w-4" />
                )}
                <span className="truncate">{a.name}</span>
              </DropdownMenuItem>
            ))}
            <DropdownMenuSeparator />
          </DropdownMenuGroup>
        ) : null}
        {ACCOUNT_LINKS.map(({ to, label, Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" className="h-4 w-4" /> {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => signOut.submit(null, { method: "post", action: "/auth/sign-out" })}>
          <LogOut aria-hidden="true" className="h-4 w-4" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
