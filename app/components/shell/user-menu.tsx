import { ROLE_LABELS, type RoleType } from "@domain/roles";
import { Form, Link, useLocation } from "@remix-run/react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import {
  Building2,
  Check,
  ChevronDown,
  CircleHelp,
  CreditCard,
  Lock,
  LogOut,
  Palette,
  Settings,
  User,
} from "~/components/ui/icons";
import { menuItemClass } from "~/components/ui/menu-item-class";

export interface UserMenuProps {
  name: string;
  email: string;
  tier: string;
  contexts: { id: string; contextName: string; contextType: RoleType }[];
  activeContextId: string | null;
  activeContextType: RoleType | null;
  /** The person's associations, for the association switcher (issue 12, section 1). */
  associations: { id: string; name: string }[];
  activeAssociationId: string | null;
}

/** The account pages the menu links to, in order. */
export const ACCOUNT_LINKS = [
  { to: "/profile/edit", label: "Profile", Icon: User },
  { to: "/settings", label: "Settings", Icon: Settings },
  { to: "/settings/billing", label: "Billing", Icon: CreditCard },
  { to: "/settings/security", label: "Security", Icon: Lock },
  { to: "/settings/appearance", label: "Appearance", Icon: Palette },
  { to: "/help", label: "Help", Icon: CircleHelp },
] as const;

/** The small headings of the menu page's account section, like the Radix menu's labels. */
const SECTION_LABEL = "px-2 py-1 text-xs font-semibold uppercase text-slate-600 dark:text-slate-400";
const HOVER = "hover:bg-slate-100 dark:hover:bg-slate-800";

export const TRIGGER =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-700 dark:hover:bg-slate-800";

/**
 * What the trigger shows: the initial, the name (from 640 px) and a chevron. Its accessible name,
 * "Account menu for {name}", comes from its content, so it contains the visible name.
 */
export function TriggerContent({ name }: { name: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-700 font-semibold text-white"
      >
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="sr-only">Account menu for </span>
      <span className="sr-only max-w-[10rem] truncate sm:not-sr-only">{name}</span>
      <ChevronDown aria-hidden="true" className="h-4 w-4" />
    </>
  );
}

export function AccountSummary({ name, email, tier }: Pick<UserMenuProps, "name" | "email" | "tier">) {
  return (
    <div className="px-2 py-2">
      <p className="truncate text-sm font-semibold">{name}</p>
      <p className="truncate text-xs text-slate-600 dark:text-slate-400">{email}</p>
      <span className="mt-1 inline-block rounded bg-slate-100 px-2 py-0.5 text-xs font-medium capitalize text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {tier} plan
      </span>
    </div>
  );
}

/**
 * The user menu (spec 000 section 2.3): profile, settings, billing, security, appearance, help, sign
 * out, the role switcher, the subscription tier badge, and a red ADMIN badge in an admin context.
 * With JavaScript it is a Radix menu (arrow keys, Escape, focus back on the trigger). Without it the
 * trigger is a link (inside <noscript>, so a page with JavaScript never has it) to the account section
 * of the menu page, /menu?from=<this page>#account, which shows the same entries; there the role and
 * association switches and Sign Out are plain form posts, and a switch comes back to this page.
 */
export function UserMenu(props: UserMenuProps) {
  return (
    <div className="flex items-center gap-2">
      {props.activeContextType === "admin" ? (
        <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
          ADMIN
        </span>
      ) : null}
      <ScriptedUserMenu {...props} />
      <noscript>
        <NoScriptTrigger name={props.name} />
      </noscript>
    </div>
  );
}

/**
 * Where the menus lead without JavaScript: the menu page, told which page to come back to (on the menu
 * page itself, the page it was opened from).
 */
export function useMenuPageHref(hash = ""): string {
  const { pathname, search } = useLocation();
  const from = pathname === "/menu" ? new URLSearchParams(search).get("from") : `${pathname}${search}`;
  return `/menu${from ? `?from=${encodeURIComponent(from)}` : ""}${hash}`;
}

/** The trigger without JavaScript: a link to the menu page's account section, named as the menu button. */
function NoScriptTrigger({ name }: { name: string }) {
  const href = useMenuPageHref("#account");
  return (
    <a href={href} className={TRIGGER}>
      <TriggerContent name={name} />
    </a>
  );
}

/** The Radix menu comes in a chunk of its own (user-menu-dropdown.tsx), when it is first opened. */
const loadDropdown = () => import("./user-menu-dropdown");
const UserMenuDropdown = lazy(loadDropdown);

/**
 * With JavaScript: at first a plain button, named and drawn as the menu's trigger; the first press
 * loads the Radix menu, which takes its place open (focus goes into the menu and comes back to its
 * trigger when it closes). The pointer or the focus on the button starts loading it sooner.
 */
function ScriptedUserMenu(props: UserMenuProps) {
  const [wanted, setWanted] = useState(false);
  const plain = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setWanted(true)}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      className={`js-only ${TRIGGER}`}
    >
      <TriggerContent name={props.name} />
    </button>
  );
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <UserMenuDropdown {...props} defaultOpen />
    </Suspense>
  );
}

/**
 * The account menu as sections of the menu page (/menu, app/routes/_app.menu.tsx), which stands in for
 * the menu when JavaScript is off: the account summary with the plan badge, the role switcher and the
 * association switcher (plain form posts that go back to `redirectTo`, the page the person came
 * from), the account pages and Sign Out.
 */
export function AccountMenuSections({
  name,
  email,
  tier,
  contexts,
  activeContextId,
  associations,
  activeAssociationId,
  redirectTo,
}: UserMenuProps & { redirectTo: string }) {
  return (
    <>
      <AccountSummary name={name} email={email} tier={tier} />
      <hr className="my-1 border-slate-200 dark:border-slate-700" />
      <SwitchSection
        id="account-switch-role"
        title="Switch role"
        action="/settings/roles"
        redirectTo={redirectTo}
        choices={contexts.map((c) => ({
          id: c.id,
          current: c.id === activeContextId,
          fields: { intent: "switch", contextId: c.id },
          icon: <span className="w-4" />,
          label: <RoleName label={ROLE_LABELS[c.contextType]} context={c.contextName} />,
        }))}
      />
      <SwitchSection
        id="account-switch-association"
        title="Association"
        action="/properties/switch"
        redirectTo={redirectTo}
        choices={associations.map((a) => ({
          id: a.id,
          current: a.id === activeAssociationId,
          fields: { association_id: a.id },
          icon: <Building2 aria-hidden="true" className="h-4 w-4" />,
          label: <span className="truncate">{a.name}</span>,
        }))}
      />
      <ul>
        {ACCOUNT_LINKS.map(({ to, label, Icon }) => (
          <li key={to}>
            <Link to={to} className={`${menuItemClass} ${HOVER}`}>
              <Icon aria-hidden="true" className="h-4 w-4" /> {label}
            </Link>
          </li>
        ))}
      </ul>
      <hr className="my-1 border-slate-200 dark:border-slate-700" />
      <Form method="post" action="/auth/sign-out">
        <button type="submit" className={`${menuItemClass} ${HOVER} w-full text-left`}>
          <LogOut aria-hidden="true" className="h-4 w-4" /> Sign Out
        </button>
      </Form>
    </>
  );
}

/**
 * One switcher of the menu page (roles, associations): the current choice marked, each other one a
 * plain form post to `action` that comes back to `redirectTo`. Nothing when there is nothing to choose.
 */
function SwitchSection({
  id,
  title,
  action,
  redirectTo,
  choices,
}: {
  id: string;
  title: string;
  action: string;
  redirectTo: string;
  choices: {
    id: string;
    current: boolean;
    fields: Record<string, string>;
    icon: ReactNode;
    label: ReactNode;
  }[];
}) {
  if (choices.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={SECTION_LABEL}>
        {title}
      </h2>
      <ul>
        {choices.map((choice) => (
          <li key={choice.id}>
            {choice.current ? (
              <p className={menuItemClass} aria-current="true">
                <Check aria-hidden="true" className="h-4 w-4" />
                {choice.label}
              </p>
            ) : (
              <Form method="post" action={action}>
                {Object.entries(choice.fields).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <button type="submit" className={`${menuItemClass} ${HOVER} w-full text-left`}>
                  {choice.icon}
                  {choice.label}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <hr className="my-1 border-slate-200 dark:border-slate-700" />
    </section>
  );
}

function RoleName({ label, context }: { label: string; context: string }) {
  return (
    <span className="flex flex-col">
      <span>{label}</span>
      <span className="text-xs text-slate-600 dark:text-slate-400">{context}</span>
    </span>
  );
}
