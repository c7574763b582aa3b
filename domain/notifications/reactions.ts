/**
 * What the RFP and proposal lifecycles tell people (issue 11, part 1.2): pure functions from the events
 * of one append to the notifications they cause. The event store writes these in the transaction that
 * records the events (db/reactions), so a committed change always has its notification and a rolled
 * back one never does. Recipients come from the events and the state of their RFP after the append,
 * never from comparing projections before and after.
 */
import type { CreditsEvent } from "../credits/events";
import type { ProposalEvent } from "../proposal/events";
import type { RfpEvent } from "../rfp/events";
import { rfpStreamId } from "../rfp/events";
import type { RfpState } from "../rfp/machine";
import type { NotificationPriority, NotificationType } from "./index";

/** One notification to write (the store adds the e-mail state from the priority). */
export interface NotificationIntent {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  priority: NotificationPriority;
  actionUrl: string;
  metadata: Record<string, unknown>;
}

/** An event of the append, with the stream it was written to and its id. */
export type AppendedEvent = (RfpEvent | ProposalEvent | CreditsEvent) & { streamId: string; eventId: string };

/** The state of a stream after the append (undefined: not known). */
export type StateOf = (streamId: string) => unknown;

/** The event types that may cause a notification. */
export const NOTIFYING_EVENT_TYPES: ReadonlySet<string> = new Set([
  "RfpProposalReceived",
  "RfpClosed",
  "RfpCancelled",
  "ProposalAccepted",
  "ProposalRejected",
]);

/** The streams whose state after the append `notificationsFor` reads: the RFP of each notifying event. */
export function streamsRead(events: readonly AppendedEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) if (NOTIFYING_EVENT_TYPES.has(e.type)) ids.add(rfpStreamId(rfpIdOf(e)));
  return [...ids];
}

function rfpIdOf(e: AppendedEvent): string {
  return (e.data as { rfpId: string }).rfpId;
}

/**
 * The notifications the events of one append cause, in event order:
 * - RfpProposalReceived: the RFP's author hears of the new proposal (high priority, e-mailed at once);
 * - ProposalAccepted: its vendor hears of the award (high);
 * - ProposalRejected by the author: its vendor hears it was not selected; rejected because another
 *   proposal won: also that the RFP was awarded and closed; rejected because the RFP was cancelled: see
 *   RfpCancelled;
 * - RfpClosed without an award (by the author or at the deadline): every vendor who bid hears it closed;
 * - RfpCancelled: every vendor who bid hears it, and those refunded in the same append that their
 *   credits came back.
 */
export function notificationsFor(events: readonly AppendedEvent[], stateOf: StateOf): NotificationIntent[] {
  const refunded = new Set(events.flatMap((e) => (e.type === "CreditsRefunded" ? [e.data.referenceId] : [])));
  const out: NotificationIntent[] = [];
  for (const e of events) {
    if (!NOTIFYING_EVENT_TYPES.has(e.type)) continue;
    const rfpId = rfpIdOf(e);
    const rfp = stateOf(rfpStreamId(rfpId)) as RfpState | undefined;
    if (!rfp || rfp.status === "new") throw new Error(`State of RFP ${rfpId} is needed to notify ${e.type}`);
    const title = rfp.fields.title;
    const vendorOf = (proposalId: string) => rfp.proposals.find((p) => p.proposalId === proposalId)?.vendorId;
    // Each notification names the event that caused it.
    const push = (n: NotificationIntent) =>
      out.push({ ...n, metadata: { ...n.metadata, event_id: e.eventId } });
    switch (e.type) {
      case "RfpProposalReceived":
        if (rfp.authorId)
          push({
            userId: rfp.authorId,
            type: "proposal_received",
            title: `New proposal: ${title}`,
            body: "A vendor submitted a proposal to your RFP.",
            priority: "high",
            actionUrl: `/rfps/${rfpId}/proposals`,
            metadata: { rfp_id: rfpId, proposal_id: e.data.proposalId },
          });
        break;
      case "ProposalAccepted": {
        const vendorId = vendorOf(e.data.proposalId);
        if (vendorId)
          push({
            userId: vendorId,
            type: "proposal_accepted",
            title: `Proposal accepted: ${title}`,
            body: "Congratulations! The author accepted your proposal.",
            priority: "high",
            actionUrl: "/rfps/my-proposals",
            metadata: { rfp_id: rfpId, proposal_id: e.data.proposalId },
          });
        break;
      }
      case "ProposalRejected": {
        const vendorId = vendorOf(e.data.proposalId);
        if (!vendorId || e.data.cause === "rfp_cancelled") break;
        push({
          userId: vendorId,
          type: "proposal_rejected",
          title: `Proposal not selected: ${title}`,
          body: "The author did not select your proposal.",
          priority: "normal",
          actionUrl: "/rfps/my-proposals",
          metadata: { rfp_id: rfpId, proposal_id: e.data.proposalId },
        });
        if (e.data.cause === "another_awarded")
          push({
            userId: vendorId,
            type: "rfp_closed",
            title: `RFP awarded: ${title}`,
            body: "This RFP was awarded to another vendor and is now closed.",
            priority: "normal",
            actionUrl: `/rfps/${rfpId}`,
            metadata: { rfp_id: rfpId },
          });
        break;
      }
      case "RfpClosed":
        if (e.data.reason === "awarded") break;
        for (const p of rfp.proposals)
          push({
            userId: p.vendorId,
            type: "rfp_closed",
            title: `RFP closed: ${title}`,
            body: "This RFP is closed and no longer accepts proposals.",
            priority: "normal",
            actionUrl: `/rfps/${rfpId}`,
            metadata: { rfp_id: rfpId, proposal_id: p.proposalId },
          });
        break;
      case "RfpCancelled":
        for (const p of rfp.proposals)
          push({
            userId: p.vendorId,
            type: "rfp_closed",
            title: `RFP cancelled: ${title}`,
            body: refunded.has(p.proposalId)
              ? "The author cancelled this RFP. The credits you spent on your proposal were refunded."
              : "The author cancelled this RFP.",
            priority: "normal",
            actionUrl: `/rfps/${rfpId}`,
            metadata: { rfp_id: rfpId, proposal_id: p.proposalId },
          });
        break;
    }
  }
  return out;
}
