import type { MonthPoint } from "@domain/rfp";
import { Link } from "@remix-run/react";

/**
 * Vendor analytics' pieces (Professional plan). The trend chart is SVG drawn by the server, as the
 * financials' charts are (docs/decisions/030), so it shows without JavaScript; its figures are also in
 * a table.
 */

const SUBMITTED = "#1d4ed8"; // blue-700
const WIN_RATE = "#b45309"; // amber-700

export const analyticsCard =
  "rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

/** A whole number at or above `n` that splits into 4 even steps (at least 4). */
function countCeiling(n: number): number {
  return Math.max(4, Math.ceil(n / 4) * 4);
}

/** Proposals submitted per month as bars, and the month's win rate as a line on a 0-100% scale. */
export function WinRateTrendChart({ months }: { months: readonly MonthPoint[] }) {
  const width = 720;
  const height = 260;
  const left = 44;
  const right = 48;
  const bottom = 40;
  const top = 12;
  const plotH = height - bottom - top;
  const plotW = width - left - right;
  const max = countCeiling(Math.max(0, ...months.map((m) => m.submitted)));
  const slot = plotW / Math.max(1, months.length);
  const bar = Math.max(4, Math.min(24, slot - 12));
  const y = (v: number) => top + plotH - (v / max) * plotH;
  const yRate = (pct: number) => top + plotH - (pct / 100) * plotH;
  const x = (i: number) => left + i * slot + slot / 2;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const points = months
    .map((m, i) => (m.winRate === null ? null : { x: x(i), y: yRate(m.winRate), key: m.month }))
    .filter((p): p is { x: number; y: number; key: string } => p !== null);
  return (
    <figure className="mt-2" data-testid="win-rate-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby="wr-title wr-desc"
        className="h-auto w-full max-w-3xl text-slate-700 dark:text-slate-300"
      >
        <title id="wr-title">Proposals submitted and win rate by month</title>
        <desc id="wr-desc">
          {months
            .map(
              (m) =>
                `${m.label}: ${m.submitted} submitted, win rate ${m.winRate === null ? "no decisions" : `${m.winRate}%`}`,
            )
            .join("; ")}
        </desc>
        {ticks.map((f) => (
          <g key={f}>
            <line
              x1={left}
              x2={width - right}
              y1={y(max * f)}
              y2={y(max * f)}
              stroke="currentColor"
              strokeOpacity={0.15}
            />
            <text x={left - 6} y={y(max * f) + 4} textAnchor="end" fontSize={11} fill="currentColor">
              {Math.round(max * f)}
            </text>
            <text x={width - right + 6} y={yRate(f * 100) + 4} fontSize={11} fill="currentColor">
              {`${f * 100}%`}
            </text>
          </g>
        ))}
        {months.map((m, i) => (
          <g key={m.month}>
            <rect
              x={x(i) - bar / 2}
              y={y(m.submitted)}
              width={bar}
              height={y(0) - y(m.submitted)}
              fill={SUBMITTED}
            />
            <text x={x(i)} y={height - bottom + 16} textAnchor="middle" fontSize={11} fill="currentColor">
              {m.label.slice(0, 3)}
            </text>
            {i === 0 || m.month.endsWith("-01") ? (
              <text x={x(i)} y={height - bottom + 30} textAnchor="middle" fontSize={10} fill="currentColor">
                {m.label.slice(4)}
              </text>
            ) : null}
          </g>
        ))}
        {points.length > 1 ? (
          <polyline
            points={points.map((p) => `${p.x},${p.y}`).join(" ")}
            fill="none"
            stroke={WIN_RATE}
            strokeWidth={2}
          />
        ) : null}
        {points.map((p) => (
          <circle key={p.key} cx={p.x} cy={p.y} r={4} fill={WIN_RATE} />
        ))}
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-4 text-xs text-slate-700 dark:text-slate-300">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3" style={{ background: SUBMITTED }} />{" "}
          Proposals submitted (left scale)
        </span>
        <span className="inline-flex items-center gap-1">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-full"
            style={{ background: WIN_RATE }}
          />{" "}
          Win rate of the bids decided that month (right scale)
        </span>
      </figcaption>
    </figure>
  );
}

/** What the locked page says: why, what analytics offer, and where to upgrade. No figures. */
export function AnalyticsLocked({
  title,
  message,
  offers,
  upgradeUrl,
  upgradeLabel,
}: {
  title: string;
  message: string;
  offers: readonly string[];
  upgradeUrl: string;
  upgradeLabel: string;
}) {
  return (
    <section aria-labelledby="analytics-locked" className={analyticsCard} data-testid="analytics-locked">
      <h2 id="analytics-locked" className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{message}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        {offers.map((o) => (
          <li key={o}>{o}</li>
        ))}
      </ul>
      <Link
        to={upgradeUrl}
        className="mt-4 inline-block rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
      >
        {upgradeLabel}
      </Link>
    </section>
  );
}
