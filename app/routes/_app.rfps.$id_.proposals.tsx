import { meetingMinutesUrl } from "@domain/meeting/links";
import {
  isActiveProposal,
  PROPOSAL_AUTHOR_LABELS,
  PROPOSAL_MESSAGES,
  type ProposalStatus,
  priceAgainstBudget,
  requirementsMet,
} from "@domain/proposal";

import { formatFileSize } from "@domain/rfp/documents";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ArrowLeft, Check, Minus, X } from "lucide-react";
import { z } from "zod";
import { rfpActor, viewableRfp, viewerTimeZone } from "~/auth/actors.server";
import { mayOpenBoardRoom } from "~/auth/board-room.server";
import { forbidden, requireContext } from "~/auth/guards.server";
import { awardPerBoardVote, reviewProposalCommand } from "~/commands/rfps.server";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { boardMotionsForRfp, boardVoteAwards } from "~/queries/board-votes.server";
import { documentsOfProposals, listRfpProposals } from "~/queries/rfp-detail.server";
import { budgetLabel, dateLabel } from "~/queries/rfp-present.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Proposals: ${data.rfp.title} · Association Commons` : "Proposals · Association Commons" },
];

/** Only the RFP's author (or an admin) reviews its proposals. */
async function reviewer(request: Request, rfpId: string) {
  const viewer = await requireContext(request);
  const rfp = await viewableRfp(viewer, rfpId);
  const actor = rfpActor(viewer);
  if (rfp.authorId !== viewer.user.id && !actor.isAdmin) forbidden(PROPOSAL_MESSAGES.reviewAuthorOnly);
  return { viewer, rfp, actor };
}

const PRICE_POSITION = {
  below: "Below budget",
  within: "Within budget",
  above: "Above budget",
  unknown: "No budget to compare",
} as const;

/**
 * /rfps/{id}/proposals: the author's review (spec 001 section 4; issue 4 part 5). Every bid side by side
 * (price against the budget, timeline, requirements met), and shortlist, accept or reject, each a plain
 * form post. `?compare=` narrows the comparison to the chosen bids.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, rfp } = await reviewer(request, params.id ?? "");
  const tz = viewerTimeZone(viewer);
  const db = await getDb();
  const proposals = await listRfpProposals(db, rfp.id);
  const documents = await documentsOfProposals(
    db,
    proposals.map((p) => p.id),
  );
  const compare = new URL(request.url).searchParams.getAll("compare");
  const reviewable = rfp.status === "published";
  // Award per board vote (issue 12): passed motions of the RFP's association naming its proposals.
  const association = rfp.associationId;
  const passed = association && reviewable ? await boardMotionsForRfp(db, rfp.id, association) : [];
  const awards = await boardVoteAwards(db, rfp.id);
  const cited =
    association && awards.length > 0
      ? await boardMotionsForRfp(db, rfp.id, association, { motionIds: awards.map((a) => a.motionId) })
      : [];
  // A cited motion links to its minutes only for a viewer the board room of the RFP's association
  // admits (not every admin, nor an author outside its board): anyone else would follow it to a 404.
  const mayReadMinutes =
    association !== null && (passed.length > 0 || awards.length > 0)
      ? await mayOpenBoardRoom(viewer, association)
      : false;
  const minutesUrl = (meetingId: string): string | null =>
    mayReadMinutes ? meetingMinutesUrl(meetingId) : null;
  const cite = (m: (typeof passed)[number]) => ({
    motionId: m.motionId,
    motion: m.motion,
    meeting: m.meetingTitle,
    meetingDate: dateLabel(m.meetingStart, m.timeZone),
    votes: `For ${m.votesFor}, against ${m.votesAgainst}, abstain ${m.votesAbstain}`,
    minutesUrl: minutesUrl(m.meetingId),
  });
  return json({
    rfp: {
      id: rfp.id,
      title: rfp.title,
      status: rfp.status,
      budget: budgetLabel(rfp),
      hourly: rfp.budgetType === "hourly",
    },
    reviewable,
    compare,
    proposals: proposals.map((p) => {
      const met = requirementsMet(p.fields, rfp.fields);
      return {
        id: p.id,
        vendor: p.vendorName?.trim() || p.vendorEmail,
        organization: p.vendorOrganization,
        status: p.status as ProposalStatus,
        label: PROPOSAL_AUTHOR_LABELS[p.status],
        price:
          p.totalPrice === null
            ? null
            : `$${p.totalPrice.toLocaleString("en-US")}${rfp.budgetType === "hourly" ? "/hr" : ""}`,
        pricePosition:
          p.totalPrice === null ? null : PRICE_POSITION[priceAgainstBudget(p.totalPrice, rfp.fields)],
        priceAbove: p.totalPrice !== null && priceAgainstBudget(p.totalPrice, rfp.fields) === "above",
        timelineDays: p.timelineDays,
        startDate: p.proposedStartDate,
        met,
        coverLetter: p.coverLetter,
        insuranceCarrier: p.fields.insurance_carrier ?? null,
        licenseNumber: p.fields.license_number
          ? `${p.fields.license_number}${p.fields.license_state ? ` (${p.fields.license_state})` : ""}`
          : null,
        references: p.fields.references,
        documents: (documents.get(p.id) ?? []).map((d) => ({ ...d, size: formatFileSize(d.fileSize) })),
        submittedAt: dateLabel(p.submittedAt, tz),
        rejectionReason: p.rejectionReason,
        canShortlist: reviewable && p.status === "submitted",
        canDecide: reviewable && isActiveProposal(p.status),
        boardVotes:
          reviewable && isActiveProposal(p.status)
            ? passed.filter((m) => m.proposalId === p.id).map(cite)
            : [],
        awardedPerBoardVote: (() => {
          const award = awards.find((a) => a.proposalId === p.id);
          if (!award) return null;
          const motion = cited.find((m) => m.motionId === award.motionId);
          return motion ? cite(motion) : { minutesUrl: minutesUrl(award.meetingId), motion: null };
        })(),
      };
    }),
  });
}

/** The review forms of the page: one schema, told apart by their hidden intent. */
const ReviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("shortlist"), proposal_id: z.string().uuid() }),
  z.object({ intent: z.literal("accept"), proposal_id: z.string().uuid() }),
  z.object({
    intent: z.literal("award-board-vote"),
    proposal_id: z.string().uuid(),
    motion_id: z.string().uuid(),
  }),
  z.object({
    intent: z.literal("reject"),
    proposal_id: z.string().uuid(),
    reason: z
      .string()
      .trim()
      .max(1000, "The reason can be at most 1000 characters")
      .transform((v) => v || undefined)
      .optional(),
  }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  const { rfp, actor } = await reviewer(request, params.id ?? "");
  const { formData, submission } = await parseSubmission(request, ReviewSchema);
  if (submission.status !== "success") {
    const proposalId = String(formData.get("proposal_id") ?? "");
    const reasonError = submission.error?.reason?.[0];
    return json({ proposalId, error: reasonError ?? PROPOSAL_MESSAGES.notReviewable }, { status: 400 });
  }
  const value = submission.value;
  const { intent, proposal_id: proposalId } = value;
  const db = await getDb();
  const outcome =
    value.intent === "award-board-vote"
      ? await awardPerBoardVote(db, { rfpId: rfp.id, reviewer: actor, proposalId, motionId: value.motion_id })
      : await reviewProposalCommand(db, {
          rfpId: rfp.id,
          reviewer: actor,
          command:
            value.intent === "reject"
              ? { type: "Reject", proposalId, reason: value.reason ?? null }
              : { type: value.intent === "accept" ? "Accept" : "Shortlist", proposalId },
        });
  if (!outcome.ok) {
    return json(
      { proposalId, error: outcome.error.message },
      { status: domainErrorStatus(outcome.error.kind) },
    );
  }
  const message =
    intent === "award-board-vote"
      ? "Proposal awarded per board vote. The RFP is closed as awarded and the other bidders were told."
      : intent === "accept"
        ? "Proposal accepted. The RFP is closed as awarded and the other bidders were told."
        : intent === "shortlist"
          ? "Proposal shortlisted"
          : "Proposal rejected";
  return redirectWithFlash(`/rfps/${rfp.id}/proposals`, { tone: "success", message });
}

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

export default function ProposalsReview() {
  const { rfp, proposals, compare, reviewable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
      {actionData && "error" in actionData ? (
        <Alert title="That did not work">{actionData.error}</Alert>
      ) : null}
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
                    <details className="text-sm">
                      <summary
                        className={buttonClass(
                          "ghost",
                          "cursor-pointer px-3 py-1.5 text-red-700 dark:text-red-400",
                        )}
                      >
                        Reject<span className="sr-only"> {p.vendor}'s proposal</span>
                      </summary>
                      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                        <input type="hidden" name="proposal_id" value={p.id} />
                        <div>
                          <label htmlFor={`reason-${p.id}`} className="block text-xs font-medium">
                            Reason (optional, the vendor sees it)
                          </label>
                          <input
                            id={`reason-${p.id}`}
                            name="reason"
                            maxLength={1000}
                            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
                          />
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
