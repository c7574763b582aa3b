import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { isOnboardingStep, summaryVerificationLabel } from "@domain/onboarding-summary";
import {
  CONTEXT_DESCRIPTIONS,
  ONBOARDING_ROLE_LABELS,
  requiresVerification,
  SELF_SERVICE_ROLE_TYPES,
  VERIFICATION_METHOD_HINTS,
  VERIFICATION_METHOD_LABELS,
  type VerificationMethod,
  verificationMethodsFor,
} from "@domain/roles";
import type { RoleType } from "@domain/roles/types";
import {
  ONBOARDING_MESSAGES,
  ONBOARDING_STEPS,
  OnboardingProfileSchema,
  type OnboardingStep,
} from "@domain/rules/onboarding";
import { ROLE_MESSAGES, refineRole, roleFields, roleType, toRoleInput } from "@domain/rules/roles";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "~/auth/session.server";
import {
  completeOnboarding,
  saveOnboardingProfile,
  saveOnboardingRole,
  setOnboardingStep,
} from "~/commands/onboarding.server";
import {
  isSubmittable,
  readVerificationSubmission,
  submitVerification,
} from "~/commands/verification.server";
import { getDb } from "~/db.server";
import { isMultipart, readForm } from "~/forms.server";
import { getOnboardingState, type OnboardingState } from "~/queries/onboarding.server";

/**
 * The onboarding steps' loader and action (spec 000 section 5): one page per step, each a plain form
 * post, so onboarding works without JavaScript.
 */

const stepIndex = (step: OnboardingStep) => ONBOARDING_STEPS.indexOf(step);
const stepPath = (step: OnboardingStep) => `/onboarding/${step}`;

/**
 * The signed-in person and their onboarding state, for a step they may be on: never past the saved
 * step (no skipping ahead), never the verification or complete step without a role, never after
 * onboarding is complete.
 */
async function requireOnboardingStep(request: Request, param: string | undefined) {
  const user = await requireUser(request);
  if (!isOnboardingStep(param)) throw new Response("Not found", { status: 404 });
  const db = await getDb();
  const state = await getOnboardingState(db, user.id);
  if (!state) throw new Response("Profile not found", { status: 404 });
  if (state.completed) throw redirect("/dashboard");
  if (stepIndex(param) > stepIndex(state.step)) throw redirect(stepPath(state.step));
  if ((param === "verification" || param === "complete") && !state.role) throw redirect(stepPath("role"));
  return { user, db, step: param, state: state as OnboardingState };
}

export async function onboardingLoader(request: Request, param: string | undefined) {
  const { step, state } = await requireOnboardingStep(request, param);
  const role = state.role;
  return json({
    step,
    profile: state.profile,
    role: role && {
      roleType: role.roleType,
      label: ONBOARDING_ROLE_LABELS[role.roleType],
      title: role.title,
      organizationName: role.organizationName,
      description: role.description,
      responsibilities: role.responsibilities,
      status: role.verificationStatus,
      method: role.verificationMethod as VerificationMethod | null,
      reference: role.verificationReference,
      requiresVerification: requiresVerification(role.roleType),
      methods: verificationMethodsFor(role.roleType).map((m) => ({
        value: m,
        label: VERIFICATION_METHOD_LABELS[m],
        hint: VERIFICATION_METHOD_HINTS[m],
      })),
      summaryVerification: summaryVerificationLabel(role.roleType, role.verificationStatus),
    },
    documentCount: state.documentCount,
    roleOptions: SELF_SERVICE_ROLE_TYPES.map((t) => ({
      value: t,
      label: ONBOARDING_ROLE_LABELS[t],
      description: CONTEXT_DESCRIPTIONS[t],
    })),
  });
}

export type OnboardingActionData = { result?: SubmissionResult<string[]>; formError?: string };
const fail = (data: OnboardingActionData, status = 400) => json(data, { status });

/**
 * Each step's forms as one schema, told apart by `intent`: Back (every step), and the step's own form.
 * The verification documents are a multipart post read by readVerificationSubmission (its schema and
 * the files' checks), once the role is known to be open for verification.
 */
const BACK = z.object({ intent: z.literal("back") });
export const WelcomeStepSchema = z.discriminatedUnion("intent", [
  BACK,
  z.object({ intent: z.literal("next") }),
]);
export const ProfileStepSchema = z.discriminatedUnion("intent", [
  BACK,
  OnboardingProfileSchema.extend({ intent: z.literal("continue") }),
]);
export const RoleStepSchema = z
  .discriminatedUnion("intent", [
    BACK,
    z.object({ intent: z.literal("continue"), role_type: roleType, ...roleFields }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent === "continue") refineRole(value, ctx);
  });
export const VerificationStepSchema = z.discriminatedUnion("intent", [
  BACK,
  // A role that needs no verification goes on; one that does may skip it (verify later in settings).
  z.object({ intent: z.literal("continue") }),
  z.object({ intent: z.literal("skip") }),
  z.object({ intent: z.literal("submit") }),
]);
export const CompleteStepSchema = z.discriminatedUnion("intent", [
  BACK,
  z.object({ intent: z.literal("complete") }),
]);

export async function onboardingAction(request: Request, param: string | undefined) {
  const { user, db, step, state } = await requireOnboardingStep(request, param);
  const back = async () => {
    const previous = ONBOARDING_STEPS[Math.max(0, stepIndex(step) - 1)] ?? "welcome";
    await setOnboardingStep(db, user.id, previous);
    return redirect(stepPath(previous));
  };
  // The documents' form is multipart (its one submit); every other form is url-encoded.
  const multipart = step === "verification" && isMultipart(request);
  const formData = multipart ? null : await readForm(request);

  switch (step) {
    case "welcome": {
      const submission = parseWithZod(formData ?? new FormData(), { schema: WelcomeStepSchema });
      if (submission.status !== "success") return fail({ result: submission.reply() });
      if (submission.value.intent === "back") return back();
      await setOnboardingStep(db, user.id, "profile");
      return redirect(stepPath("profile"));
    }
    case "profile": {
      const submission = parseWithZod(formData ?? new FormData(), { schema: ProfileStepSchema });
      if (submission.status !== "success") return fail({ result: submission.reply() });
      if (submission.value.intent === "back") return back();
      const { intent: _intent, ...profile } = submission.value;
      try {
        await saveOnboardingProfile(db, user.id, profile);
      } catch (error) {
        console.error("onboarding profile", error);
        return fail({ result: submission.reply(), formError: ONBOARDING_MESSAGES.updateProfileFailed }, 500);
      }
      return redirect(stepPath("role"));
    }
    case "role": {
      const submission = parseWithZod(formData ?? new FormData(), { schema: RoleStepSchema });
      if (submission.status !== "success") return fail({ result: submission.reply() });
      if (submission.value.intent === "back") return back();
      const { intent: _intent, role_type, ...fields } = submission.value;
      try {
        await saveOnboardingRole(db, user.id, toRoleInput(role_type as RoleType, fields));
      } catch (error) {
        console.error("onboarding role", error);
        return fail(
          { result: submission.reply({ fieldErrors: { role_type: [ROLE_MESSAGES.saveFailed] } }) },
          500,
        );
      }
      return redirect(stepPath("verification"));
    }
    case "verification": {
      let intent: "back" | "continue" | "skip" | "submit" = "submit";
      if (formData) {
        const submission = parseWithZod(formData, { schema: VerificationStepSchema });
        if (submission.status !== "success") return fail({ result: submission.reply() });
        intent = submission.value.intent;
      }
      if (intent === "back") return back();
      const role = state.role;
      if (!role) return redirect(stepPath("role"));
      if (!requiresVerification(role.roleType) || intent === "skip" || intent === "continue") {
        // Verification is optional: skipping leaves the role pending, to verify later in settings.
        await setOnboardingStep(db, user.id, "complete");
        return redirect(stepPath("complete"));
      }
      // Authorized before the documents are read (issue 11, part 2.4): a role no longer open for
      // verification is refused with its upload unread.
      if (!isSubmittable(role.verificationStatus)) {
        return fail({ formError: ONBOARDING_MESSAGES.submitVerificationFailed }, 409);
      }
      const read = await readVerificationSubmission(request, formData);
      if (!read.value) return fail({ result: read.errorReply ?? undefined });
      try {
        await submitVerification(db, user.id, role.id, read.value, read.accepted);
        await setOnboardingStep(db, user.id, "complete");
      } catch (error) {
        console.error("onboarding verification", error);
        return fail({ result: read.reply(), formError: ONBOARDING_MESSAGES.submitVerificationFailed }, 500);
      }
      return redirect(stepPath("complete"));
    }
    case "complete": {
      const submission = parseWithZod(formData ?? new FormData(), { schema: CompleteStepSchema });
      if (submission.status !== "success") return fail({ result: submission.reply() });
      if (submission.value.intent === "back") return back();
      try {
        await completeOnboarding(db, user.id);
      } catch (error) {
        console.error("onboarding complete", error);
        return fail({ formError: ONBOARDING_MESSAGES.completeFailed }, 500);
      }
      return redirect("/dashboard");
    }
  }
}
