import { transition } from "xstate";
import {
  accept,
  assertNever,
  type DecideContext,
  type Decision,
  LifecycleViolation,
  reject,
} from "../shared";
import type { RfpEvent } from "./events";
import { editOutcome, PUBLISHED_EDITABLE_FIELDS, type RfpFields } from "./fields";
import { initialRfpState, type RfpState, rfpMachine, rfpSnapshot } from "./machine";
import {
  hasErrors,
  publishErrors,
  publishedDetailsErrors,
  RFP_MESSAGES,
  type RfpFieldErrors,
  stepErrors,
} from "./rules";
import type { RfpStatus, RfpWizardStepId } from "./types";

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
      /** Next in the wizard: this step's rules must hold, or nothing is saved. */
      checkStep?: RfpWizardStepId;
    }
  | {
      type: "UpdateRfp";
      actor: RfpActor;
      /** The fields the form posted (one wizard step, or the editable details of a published RFP). */
      fields: Partial<RfpFields>;
      /**
       * The same fields as the form showed them (at the stream version it was rendered from). Only a
       * field that differs from its base is a change; omitted: the current values are the base.
       */
      base?: Partial<RfpFields>;
      /** Next in the wizard: this step's rules must hold on the merged fields, or nothing is saved. */
      checkStep?: RfpWizardStepId;
    }
  | { type: "PublishRfp"; actor: RfpActor }
  | { type: "CloseRfp"; actor: RfpActor }
  | { type: "AutoCloseRfp" }
  | { type: "CancelRfp"; actor: RfpActor; reason: string }
  | { type: "DeleteRfp"; actor: RfpActor };

export type RfpError =
  | { kind: "authorization"; message: string }
  | { kind: "not_found"; message: string }
  | { kind: "validation"; message: string; fieldErrors?: RfpFieldErrors }
  | { kind: "business_rule"; message: string }
  /** Someone else changed a field this edit changes, since the form was rendered. */
  | { kind: "conflict"; message: string; fields: (keyof RfpFields)[] };

/**
 * Folds one recorded event; the machine owns the transition. Total: an event the machine does not allow
 * from this state is never ignored, it throws LifecycleViolation (the stream is corrupt).
 */
export function evolve(state: RfpState, event: RfpEvent): RfpState {
  const snapshot = rfpSnapshot(state);
  if (!snapshot.can(event)) throw new LifecycleViolation("rfp", event.type, state.status);
  const [next] = transition(rfpMachine, snapshot, event);
  return { ...next.context, status: next.value as RfpState["status"] };
}

export function fold(events: readonly RfpEvent[], state: RfpState = initialRfpState): RfpState {
  return events.reduce(evolve, state);
}

/** Whether `actor` may change this RFP: its author, or an admin. */
export const mayUpdate = (state: RfpState, actor: RfpActor) =>
  actor.isAdmin || state.authorId === actor.userId;

const titleRequired = () =>
  reject({
    kind: "validation" as const,
    message: RFP_MESSAGES.draftTitleRequired,
    fieldErrors: { title: [RFP_MESSAGES.draftTitleRequired] },
  });

/** The rules of the wizard step being left with Next, on the fields as they would be saved. */
function checkStep(step: RfpWizardStepId | undefined, fields: RfpFields, now: string) {
  if (!step) return null;
  const errors = stepErrors(step, fields, now);
  return hasErrors(errors)
    ? reject({ kind: "validation" as const, message: RFP_MESSAGES.saveFailed, fieldErrors: errors })
    : null;
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
      if (!command.fields.title) return titleRequired();
      const stepRefusal = checkStep(command.checkStep, command.fields, ctx.now);
      if (stepRefusal) return stepRefusal;
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
      if (state.status !== "draft" && state.status !== "published") return refuse(RFP_MESSAGES.alreadyEnded);
      const { changes, conflicts } = editOutcome(state.fields, {
        submitted: command.fields,
        base: command.base ?? state.fields,
      });
      if (conflicts.length > 0)
        return reject({ kind: "conflict", message: RFP_MESSAGES.editConflict, fields: conflicts });
      const merged: RfpFields = { ...state.fields, ...changes };
      const changed = Object.keys(changes).length > 0;
      if (state.status === "draft") {
        if (!merged.title) return titleRequired();
        const stepRefusal = checkStep(command.checkStep, merged, ctx.now);
        if (stepRefusal) return stepRefusal;
        if (!changed) return accept([]);
        return accept([
          {
            type: "RfpDraftUpdated",
            data: { rfpId, fields: merged, updatedBy: command.actor.userId, updatedAt: ctx.now },
          },
        ]);
      }
      const editable = new Set<string>(PUBLISHED_EDITABLE_FIELDS);
      if (Object.keys(changes).some((k) => !editable.has(k))) return refuse(RFP_MESSAGES.coreFieldsLocked);
      const detailErrors = publishedDetailsErrors(merged, ctx.now);
      if (hasErrors(detailErrors)) {
        const message = Object.values(detailErrors).flat()[0] ?? RFP_MESSAGES.completeRequired;
        return reject({ kind: "validation", message, fieldErrors: detailErrors });
      }
      if (!changed) return accept([]);
      return accept([
        {
          type: "RfpDetailsUpdated",
          data: {
            rfpId,
            changes: changes as Pick<RfpFields, (typeof PUBLISHED_EDITABLE_FIELDS)[number]>,
            updatedBy: command.actor.userId,
            updatedAt: ctx.now,
          },
        },
      ]);
    }
    case "PublishRfp": {
      if (!mayUpdate(state, command.actor))
        return reject({ kind: "authorization", message: RFP_MESSAGES.notAuthorizedUpdate });
      if (state.status !== "draft") return refuse(RFP_MESSAGES.notDraft);
      const fields = state.fields;
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
      const closed: RfpEvent = {
        type: "RfpClosed",
        data: {
          rfpId,
          reason: command.type === "AutoCloseRfp" ? "deadline" : "closed_by_author",
          awardedProposalId: null,
          closedBy: command.type === "CloseRfp" ? command.actor.userId : null,
          closedAt: ctx.now,
        },
      };
      // The machine owns which states may close.
      return snapshot.can(closed) ? accept([closed]) : refuse(RFP_MESSAGES.notPublished);
    }
    case "CancelRfp": {
      if (!mayUpdate(state, command.actor))
        return reject({ kind: "authorization", message: RFP_MESSAGES.notAuthorizedUpdate });
      const reason = command.reason.trim();
      const cancelled: RfpEvent = {
        type: "RfpCancelled",
        data: { rfpId, reason, cancelledBy: command.actor.userId, cancelledAt: ctx.now },
      };
      if (!snapshot.can(cancelled)) return refuse(RFP_MESSAGES.notPublished);
      if (!reason) {
        return reject({
          kind: "validation",
          message: RFP_MESSAGES.cancelReasonRequired,
          fieldErrors: { form: [RFP_MESSAGES.cancelReasonRequired] },
        });
      }
      return accept([cancelled]);
    }
    case "DeleteRfp": {
      if (!mayUpdate(state, command.actor))
        return reject({ kind: "authorization", message: RFP_MESSAGES.notAuthorizedUpdate });
      const deleted: RfpEvent = {
        type: "RfpDeleted",
        data: { rfpId, deletedBy: command.actor.userId, deletedAt: ctx.now },
      };
      return snapshot.can(deleted) ? accept([deleted]) : refuse(RFP_MESSAGES.deleteOnlyInactive);
    }
    default:
      return assertNever(command);
  }
}
