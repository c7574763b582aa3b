import type { SubmissionResult } from "@conform-to/react";
import { dateLabel } from "@domain/finance";
import { voidMovementConfirm } from "@domain/finance/funds";
import type { FinanceQuery } from "@domain/finance/query";
import { removeComponentConfirm } from "@domain/finance/reserves";
import type { SerializeFrom } from "@remix-run/node";
import { DeleteButton, DeleteConfirmation } from "~/components/finance/delete";
import { ComponentForm } from "~/components/finance/forms";
import { financialsHref } from "~/components/finance/links";
import { FundForm, MovementForm, PlannedContributionForm } from "~/components/finance/reserve-fund-forms";
import { cell, head, Section } from "~/components/finance/tables";
import { StatCards } from "~/components/ui/stat-cards";
import type { loader } from "~/routes/_app.financials.reserves";

type ReservesData = NonNullable<Extract<SerializeFrom<typeof loader>, { reserves: unknown }>["reserves"]>;

/** The server's answer to one of the tab's forms (plan-contribution: to the fund `fundId`'s form). */
export type ResultFor = (
  intent: "create-component" | "create-fund" | "record-movement" | "void-movement" | "plan-contribution",
  fundId?: string,
) => SubmissionResult<string[]> | undefined;

/**
 * The Reserves tab: the funds and their movements, the reserve study and its projection. `resultFor`
 * hands each form the server's answer to it (Conform's lastResult), by intent (and fund).
 */
export function Reserves({
  data,
  query,
  today,
  resultFor,
}: {
  data: ReservesData;
  query: FinanceQuery;
  today: string;
  resultFor: ResultFor;
}) {
  const voidError = resultFor("void-movement")?.error?.[""]?.join(" ");
  return (
    <>
      <Section id="reserve-summary" title="Reserve funds">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Each fund's balance is its opening balance, contributions and interest less its withdrawals, up to
          the end of the period. A withdrawal cannot take a fund below zero. Record money a fund already held
          as its opening balance, not as a contribution: the projection leaves it out.
        </p>
        <StatCards
          className="mt-3"
          tabularNums
          label="Reserve funds"
          cards={[
            { label: "Reserve Balance", value: data.balance },
            { label: "Contributions in Period", value: data.contributions },
            { label: "Withdrawals in Period", value: data.withdrawals },
            { label: "Interest in Period", value: data.interest },
          ]}
        />
        {data.funds.length === 0 ? (
          <p className="mt-3 text-sm">No reserve funds yet. Add one below, then record its contributions.</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
              <caption className="sr-only">Reserve funds in the period</caption>
              <thead className={head}>
                <tr>
                  {["Fund", "Opening balance", "Contributions", "Withdrawals", "Interest", "Balance"].map(
                    (h) => (
                      <th key={h} scope="col" className={cell}>
                        {h}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {[...data.funds, { id: "total", name: "Total", ...data.total }].map((f) => (
                  <tr key={f.id} data-testid={f.id === "total" ? "fund-total" : "fund-row"}>
                    <th
                      scope="row"
                      className={`${cell} text-left ${f.id === "total" ? "font-semibold" : "font-medium"}`}
                    >
                      {f.name}
                    </th>
                    <td className={`${cell} tabular-nums`}>{f.opening}</td>
                    <td className={`${cell} tabular-nums`}>{f.contributions}</td>
                    <td className={`${cell} tabular-nums`}>{f.withdrawals}</td>
                    <td className={`${cell} tabular-nums`}>{f.interest}</td>
                    <td className={`${cell} tabular-nums ${f.id === "total" ? "font-semibold" : ""}`}>
                      {f.closing}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-3">
          <div className="min-w-0 rounded-md border border-slate-200 p-4 dark:border-slate-700">
            <h3 className="mb-3 font-semibold">Add a fund</h3>
            <FundForm key={data.funds.length} id="add-fund-form" lastResult={resultFor("create-fund")} />
          </div>
          {data.funds.length > 0 ? (
            <div className="min-w-0 rounded-md border border-slate-200 p-4 lg:col-span-2 dark:border-slate-700">
              <h3 className="mb-3 font-semibold">
                Record a contribution, withdrawal, interest or opening balance
              </h3>
              <MovementForm
                key={data.movementCount}
                id="movement-form"
                funds={data.funds}
                defaults={{
                  fund_id: data.funds[0]?.id ?? "",
                  kind: "contribution",
                  amount: "",
                  description: "",
                  date: today,
                }}
                lastResult={resultFor("record-movement")}
              />
            </div>
          ) : null}
        </div>
      </Section>
      <ReserveStudy
        study={data.study}
        funds={data.funds}
        askRemove={data.askRemove}
        resultFor={resultFor}
        cancelHref={`${financialsHref("reserves", query)}#reserve-study`}
      />
      <Section id="reserve-movements" title={`Fund movements (${data.movementCount})`}>
        {voidError ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-800 dark:text-red-300">
            {voidError}
          </p>
        ) : null}
        {data.askVoid && !voidError ? (
          <div className="mt-2">
            <DeleteConfirmation
              text={data.askVoid.text}
              cancelHref={`${financialsHref("reserves", query)}#reserve-movements`}
              intent="void-movement"
              id={data.askVoid.id}
              confirmLabel="Yes, void"
            />
          </div>
        ) : null}
        {data.movements.length === 0 ? (
          <p className="mt-2 text-sm">No movements in this period.</p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
              <caption className="sr-only">Fund movements</caption>
              <thead className={head}>
                <tr>
                  {["Date", "Fund", "Kind", "Description", "Amount", "Recorded by", "Actions"].map((h) => (
                    <th key={h} scope="col" className={cell}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.movements.map((m) => (
                  <tr key={m.id} data-testid="movement-row">
                    <td className={cell}>{dateLabel(m.date)}</td>
                    <td className={cell}>{m.fund}</td>
                    <td className={cell}>{m.kindLabel}</td>
                    <th scope="row" className={`${cell} text-left font-normal`}>
                      {m.description}
                    </th>
                    <td className={`${cell} tabular-nums`}>
                      {m.kind === "withdrawal" ? `-${m.amount}` : m.amount}
                    </td>
                    <td className={cell}>{m.createdBy}</td>
                    <td className={cell}>
                      <DeleteButton
                        intent="void-movement"
                        id={m.id}
                        confirmText={voidMovementConfirm(m)}
                        label={`Void ${m.kindLabel.toLowerCase()} ${m.description}`}
                        className="text-red-700 underline dark:text-red-400"
                      >
                        Void
                      </DeleteButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </>
  );
}

type StudyView = ReservesData["study"];

function ReserveStudy({
  study,
  funds,
  askRemove,
  cancelHref,
  resultFor,
}: {
  study: StudyView;
  funds: readonly { id: string; name: string; plannedInput: string }[];
  askRemove: { id: string; text: string } | null;
  cancelHref: string;
  resultFor: ResultFor;
}) {
  const result = resultFor("create-component");
  const planResult = (fundId: string) => resultFor("plan-contribution", fundId);
  return (
    <>
      <Section id="reserve-study" title="Reserve study">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Each component's fully funded share is its replacement cost times the part of its useful life
          already used. Percent funded is the funds' total balance over the fully funded balance (70% or more
          strong, 30% to 69% fair, under 30% weak).
        </p>
        <StatCards
          className="mt-3"
          tabularNums
          label="Reserve study"
          cards={[
            { label: "Fully Funded Balance", value: study.fullyFunded },
            { label: "Percent Funded", value: `${study.percentFunded}%`, hint: study.strength },
            {
              label: "Yearly Contribution",
              value: study.annualContribution,
              hint: study.contributionSource === "planned" ? "Planned contributions" : "See the projection",
            },
          ]}
        />
        {askRemove ? (
          <div className="mt-3">
            <DeleteConfirmation
              text={askRemove.text}
              cancelHref={cancelHref}
              intent="delete-component"
              id={askRemove.id}
              confirmLabel="Yes, remove"
            />
          </div>
        ) : null}
        {study.components.length === 0 ? (
          <p className="mt-3 text-sm">
            No components yet. Add the roof, elevators, paving and the rest below.
          </p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
            <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
              <caption className="sr-only">Reserve components</caption>
              <thead className={head}>
                <tr>
                  {[
                    "Component",
                    "Useful life",
                    "Remaining life",
                    "Replacement cost",
                    "Fully funded share",
                    "Actions",
                  ].map((h) => (
                    <th key={h} scope="col" className={cell}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {study.components.map((c) => (
                  <tr key={c.id} data-testid="component-row">
                    <th scope="row" className={`${cell} text-left font-medium`}>
                      {c.name}
                    </th>
                    <td className={cell}>{c.usefulLifeYears} years</td>
                    <td className={cell}>{c.remainingLifeYears} years</td>
                    <td className={`${cell} tabular-nums`}>{c.cost}</td>
                    <td className={`${cell} tabular-nums`}>{c.share}</td>
                    <td className={cell}>
                      <DeleteButton
                        intent="delete-component"
                        id={c.id}
                        confirmText={removeComponentConfirm(c)}
                        label={`Remove ${c.name}`}
                        className="text-red-700 underline dark:text-red-400"
                      >
                        Remove
                      </DeleteButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="mt-4 rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <h3 className="mb-3 font-semibold">Add a component</h3>
          <ComponentForm
            key={study.components.length}
            id="add-component-form"
            defaults={{ name: "", useful_life: "", remaining_life: "", replacement_cost: "" }}
            lastResult={result}
          />
        </div>
      </Section>
      <Section id="reserve-projection" title="20-year projection">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          The reserve balance each year with the yearly contribution above and each component replaced when
          its remaining life runs out, then every useful life, in today's dollars.
        </p>
        <p className="mt-2 text-sm font-medium" data-testid="projection-basis">
          {study.contributionBasis}
        </p>
        {funds.length > 0 ? (
          <div className="mt-3 rounded-md border border-slate-200 p-4 dark:border-slate-700">
            <h3 className="font-semibold">Planned monthly contributions</h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              What each fund receives a month by plan (from the reserve study or the budget), in whole
              dollars. Leave it empty to project from the fund's last 12 months of contributions.
            </p>
            <div className="mt-3 flex flex-col gap-3">
              {funds.map((f) => (
                <PlannedContributionForm
                  key={`${f.id}-${f.plannedInput}`}
                  fund={f}
                  lastResult={planResult(f.id)}
                />
              ))}
            </div>
          </div>
        ) : null}
        <div className="mt-2 overflow-x-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
            <caption className="sr-only">20-year reserve projection</caption>
            <thead className={head}>
              <tr>
                {["Year", "Contribution", "Replacements", "Balance at year end"].map((h) => (
                  <th key={h} scope="col" className={cell}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {study.projection.map((p) => (
                <tr key={p.year} data-testid="projection-row">
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    {study.firstYear + p.year}
                  </th>
                  <td className={`${cell} tabular-nums`}>{p.contribution}</td>
                  <td className={`${cell} tabular-nums`}>{p.replacement}</td>
                  <td
                    className={`${cell} tabular-nums ${p.negative ? "font-semibold text-red-800 dark:text-red-300" : ""}`}
                  >
                    {p.endBalance}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </>
  );
}
