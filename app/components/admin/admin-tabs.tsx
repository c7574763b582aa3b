/** The admin panel's section tabs (plain links, so they work without JavaScript). */
const TABS = [
  { id: "verification", href: "/admin?tab=verification", label: "Verification queue" },
  { id: "users", href: "/admin/users", label: "Users" },
  { id: "content", href: "/admin/content", label: "Content" },
  { id: "analytics", href: "/admin/analytics", label: "Analytics" },
  { id: "credits", href: "/admin/credits", label: "Credits" },
  { id: "billing", href: "/admin/billing", label: "Billing" },
  { id: "learning-payments", href: "/admin/learning-payments", label: "Learning payments" },
  { id: "errors", href: "/admin/errors", label: "Errors" },
  { id: "performance", href: "/admin/performance", label: "Performance" },
  { id: "diagnostics", href: "/admin/diagnostics", label: "Diagnostics" },
] as const;

export type AdminTab = (typeof TABS)[number]["id"];

export function AdminTabs({
  current,
  labels = {},
}: {
  current: AdminTab;
  labels?: Partial<Record<AdminTab, string>>;
}) {
  return (
    <nav aria-label="Admin sections" className="mt-4 border-b border-slate-200 dark:border-slate-800">
      {TABS.map((tab) =>
        tab.id === current ? (
          <a
            key={tab.id}
            href={tab.href}
            aria-current="page"
            className="-mb-px inline-block border-b-2 border-blue-700 px-3 py-2 text-sm font-semibold text-blue-800 dark:text-blue-300"
          >
            {labels[tab.id] ?? tab.label}
          </a>
        ) : (
          <a
            key={tab.id}
            href={tab.href}
            className="-mb-px inline-block border-b-2 border-transparent px-3 py-2 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400"
          >
            {labels[tab.id] ?? tab.label}
          </a>
        ),
      )}
    </nav>
  );
}
