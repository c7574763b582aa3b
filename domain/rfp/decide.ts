import { transition } from "xstate";
import { accept, assertNever, type DecideContext, type Decision, reject } from "../shared";
import type { RfpEvent } from "./events";
import { PUBLISHED_EDITABLE_FIELDS, type RfpFields } from "./fields";
import { initialRfpState, type RfpState, rfpMachine, rfpSnapshot } from "./machine";
import { hasErrors, publishErrors, RFP_MESSAGES, type RfpFieldErrors } from "./rules";
import type { RfpStatus } from "./types";

/** Who is acting, as the server established it. */
export interface RfpActor {
  userId: string;
  /** An admin context (can_verify_users): may update any RFP (spec 001 section 6). */
  isAdmin: boolean;
}

export type RfpCommand =
  | {
      type: "CreateRfp";
      rfpId: string;
      actor: RfpActor;
      /** The server's answer to "may this person create RFPs?" (a verified author role with can_create_rfp). */
      mayCreate: boolean;
      authorContextId: string | null;
      fields: RfpFields;
    }
  | { type: "UpdateRfp"; actor: RfpActor; fields: RfpFields }
  | { type: "PublishRfp"; actor: RfpActor; fields?: RfpFields }
  | { type: "CloseRfp"; actor: RfpActor }
  | { type: "AutoCloseRfp" }
  | { type: "CancelRfp"; actor: RfpActor; reason: string }
  | { type: "DeleteRfp"; actor: RfpActor };

export type RfpError =
  | { kind: "authorization"; message: string }
  | { kind: "not_found"; message: string }
  | { kind: "validation"; message: string; fieldErrors?: RfpFieldErrors }
  | { kind: "business_rule"; message: string };

/** Folds one event; the machine owns the transition. An event it refuses changes nothing. */
export function evolve(state: RfpState, event: RfpEvent): RfpState {
  const [next] = transition(rfpMachine, rfpSnapshot(state), event);
  return { ...next.context, status: next.value as RfpState["status"] };
}

export function fold(events: readonly RfpEvent[], state: RfpState = initialRfpState): RfpState {
  return events.reduce(evolve, state);
}

/** Whether `actor` may change this RFP: its author, or an admin. */
export const mayUpdate = (state: RfpState, actor: RfpActor) =>
  actor.isAdmin || state.authorId === actor.userId;

/** The published fields that differ from `fields`, split into editable changes and locked ones. */
function publishedChanges(current: RfpFields, next: RfpFields) {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const editable = new Set<string>(PUBLISHED_EDITABLE_FIELDS);
  const changes: Partial<Pick<RfpFields, (typeof PUBLISHED_EDITABLE_FIELDS)[number]>> = {};
  let locked = false;
  for (const key of Object.keys(next) as (keyof RfpFields)[]) {
    if (same(current[key], next[key])) continue;
    if (editable.has(key)) (changes as Record<string, unknown>)[key] = next[key];
    else locked = true;
  }
  return { changes, locked };
}

const active = (s: RfpState["status"]): s is RfpStatus => s !== "new";

/** Decides what an RFP command yields against the RFP's current state. */
export function decide(
  state: RfpState,
  command: RfpCommand,
  ctx: DecideContext,
): Decision<RfpEvent, RfpError> {
  if (command.type !== "CreateRfp" && (!active(state.status) || state.deleted || !state.rfpId)) {
    return reject({ kind: "not_found", message: RFP_MESSAGES.notFound });
  }
  const rfpId = state.rfpId as string;
  const snapshot = rfpSnapshot(state);
  const refuse = (message: string) => reject({ kind: "business_rule" as const, message });

  switch (command.type) {
    case "CreateRfp": {
      if (state.status !== "new") return refuse("This RFP already exists");
      if (!command.mayCreate)
        return reject({ kind: "authorization", message: RFP_MESSAGES.notAuthorizedCreate });
      if (!command.fields.title) {
        return reject({
          kind: "validation",
          message: RFP_MESSAGES.draftTitleRequired,
          fieldErrors: { title: [RFP_MESSAGES.draftTitleRequired] },
        });
      }
      return accept([
        {
          type: "RfpDrafted",
          data: {
            rfpId: command.rfpId,
            authorId: command.actor.userId,
            authorContextId: command.authorContextId,
            fields: command.fields,
            draftedAt: ctx.now,
          },
        },
      ]);
    }
    case "UpdateRfp": {
      if (!mayUpdate(state, command.actor))
        return reject({ kind: "authorization", message: RFP_MESSAGES.notAuthorizedUpdate });
      if (state.status === "draft") {
        if (!command.fields.title) {
          return reject({
            kind: "validation",
            message: RFP_MESSAGES.draftTitleRequired,
            fieldErrors: { title: [RFP_MESSAGES.draftTitleRequired] },
          });
        }
        return accept([
          {
            type: "RfpDraftUpdated",
            data: { rfpId, fields: command.fields, updatedBy: command.actor.userId, updatedAt: ctx.now },
          },
        ]);
      }
      if (state.status !== "published") return refuse(RFP_MESSAGES.alreadyEnded);
      const { changes, locked } = publishedChanges(state.fields, command.fields);
      if (locked) return refuse(RFP_MESSAGES.coreFieldsLocked);
      const merged = { ...state.fields, ...changes };
      if (
        merged.project_start_date &&
        merged.project_end_date &&
        merged.project_end_date < merged.project_start_date
      ) {
        return reject({
          kind: "validation",
          message: RFP_MESSAGES.endAfterStart,
          fieldErrors: { project_end_date: [RFP_MESSAGES.endAfterStart] },
        });
      }
      if ((merged.description ?? "").length < 20) {
        return reject({
          kind: "validation",
          message: RFP_MESSAGES.descriptionMin,
          fieldErrors: { description: [RFP_MESSAGES.descriptionMin] },
        });
      }
      if (Object.keys(changes).length === 0) return accept([]);
      return accept([
        {
          type: "RfpDetailsUpdated",
          data: { rfpId, changes, updatedBy: command.actor.userId, updatedAt: ctx.now },
        },
      ]);
    }
    case "PublishRfp": {
      if (!mayUpdate(state, command.actor))
        return reject({ kind: "authorization", message: RFP_MESSAGES.notAuthorizedUpdate });
      if (state.status !== "draft") return refuse(RFP_MESSAGES.notDraft);
      const fields = command.fields ?? state.fields;
      const errors = publishErrors(fields, ctx.now);
      if (hasErrors(errors)) {
        return reject({ kind: "validation", message: RFP_MESSAGES.completeRequired, fieldErrors: errors });
      }
      const event: RfpEvent = {
        type: "RfpPublished",
        data: { rfpId, fields, publishedBy: command.actor.userId, publishedAt: ctx.now },
      };
      return snapshot.can(event) ? accept([event]) : refuse(RFP_MESSAGES.publishFailed);
    }
    case "CloseRfp":
    case "AutoCloseRfp": {
      if (command.type === "CloseRfp" && !mayUpdate(state, command.actor))
        return reject({ kind: "authorization", message: RFP_MESSAGES.notAuthorizedUpdate });
      if (command.type === "AutoCloseRfp") {
        // The periodic job: only published RFPs that asked for it, once their deadline has passed.
        const deadline = state.fields.proposal_deadline;
        const due =
          state.status === "published" &&
          state.fields.auto_close_enabled &&
          deadline !== undefined &&
          Date.parse(deadline) <= Date.parse(ctx.now);
        if (!due) return accept([]);
      }
      if (state.status !== "published") return refuse(RFP_MESSAGES.notPublished);
      return accept([
        {
          type: "RfpClosed",
          data: {
            rfpId,
            reason: command.type === "AutoCloseRfp" ? "deadline" : "closed_by_author",
            awardedProposalId: null,
            closedBy: command.type === "CloseRfp" ? command.actor.userId : null,
            closedAt: ctx.now,
          },
        },
      ]);
    }
    case "CancelRfp": {
      if (!mayUpdate(state, command.actor))
        return reject({ kind: "authorization", message: RFP_MESSAGES.notAuthorizedUpdate });
      if (state.status !== "published") return refuse(RFP_MESSAGES.notPublished);
      const reason = command.reason.trim();
      if (!reason) {
        return reject({
          kind: "validation",
          message: RFP_MESSAGES.cancelReasonRequired,
          fieldErrors: { form: [RFP_MESSAGES.cancelReasonRequired] },
        });
      }
      return accept([
        {
          type: "RfpCancelled",
          data: { rfpId, reason, cancelledBy: command.actor.userId, cancelledAt: ctx.now },
        },
      ]);
    }
    case "DeleteRfp": {
      if (!mayUpdate(state, command.actor))
        return reject({ kind: "authorization", message: RFP_MESSAGES.notAuthorizedUpdate });
      if (state.status === "published") return refuse(RFP_MESSAGES.deleteOnlyInactive);
      return accept([
        { type: "RfpDeleted", data: { rfpId, deletedBy: command.actor.userId, deletedAt: ctx.now } },
      ]);
    }
    default:
      return assertNever(command);
  }
}
