import { transition } from "xstate";
import {
  accept,
  assertNever,
  type DecideContext,
  type Decision,
  LifecycleViolation,
  reject,
} from "../shared";
import type { CreditsEvent } from "./events";
import { type CreditsState, creditsMachine, initialCreditsState } from "./machine";
import type { CreditPackage } from "./packages";
import { creditStatus, DEFAULT_PROPOSAL_CREDIT_COST } from "./status";

export type CreditsCommand =
  | {
      type: "PurchaseCredits";
      vendorId: string;
      checkoutSessionId: string;
      package: CreditPackage;
      amountPaid: number;
      currency: string;
    }
  | {
      type: "SpendCredits";
      vendorId: string;
      amount?: number;
      referenceId: string;
      description: string;
    }
  | {
      type: "RefundCredits";
      vendorId: string;
      amount: number;
      referenceId: string;
      reason: string;
    }
  | {
      type: "GrantBonusCredits";
      vendorId: string;
      amount: number;
      reason: string;
      grantedBy: string | null;
    };

export type CreditsError =
  | { kind: "insufficient_credits"; message: string; balance: number; required: number }
  | { kind: "validation"; message: string }
  | { kind: "business_rule"; message: string };

export const INSUFFICIENT_CREDITS_MESSAGE = "Insufficient credits";

/** The machine snapshot at a given folded state. */
function snapshotOf(state: CreditsState) {
  return creditsMachine.resolveState({ value: creditStatus(state.balance), context: state });
}

/**
 * Folds one recorded event into the state; the machine owns the transition. Total: an event the machine
 * does not allow (a spend beyond the balance, a second purchase of one checkout session, a refund of
 * more than was spent) throws LifecycleViolation (the stream is corrupt), it is never ignored.
 */
export function evolve(state: CreditsState, event: CreditsEvent): CreditsState {
  const snapshot = snapshotOf(state);
  if (!snapshot.can(event)) throw new LifecycleViolation("credits", event.type, snapshot.value as string);
  const [next] = transition(creditsMachine, snapshot, event);
  return next.context;
}

export function fold(
  events: readonly CreditsEvent[],
  state: CreditsState = initialCreditsState,
): CreditsState {
  return events.reduce(evolve, state);
}

const isPositiveInt = (n: number) => Number.isInteger(n) && n > 0;

/** Decides what a credits command yields against the current state of the vendor's credit stream. */
export function decide(
  state: CreditsState,
  command: CreditsCommand,
  ctx: DecideContext,
): Decision<CreditsEvent, CreditsError> {
  const snapshot = snapshotOf(state);
  switch (command.type) {
    case "PurchaseCredits": {
      const pkg = command.package;
      const event: CreditsEvent = {
        type: "CreditsPurchased",
        data: {
          vendorId: command.vendorId,
          checkoutSessionId: command.checkoutSessionId,
          packageId: pkg.id,
          packageName: pkg.name,
          credits: pkg.credits,
          bonusCredits: pkg.bonus_credits,
          amountPaid: command.amountPaid,
          currency: command.currency.toLowerCase(),
          purchasedAt: ctx.now,
        },
      };
      // A checkout session that was already credited is a repeat delivery: nothing new happens.
      return snapshot.can(event) ? accept([event]) : accept([]);
    }
    case "SpendCredits": {
      const amount = command.amount ?? DEFAULT_PROPOSAL_CREDIT_COST;
      if (!isPositiveInt(amount)) {
        return reject({ kind: "validation", message: "Credit amount must be a positive whole number" });
      }
      const event: CreditsEvent = {
        type: "CreditsSpent",
        data: {
          vendorId: command.vendorId,
          amount,
          referenceId: command.referenceId,
          referenceType: "proposal_submission",
          description: command.description,
          spentAt: ctx.now,
        },
      };
      if (!snapshot.can(event)) {
        return reject({
          kind: "insufficient_credits",
          message: INSUFFICIENT_CREDITS_MESSAGE,
          balance: state.balance,
          required: amount,
        });
      }
      return accept([event]);
    }
    case "RefundCredits": {
      if (!isPositiveInt(command.amount)) {
        return reject({ kind: "validation", message: "Credit amount must be a positive whole number" });
      }
      if (state.refundedReferences.includes(command.referenceId)) return accept([]);
      const event: CreditsEvent = {
        type: "CreditsRefunded",
        data: {
          vendorId: command.vendorId,
          amount: command.amount,
          referenceId: command.referenceId,
          referenceType: "proposal_submission",
          reason: command.reason,
          refundedAt: ctx.now,
        },
      };
      if (!snapshot.can(event)) {
        return reject({ kind: "business_rule", message: "Cannot refund more credits than were spent" });
      }
      return accept([event]);
    }
    case "GrantBonusCredits": {
      if (!isPositiveInt(command.amount)) {
        return reject({ kind: "validation", message: "Credit amount must be a positive whole number" });
      }
      const reason = command.reason.trim();
      if (reason.length === 0) return reject({ kind: "validation", message: "A reason is required" });
      return accept([
        {
          type: "CreditsBonusGranted",
          data: {
            vendorId: command.vendorId,
            amount: command.amount,
            reason,
            grantedBy: command.grantedBy,
            grantedAt: ctx.now,
          },
        },
      ]);
    }
    default:
      return assertNever(command);
  }
}
