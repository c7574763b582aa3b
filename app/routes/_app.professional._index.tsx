import { CENTER_TAB_LABELS, CENTER_TABS, type CenterTab } from "@domain/network/center";
import { completenessTone } from "@domain/network/completeness";
import { mutualConnectionsText } from "@domain/network/connections";
import type { Trend } from "@domain/network/insights";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireViewer } from "~/auth/guards.server";
import { ConnectionActions } from "~/components/network/connection-actions";
import { StatCards } from "~/components/ui/stat-cards";
import { getDb } from "~/db.server";
import { professionalCenter } from "~/queries/professional-center.server";

export const meta: MetaFunction = () => [{ title: "Professional Center · Association Commons" }];

/** The Professional Center (spec 002 "Networking dashboard"; issue 28 part 6). */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const url = new URL(request.url);
  const asked = url.searchParams.get("tab") ?? "";
  const tab: CenterTab = (CENTER_TABS as readonly string[]).includes(asked)
    ? (asked as CenterTab)
    : "connections";
  const center = await professionalCenter(await getDb(), viewer.user.id);
  return json({ tab, viewerId: viewer.user.id, ...center });
}

const TONE = {
  success: "bg-green-600",
  warning: "bg-amber-500",
  error: "bg-red-600",
} as const;

const profileHref = (p: { username: string | null }) => (p.username ? `/professional/${p.username}` : null);

function PersonLine({
  p,
  extra,
}: {
  p: { name: string; username: string | null; title: string | null; location: string | null };
  extra?: string;
}) {
  const href = profileHref(p);
  return (
    <div className="min-w-0">
      {href ? (
        <Link to={href} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
          {p.name}
        </Link>
      ) : (
        <span className="font-medium">{p.name}</span>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {[p.title, p.location, extra].filter(Boolean).join(" · ") || "Member"}
      </p>
    </div>
  );
}

function TrendMark({ trend }: { trend: Trend }) {
  return (
    <span
      className={trend === "up" ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400"}
    >
      {trend === "up" ? "▲" : "▼"}
      <span className="sr-only">{trend === "up" ? " trending up" : " trending down"}</span>
    </span>
  );
}

const listClass =
  "flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900";
const itemClass = "flex flex-wrap items-center justify-between gap-2 p-3";
const empty = (text: string) => (
  <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm dark:border-slate-700">
    {text}
  </p>
);

export default function ProfessionalCenter() {
  const d = useLoaderData<typeof loader>();
  const tone = completenessTone(d.completeness.score);
  const views = d.stats.profileViews;
  const viewsBefore = d.stats.profileViewsPrevious;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Professional Center</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Your network, endorsements and skills in one place.
          </p>
        </div>
        <nav aria-label="Professional Center pages" className="flex flex-wrap gap-2 text-sm">
          {d.username ? (
            <Link
              to={`/professional/${d.username}`}
              className="rounded-md border border-slate-300 px-3 py-1.5 dark:border-slate-700"
            >
              My profile
            </Link>
          ) : null}
          <Link
            to="/professional/skills"
            className="rounded-md border border-slate-300 px-3 py-1.5 dark:border-slate-700"
          >
            Skills
          </Link>
          <Link
            to="/professional/endorsements"
            className="rounded-md border border-slate-300 px-3 py-1.5 dark:border-slate-700"
          >
            Endorsements
          </Link>
          <Link
            to="/connections"
            className="rounded-md border border-slate-300 px-3 py-1.5 dark:border-slate-700"
          >
            Connections
          </Link>
        </nav>
      </div>

      <StatCards
        label="Network figures"
        tabularNums
        cards={[
          { label: "Connections", value: String(d.stats.totalConnections) },
          {
            label: "Profile views",
            value: String(views),
            hint: `Last 30 days (${viewsBefore} the 30 before)`,
          },
          { label: "Endorsements", value: String(d.stats.endorsementsReceived), hint: "Received" },
          {
            label: "Requests",
            value: String(d.stats.pendingRequests),
            hint: `Pending · ${d.stats.sentRequests} sent`,
          },
        ]}
      />

      <section
        aria-labelledby="completeness-heading"
        className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-baseline justify-between">
          <h2 id="completeness-heading" className="font-semibold">
            Portfolio completeness
          </h2>
          <span className="text-lg font-semibold tabular-nums" data-testid="completeness">
            {d.completeness.score}%
          </span>
        </div>
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={d.completeness.score}
          aria-labelledby="completeness-heading"
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div
            className={`h-full ${TONE[tone]}`}
            data-tone={tone}
            style={{ width: `${d.completeness.score}%` }}
          />
        </div>
        {d.completeness.missing.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-2 text-xs">
            {d.completeness.missing.map((m) => (
              <li key={m.key} className="rounded-full bg-slate-100 px-2 py-1 dark:bg-slate-800">
                {m.label} (+{m.weight}%)
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <div>
        <nav
          aria-label="Professional Center tabs"
          className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800"
        >
          {CENTER_TABS.map((t) => (
            <Link
              key={t}
              to={`/professional?tab=${t}`}
              preventScrollReset
              aria-current={d.tab === t ? "page" : undefined}
              className={`-mb-px border-b-2 px-3 py-2 text-sm ${
                d.tab === t
                  ? "border-blue-700 font-semibold text-blue-800 dark:text-blue-300"
                  : "border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300"
              }`}
            >
              {CENTER_TAB_LABELS[t]}
            </Link>
          ))}
        </nav>
        <div className="mt-4" data-testid={`center-tab-${d.tab}`}>
          {d.tab === "connections" ? (
            d.connections.length === 0 ? (
              empty("No connections yet")
            ) : (
              <ul className={listClass}>
                {d.connections.map((p) => (
                  <li key={p.id} className={itemClass}>
                    <PersonLine p={p} />
                    <Link
                      to={`/messages?user=${p.id}`}
                      className="text-sm text-blue-700 underline dark:text-blue-300"
                    >
                      Message<span className="sr-only"> {p.name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )
          ) : null}
          {d.tab === "requests" ? (
            d.connectionRequests.length === 0 && d.endorsementRequests.length === 0 ? (
              empty("No pending requests")
            ) : (
              <ul className={listClass}>
                {d.connectionRequests.map((p) => (
                  <li key={`c-${p.id}`} className={itemClass}>
                    <PersonLine p={p} extra={`wants to connect (${p.connectionType.replace(/_/g, " ")})`} />
                    <Link to="/connections" className="text-sm text-blue-700 underline dark:text-blue-300">
                      Answer<span className="sr-only"> {p.name}</span>
                    </Link>
                  </li>
                ))}
                {d.endorsementRequests.map((r) => (
                  <li key={`e-${r.id}`} className={itemClass}>
                    <p className="text-sm">
                      <span className="font-medium">{r.otherName}</span> asked you to endorse {r.skillName}
                    </p>
                    <Link
                      to={`/professional/endorsements?answer=${r.id}`}
                      className="text-sm text-blue-700 underline dark:text-blue-300"
                    >
                      Write Endorsement<span className="sr-only"> for {r.otherName}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )
          ) : null}
          {d.tab === "activity" ? (
            d.activity.length === 0 ? (
              empty("No activity yet")
            ) : (
              <ul className={listClass}>
                {d.activity.map((a) => (
                  <li key={a.id} className={itemClass} data-testid="activity-item" data-type={a.type}>
                    <div>
                      <p className="font-medium">{a.title}</p>
                      <p className="text-sm text-slate-600 dark:text-slate-400">{a.description}</p>
                    </div>
                    <time dateTime={a.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
                      {new Date(a.createdAt).toLocaleDateString("en-US", {
                        dateStyle: "long",
                        timeZone: "UTC",
                      })}
                    </time>
                  </li>
                ))}
              </ul>
            )
          ) : null}
          {d.tab === "suggestions" ? (
            d.suggestions.length === 0 ? (
              empty("No suggestions available")
            ) : (
              <ul className={listClass}>
                {d.suggestions.map((p) => (
                  <li key={p.id} className={itemClass} data-testid="suggestion-item">
                    <PersonLine
                      p={p}
                      extra={
                        p.mutualConnections > 0
                          ? `${p.reason} · ${mutualConnectionsText(p.mutualConnections)}`
                          : p.reason
                      }
                    />
                    <ConnectionActions
                      viewerId={d.viewerId}
                      person={{ id: p.id, name: p.name }}
                      pair={{ state: "none", connectionId: null, version: p.version }}
                      redirectTo="/professional?tab=suggestions"
                    />
                  </li>
                ))}
              </ul>
            )
          ) : null}
          {d.tab === "insights" ? (
            <ul className="grid gap-3 sm:grid-cols-2">
              {d.insights.map((i) => (
                <li
                  key={i.type}
                  data-testid={`insight-${i.type}`}
                  className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
                >
                  <p className="flex items-center justify-between text-sm font-semibold">
                    {i.title} <TrendMark trend={i.trend} />
                  </p>
                  <p className="mt-1 text-2xl font-semibold">{i.value}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{i.description}</p>
                  <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{i.timeframe}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </div>
  );
}
