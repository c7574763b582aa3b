import { formatMoney, niceCeiling, type UsageTone } from "@domain/finance";

/**
 * The financials' charts (issue 13, part 4), drawn as SVG by the server so they show without
 * JavaScript. No chart library in the project renders on the server, so these are plain, accessible
 * SVG: each chart is an image with a title and a description, and its figures are also in a table
 * for screen readers and for reading exact amounts.
 */

const INCOME = "#15803d"; // green-700
const EXPENSE = "#b91c1c"; // red-700
const BUDGET = "#64748b"; // slate-500
export const TONE_FILL: Record<UsageTone, string> = {
  success: "#15803d",
  warning: "#b45309",
  error: "#b91c1c",
};

/**
 * A chart is drawn twice, wide (720 units) and narrow (360 units), and CSS shows the one that fits: an
 * SVG scales with its viewBox, so the wide one's 11-unit labels came out about 5 px tall on a 390 px
 * phone (issue 26, part 10). The narrow one's labels (13 units) stay above 11 px there.
 */
interface ChartSize {
  /** Suffix of the SVG's title and description ids (both drawings are in the page). */
  id: string;
  width: number;
  /** Label and small-label font sizes, in viewBox units. */
  font: number;
  small: number;
  className: string;
}
const SIZES: readonly ChartSize[] = [
  { id: "narrow", width: 360, font: 13, small: 12, className: "sm:hidden" },
  { id: "wide", width: 720, font: 11, small: 10, className: "hidden sm:block" },
];

type IncomeExpenseMonths = readonly {
  month: string;
  label: string;
  incomeCents: number;
  expenseCents: number;
}[];

/** Income and expense by month as pairs of bars. */
export function IncomeExpenseChart({ months }: { months: IncomeExpenseMonths }) {
  return (
    <figure className="mt-2" data-testid="income-expense-chart">
      {SIZES.map((size) => (
        <IncomeExpenseSvg key={size.id} months={months} size={size} />
      ))}
      <figcaption className="mt-1 flex gap-4 text-xs text-slate-700 dark:text-slate-300">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3" style={{ background: INCOME }} /> Income
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3" style={{ background: EXPENSE }} />{" "}
          Expenses
        </span>
      </figcaption>
    </figure>
  );
}

function IncomeExpenseSvg({ months, size }: { months: IncomeExpenseMonths; size: ChartSize }) {
  const { width, font, small } = size;
  const height = width === 720 ? 260 : 220;
  const left = width === 720 ? 64 : 62;
  const bottom = 40;
  const top = 12;
  const plotH = height - bottom - top;
  const max = niceCeiling(Math.max(0, ...months.flatMap((m) => [m.incomeCents, m.expenseCents])));
  const slot = (width - left - 8) / Math.max(1, months.length);
  const bar = Math.max(4, Math.min(18, slot / 2 - 4));
  const y = (cents: number) => top + plotH - (cents / max) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f));
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`ie-title-${size.id} ie-desc-${size.id}`}
      className={`h-auto w-full max-w-3xl text-slate-700 dark:text-slate-300 ${size.className}`}
    >
      <title id={`ie-title-${size.id}`}>Income and expenses by month</title>
      <desc id={`ie-desc-${size.id}`}>
        {months
          .map(
            (m) =>
              `${m.label}: income ${formatMoney(m.incomeCents)}, expenses ${formatMoney(m.expenseCents)}`,
          )
          .join("; ")}
      </desc>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={left} x2={width - 8} y1={y(v)} y2={y(v)} stroke="currentColor" strokeOpacity={0.15} />
          <text x={left - 6} y={y(v) + 4} textAnchor="end" fontSize={font} fill="currentColor">
            {formatMoney(v, { whole: true })}
          </text>
        </g>
      ))}
      {months.map((m, i) => {
        const x = left + i * slot + slot / 2;
        return (
          <g key={m.month}>
            <rect
              x={x - bar - 1}
              y={y(m.incomeCents)}
              width={bar}
              height={y(0) - y(m.incomeCents)}
              fill={INCOME}
            />
            <rect
              x={x + 1}
              y={y(m.expenseCents)}
              width={bar}
              height={y(0) - y(m.expenseCents)}
              fill={EXPENSE}
            />
            <text x={x} y={height - bottom + 16} textAnchor="middle" fontSize={font} fill="currentColor">
              {m.label.slice(0, 3)}
            </text>
            {i === 0 || m.month.endsWith("-01-01") ? (
              <text x={x} y={height - bottom + 30} textAnchor="middle" fontSize={small} fill="currentColor">
                {m.label.slice(4)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

type BudgetActualRows = readonly {
  category: string;
  label: string;
  budgetCents: number;
  actualCents: number;
  tone: UsageTone;
  percent: number;
}[];

/** Budget against actual per category as pairs of horizontal bars; the actual bar takes its usage colour. */
export function BudgetActualChart({ rows }: { rows: BudgetActualRows }) {
  if (rows.length === 0)
    return (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        No budgets or expenses in this period.
      </p>
    );
  return (
    <figure className="mt-2" data-testid="budget-actual-chart">
      {SIZES.map((size) => (
        <BudgetActualSvg key={size.id} rows={rows} size={size} />
      ))}
      <figcaption className="mt-1 flex gap-4 text-xs text-slate-700 dark:text-slate-300">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3" style={{ background: BUDGET }} /> Budget
        </span>
        <span className="inline-flex items-center gap-1">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3"
            style={{ background: TONE_FILL.success }}
          />{" "}
          Actual (under 80%; amber from 80%, red from 100%)
        </span>
      </figcaption>
    </figure>
  );
}

function BudgetActualSvg({ rows, size }: { rows: BudgetActualRows; size: ChartSize }) {
  const { width, font } = size;
  const wide = width === 720;
  // Narrow: the category above its bars and the figures under them, so the bars keep the width.
  const left = wide ? 110 : 4;
  const right = wide ? 120 : 4;
  const rowH = wide ? 34 : 62;
  const height = rows.length * rowH + 8;
  const max = niceCeiling(Math.max(0, ...rows.flatMap((r) => [r.budgetCents, r.actualCents])));
  const w = (cents: number) => (cents / max) * (width - left - right);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`ba-title-${size.id} ba-desc-${size.id}`}
      className={`h-auto w-full max-w-3xl text-slate-700 dark:text-slate-300 ${size.className}`}
    >
      <title id={`ba-title-${size.id}`}>Budget against actual by category</title>
      <desc id={`ba-desc-${size.id}`}>
        {rows
          .map(
            (r) =>
              `${r.label}: budget ${formatMoney(r.budgetCents)}, actual ${formatMoney(r.actualCents)} (${r.percent}%)`,
          )
          .join("; ")}
      </desc>
      {rows.map((r, i) => {
        const figures = `${formatMoney(r.actualCents, { whole: true })} of ${formatMoney(r.budgetCents, { whole: true })}`;
        if (!wide) {
          const y0 = 4 + i * rowH;
          return (
            <g key={r.category}>
              <text x={left} y={y0 + font} fontSize={font} fill="currentColor">
                {r.label}
              </text>
              <rect x={left} y={y0 + font + 5} width={w(r.budgetCents)} height={11} fill={BUDGET} />
              <rect
                x={left}
                y={y0 + font + 18}
                width={w(r.actualCents)}
                height={11}
                fill={TONE_FILL[r.tone]}
              />
              <text x={left} y={y0 + 2 * font + 32} fontSize={font} fill="currentColor">
                {figures}
              </text>
            </g>
          );
        }
        const y0 = 4 + i * rowH;
        return (
          <g key={r.category}>
            <text x={left - 8} y={y0 + 18} textAnchor="end" fontSize={12} fill="currentColor">
              {r.label}
            </text>
            <rect x={left} y={y0 + 2} width={w(r.budgetCents)} height={11} fill={BUDGET} />
            <rect x={left} y={y0 + 15} width={w(r.actualCents)} height={11} fill={TONE_FILL[r.tone]} />
            <text
              x={left + Math.max(w(r.budgetCents), w(r.actualCents)) + 6}
              y={y0 + 18}
              fontSize={font}
              fill="currentColor"
            >
              {figures}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
