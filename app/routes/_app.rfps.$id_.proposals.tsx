import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ConnectionActions } from "~/components/network/connection-actions";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { ArrowLeft, Check, Minus, X } from "~/components/ui/icons";
import {
  proposalsAction,
  proposalsLoader,
  type ReviewActionData,
} from "~/routes/_app.rfps.$id_.proposals.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Proposals: ${data.rfp.title} · Association Commons` : "Proposals · Association Commons" },
];

/**
 * /rfps/{id}/proposals: the author's review (spec 001 section 4; issue 4 part 5). Every bid side by side
 * (price against the budget, timeline, requirements met), and shortlist, accept or reject, each a plain
 * form post. `?compare=` narrows the comparison to the chosen bids. Only the RFP's author (or an admin).
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => proposalsLoader(request, params.id ?? "");

export const action = ({ request, params }: ActionFunctionArgs) => proposalsAction(request, params.id ?? "");

function Met({ value, label }: { value: boolean | null; label: string }) {
  if (value === null)
    return (
      <span className="inline-flex items-center gap-1 text-slate-500">
        <Minus aria-hidden="true" className="h-4 w-4" /> Not required
        <span className="sr-only"> ({label})</span>
      </span>
    );
  return value ? (
    <span className="inline-flex items-center gap-1 text-green-700 dark:text-green-400">
      <Check aria-hidden="true" className="h-4 w-4" /> Met<span className="sr-only"> ({label})</span>
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-red-700 dark:text-red-400">
      <X aria-hidden="true" className="h-4 w-4" /> Missing<span className="sr-only"> ({label})</span>
    </span>
  );
}

/**
 * The motion an award per board vote cites: its text, meeting and date, votes, and the minutes when the
 * viewer may open them (`minutesUrl` is null otherwise).
 */
function BoardVoteCitation({
  vote,
}: {
  vote: {
    motion: string | null;
    meeting?: string;
    meetingDate?: string | null;
    votes?: string;
    minutesUrl: string | null;
  };
}) {
  return (
    <>
      <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 italic dark:border-slate-600">
        {vote.motion}
      </blockquote>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {vote.meeting}, {vote.meetingDate} · {vote.votes}
        {vote.minutesUrl ? (
          <>
            {" "}
            ·{" "}
            <Link to={vote.minutesUrl} className="text-blue-700 underline dark:text-blue-400">
              Read the minutes<span className="sr-only"> of {vote.meeting}</span>
            </Link>
          </>
        ) : null}
      </p>
    </>
  );
}

/** Rejecting one proposal, with an optional reason (a Conform form checked on the server). */
function RejectForm({
  proposalId,
  busy,
  answer,
}: {
  proposalId: string;
  busy: boolean;
  answer: ReviewActionData | undefined;
}) {
  const [form, fields] = useForm<{ reason: string }>({
    id: `reject-${proposalId}`,
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
  });
  const reason = fields.reason;
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" {...getFormProps(form)}>
      <input type="hidden" name="proposal_id" value={proposalId} />
      <div>
        <label htmlFor={reason.id} className="block text-xs font-medium">
          Reason (optional, the vendor sees it)
        </label>
        <input
          {...getInputProps(reason, { type: "text" })}
          maxLength={1000}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        {reason.errors ? (
          <p id={reason.errorId} className="mt-1 text-xs text-red-700 dark:text-red-400">
            {reason.errors.join(" ")}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        name="intent"
        value="reject"
        disabled={busy}
        className={buttonClass("secondary", "px-3 py-1.5")}
      >
        Reject proposal
      </button>
    </Form>
  );
}

export default function ProposalsReview() {
  const { rfp, proposals, compare, reviewable, viewerId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ReviewActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const shown = compare.length >= 2 ? proposals.filter((p) => compare.includes(p.id)) : proposals;
  const cell = "border-b border-slate-200 px-3 py-2 align-top dark:border-slate-800";
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <Link
        to={`/rfps/${rfp.id}`}
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the RFP
      </Link>
      <div>
        <h1 className="text-3xl font-semibold [overflow-wrap:anywhere]">Proposals: {rfp.title}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Budget {rfp.budget}. {proposals.length} {proposals.length === 1 ? "proposal" : "proposals"}.
          {reviewable ? "" : " This RFP is no longer open for review."}
        </p>
      </div>
      {actionData?.error ? <Alert title="That did not work">{actionData.error}</Alert> : null}
      {proposals.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <h2 className="text-lg font-semibold">No proposals yet</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Vendors' proposals appear here as they are submitted.
          </p>
        </div>
      ) : (
        <>
          <section aria-labelledby="compare-heading" className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="compare-heading" className="text-lg font-semibold">
                Side by side{compare.length >= 2 ? ` (${shown.length} chosen)` : ""}
              </h2>
              {compare.length >= 2 ? (
                <Link
                  to={`/rfps/${rfp.id}/proposals`}
                  className="text-sm font-semibold text-blue-700 underline dark:text-blue-400"
                >
                  Compare all
                </Link>
              ) : null}
            </div>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
              <table className="min-w-full text-sm">
                <caption className="sr-only">Proposals compared</caption>
                <thead>
                  <tr>
                    <th scope="row" className={`${cell} text-left text-slate-500`}>
                      Vendor
                    </th>
                    {shown.map((p) => (
                      <th key={p.id} scope="col" className={`${cell} min-w-48 text-left`}>
                        {p.vendor}
                        {p.organization ? (
                          <span className="block text-xs font-normal text-slate-500">{p.organization}</span>
                        ) : null}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row" className={`${cell} text-left text-slate-500`}>
                      Status
                    </th>
                    {shown.map((p) => (
                      <td key={p.id} className={cell} data-testid="compare-status">
                        {p.label}
                      </td>
                    ))}
                  </tr>
                  <tr>
                    <th scope="row" className={`${cell} text-left text-slate-500`}>
                      {rfp.hourly ? "Rate" : "Price"}
                    </th>
                    {shown.map((p) => (
                      <td key={p.id} className={cell}>
                        <span className="font-semibold">{p.price ?? "—"}</span>
                        {p.pricePosition ? (
                          <span
                            className={`block text-xs ${p.priceAbove ? "text-red-700 dark:text-red-400" : "text-slate-500"}`}
                          >
                            {p.pricePosition}
                          </span>
                        ) : null}
                      </td>
                    ))}
                  </tr>
                  <tr>
                    <th scope="row" className={`${cell} text-left text-slate-500`}>
                      Timeline
                    </th>
                    {shown.map((p) => (
                      <td key={p.id} className={cell}>
                        {p.timelineDays ? `${p.timelineDays} days` : "—"}
                        {p.startDate ? (
                          <span className="block text-xs text-slate-500">from {p.startDate}</span>
                        ) : null}
                      </td>
                    ))}
                  </tr>
                  {(["insurance", "license", "references"] as const).map((k) => (
                    <tr key={k}>
                      <th scope="row" className={`${cell} text-left capitalize text-slate-500`}>
                        {k}
                      </th>
                      {shown.map((p) => (
                        <td key={p.id} className={cell}>
                          <Met value={p.met[k]} label={k} />
                        </td>
                      ))}
                    </tr>
                  ))}
                  <tr>
                    <th scope="row" className={`${cell} text-left text-slate-500`}>
                      Submitted
                    </th>
                    {shown.map((p) => (
                      <td key={p.id} className={cell}>
                        {p.submittedAt ?? "—"}
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
          </section>

          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">Each proposal</h2>
            {proposals.length > 2 ? (
              <button type="submit" form="compare-form" className={buttonClass("secondary", "px-3 py-1.5")}>
                Compare selected
              </button>
            ) : null}
          </div>
          <ul className="space-y-4">
            {proposals.map((p) => (
              <li
                key={p.id}
                data-testid="proposal"
                className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h3 className="text-base font-semibold">{p.vendor}</h3>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {[p.organization, p.price, p.timelineDays ? `${p.timelineDays} days` : null]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                    {p.connection ? (
                      <div className="mt-2">
                        <ConnectionActions
                          viewerId={viewerId}
                          person={{ id: p.vendorId, name: p.vendor }}
                          pair={p.connection}
                          redirectTo={`/rfps/${rfp.id}/proposals`}
                          showRemove={false}
                          hideBlocked
                        />
                      </div>
                    ) : null}
                  </div>
                  <div className="flex items-center gap-3">
                    {proposals.length > 2 ? (
                      <label className="flex items-center gap-1 text-sm">
                        <input
                          type="checkbox"
                          name="compare"
                          value={p.id}
                          form="compare-form"
                          defaultChecked={compare.includes(p.id)}
                        />
                        Compare
                      </label>
                    ) : null}
                    <span
                      className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold dark:bg-slate-800"
                      data-testid="proposal-status"
                    >
                      {p.label}
                    </span>
                  </div>
                </div>
                {p.coverLetter ? <p className="mt-3 whitespace-pre-line text-sm">{p.coverLetter}</p> : null}
                <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
                  {p.insuranceCarrier ? (
                    <div>
                      <dt className="text-slate-500">Insurance carrier</dt>
                      <dd>{p.insuranceCarrier}</dd>
                    </div>
                  ) : null}
                  {p.licenseNumber ? (
                    <div>
                      <dt className="text-slate-500">License</dt>
                      <dd>{p.licenseNumber}</dd>
                    </div>
                  ) : null}
                  {p.references.length > 0 ? (
                    <div>
                      <dt className="text-slate-500">References</dt>
                      <dd>
                        <ul>
                          {p.references.map((r) => (
                            <li key={`${r.name}-${r.contact}`}>
                              {r.name} ({r.contact})
                            </li>
                          ))}
                        </ul>
                      </dd>
                    </div>
                  ) : null}
                </dl>
                {p.documents.length > 0 ? (
                  <div className="mt-3 text-sm">
                    <h4 className="font-semibold">Documents</h4>
                    <ul className="mt-1 space-y-1">
                      {p.documents.map((d) => (
                        <li key={d.id}>
                          <a
                            href={`/documents/proposal/${d.id}`}
                            className="text-blue-700 hover:underline dark:text-blue-400"
                          >
                            {d.fileName}
                          </a>{" "}
                          <span className="text-xs text-slate-500">({d.size})</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                {p.rejectionReason ? <p className="mt-2 text-sm">Reason given: {p.rejectionReason}</p> : null}
                {p.awardedPerBoardVote ? (
                  <div
                    className="mt-3 rounded-md border border-green-200 bg-green-50 p-3 text-sm dark:border-green-900 dark:bg-green-950"
                    data-testid="awarded-per-board-vote"
                  >
                    <p className="font-semibold">Awarded per board vote</p>
                    {p.awardedPerBoardVote.motion ? (
                      <BoardVoteCitation vote={p.awardedPerBoardVote} />
                    ) : (
                      <p>
                        The motion was later removed from the{" "}
                        {p.awardedPerBoardVote.minutesUrl ? (
                          <Link
                            to={p.awardedPerBoardVote.minutesUrl}
                            className="text-blue-700 underline dark:text-blue-400"
                          >
                            minutes
                          </Link>
                        ) : (
                          "minutes"
                        )}
                        .
                      </p>
                    )}
                  </div>
                ) : null}
                {p.boardVotes.map((vote) => (
                  <div
                    key={vote.motionId}
                    className="mt-3 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm dark:border-blue-900 dark:bg-blue-950"
                    data-testid="board-vote"
                  >
                    <p className="font-semibold">The board passed a motion to award this proposal</p>
                    <BoardVoteCitation vote={vote} />
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="proposal_id" value={p.id} />
                      <input type="hidden" name="motion_id" value={vote.motionId} />
                      <button
                        type="submit"
                        name="intent"
                        value="award-board-vote"
                        disabled={busy}
                        className={buttonClass("primary", "px-3 py-1.5")}
                      >
                        Award per board vote<span className="sr-only"> to {p.vendor}</span>
                      </button>
                    </Form>
                  </div>
                ))}
                {p.canDecide ? (
                  <div className="mt-4 flex flex-wrap items-start gap-2">
                    <Form
                      method="post"
                      onSubmit={(e) => {
                        if (
                          !window.confirm(
                            `Accept ${p.vendor}'s proposal? The RFP closes as awarded and the other proposals are rejected.`,
                          )
                        )
                          e.preventDefault();
                      }}
                    >
                      <input type="hidden" name="proposal_id" value={p.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="accept"
                        disabled={busy}
                        className={buttonClass("primary", "px-3 py-1.5")}
                      >
                        Accept<span className="sr-only"> {p.vendor}'s proposal</span>
                      </button>
                    </Form>
                    {p.canShortlist ? (
                      <Form method="post">
                        <input type="hidden" name="proposal_id" value={p.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="shortlist"
                          disabled={busy}
                          className={buttonClass("secondary", "px-3 py-1.5")}
                        >
                          Shortlist<span className="sr-only"> {p.vendor}'s proposal</span>
                        </button>
                      </Form>
                    ) : null}
                    <details
                      className="text-sm"
                      open={actionData?.proposalId === p.id && actionData.intent === "reject"}
                    >
                      <summary
                        className={buttonClass(
                          "ghost",
                          "cursor-pointer px-3 py-1.5 text-red-700 dark:text-red-400",
                        )}
                      >
                        Reject<span className="sr-only"> {p.vendor}'s proposal</span>
                      </summary>
                      <RejectForm
                        proposalId={p.id}
                        busy={busy}
                        answer={
                          actionData?.proposalId === p.id && actionData.intent === "reject"
                            ? actionData
                            : undefined
                        }
                      />
                    </details>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          <form id="compare-form" method="get" />
        </>
      )}
    </div>
  );
}
