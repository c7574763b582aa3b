import { assign, setup } from "xstate";
import type { CreditsEvent } from "./events";
import { LOW_CREDIT_THRESHOLD } from "./status";

/**
 * The state of one vendor's credit account, folded from its events.
 * Invariant: balance = lifetimeEarned - lifetimeSpent, and balance >= 0.
 * lifetimeEarned counts purchased, bonus and refunded credits; lifetimeSpent counts spent credits.
 */
export interface CreditsState {
  balance: number;
  lifetimeEarned: number;
  lifetimeSpent: number;
  lifetimeRefunded: number;
  /** Checkout sessions already credited: a purchase is applied once per session. */
  appliedCheckoutSessions: string[];
  /** Spend references already refunded: a spend is refunded at most once. */
  refundedReferences: string[];
}

export const initialCreditsState: CreditsState = {
  balance: 0,
  lifetimeEarned: 0,
  lifetimeSpent: 0,
  lifetimeRefunded: 0,
  appliedCheckoutSessions: [],
  refundedReferences: [],
};

const earn = (ctx: CreditsState, amount: number): Partial<CreditsState> => ({
  balance: ctx.balance + amount,
  lifetimeEarned: ctx.lifetimeEarned + amount,
});

/**
 * The credit account lifecycle: empty (0), low (1 to 5), good (above 5).
 * The machine's events are the domain events; its guards are the business rules a new event must pass.
 * Every accepted event goes through `settling`, which routes to the status the new balance implies.
 */
export const creditsMachine = setup({
  types: {
    context: {} as CreditsState,
    events: {} as CreditsEvent,
    input: {} as CreditsState,
  },
  guards: {
    checkoutNotYetApplied: ({ context, event }) =>
      event.type === "CreditsPurchased" &&
      !context.appliedCheckoutSessions.includes(event.data.checkoutSessionId),
    hasEnoughCredits: ({ context, event }) =>
      event.type === "CreditsSpent" && context.balance >= event.data.amount,
    refundable: ({ context, event }) =>
      event.type === "CreditsRefunded" &&
      !context.refundedReferences.includes(event.data.referenceId) &&
      context.lifetimeRefunded + event.data.amount <= context.lifetimeSpent,
    isEmpty: ({ context }) => context.balance <= 0,
    isLow: ({ context }) => context.balance <= LOW_CREDIT_THRESHOLD,
  },
  actions: {
    applyPurchase: assign(({ context, event }) => {
      if (event.type !== "CreditsPurchased") return {};
      return {
        ...earn(context, event.data.credits + event.data.bonusCredits),
        appliedCheckoutSessions: [...context.appliedCheckoutSessions, event.data.checkoutSessionId],
      };
    }),
    applyBonus: assign(({ context, event }) =>
      event.type === "CreditsBonusGranted" ? earn(context, event.data.amount) : {},
    ),
    applyRefund: assign(({ context, event }) => {
      if (event.type !== "CreditsRefunded") return {};
      return {
        ...earn(context, event.data.amount),
        lifetimeRefunded: context.lifetimeRefunded + event.data.amount,
        refundedReferences: [...context.refundedReferences, event.data.referenceId],
      };
    }),
    applySpend: assign(({ context, event }) =>
      event.type === "CreditsSpent"
        ? {
            balance: context.balance - event.data.amount,
            lifetimeSpent: context.lifetimeSpent + event.data.amount,
          }
        : {},
    ),
  },
}).createMachine({
  id: "credits",
  context: ({ input }) => input,
  initial: "settling",
  on: {
    CreditsPurchased: { guard: "checkoutNotYetApplied", target: ".settling", actions: "applyPurchase" },
    CreditsBonusGranted: { target: ".settling", actions: "applyBonus" },
    CreditsRefunded: { guard: "refundable", target: ".settling", actions: "applyRefund" },
  },
  states: {
    settling: {
      always: [{ guard: "isEmpty", target: "empty" }, { guard: "isLow", target: "low" }, { target: "good" }],
    },
    // No CreditsSpent transition: nothing can be spent from an empty account.
    empty: {},
    low: {
      on: { CreditsSpent: { guard: "hasEnoughCredits", target: "settling", actions: "applySpend" } },
    },
    good: {
      on: { CreditsSpent: { guard: "hasEnoughCredits", target: "settling", actions: "applySpend" } },
    },
  },
});
