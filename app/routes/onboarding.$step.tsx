import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  isOnboardingStep,
  ONBOARDING_ENTER_LABEL,
  summaryVerificationLabel,
} from "@domain/onboarding-summary";
import {
  CONTEXT_DESCRIPTIONS,
  ONBOARDING_ROLE_LABELS,
  requiresVerification,
  SELF_SERVICE_ROLE_TYPES,
  VERIFICATION_METHOD_HINTS,
  VERIFICATION_METHOD_LABELS,
  VERIFICATION_REVIEW_TIME,
  type VerificationMethod,
  verificationMethodsFor,
} from "@domain/roles";
import {
  ONBOARDING_MESSAGES,
  ONBOARDING_STEPS,
  OnboardingProfileSchema,
  type OnboardingStep,
  whatsNext,
  YEARS_EXPERIENCE_MAX,
} from "@domain/rules/onboarding";
import { ROLE_MESSAGES, RoleSchema } from "@domain/rules/roles";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
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
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { TextareaField } from "~/components/onboarding/textarea-field";
import { VerificationForm } from "~/components/onboarding/verification-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { getDb } from "~/db.server";
import { isMultipart, readForm } from "~/forms.server";
import { getOnboardingState, type OnboardingState } from "~/queries/onboarding.server";

const TITLES: Record<OnboardingStep, string> = {
  welcome: "Welcome",
  profile: "Your profile",
  role: "Your professional role",
  verification: "Verification",
  complete: "You're all set",
};

export const meta: MetaFunction<typeof loader> = ({ params }) => [
  {
    title: `${isOnboardingStep(params.step) ? TITLES[params.step] : "Onboarding"} · Get started · Association Commons`,
  },
];

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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { step, state } = await requireOnboardingStep(request, params.step);
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

type ActionData = { result?: SubmissionResult<string[]>; formError?: string };
const fail = (data: ActionData, status = 400) => json(data, { status });

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, db, step, state } = await requireOnboardingStep(request, params.step);
  const multipart = isMultipart(request);
  const form = multipart ? null : await readForm(request);
  const intent = multipart ? "submit" : String(form?.get("intent") ?? "");

  if (intent === "back") {
    const previous = ONBOARDING_STEPS[Math.max(0, stepIndex(step) - 1)] ?? "welcome";
    await setOnboardingStep(db, user.id, previous);
    return redirect(stepPath(previous));
  }

  switch (step) {
    case "welcome": {
      await setOnboardingStep(db, user.id, "profile");
      return redirect(stepPath("profile"));
    }
    case "profile": {
      const submission = parseWithZod(form ?? new FormData(), { schema: OnboardingProfileSchema });
      if (submission.status !== "success") return fail({ result: submission.reply() });
      try {
        await saveOnboardingProfile(db, user.id, submission.value);
      } catch (error) {
        console.error("onboarding profile", error);
        return fail({ result: submission.reply(), formError: ONBOARDING_MESSAGES.updateProfileFailed }, 500);
      }
      return redirect(stepPath("role"));
    }
    case "role": {
      const submission = parseWithZod(form ?? new FormData(), { schema: RoleSchema });
      if (submission.status !== "success") return fail({ result: submission.reply() });
      try {
        await saveOnboardingRole(db, user.id, submission.value);
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
      const read = await readVerificationSubmission(request, form);
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

/** Back: its own small form, so it never validates or sends the step's fields. */
function BackForm() {
  return (
    <Form method="post" id="onboarding-back" className="hidden">
      <input type="hidden" name="intent" value="back" />
    </Form>
  );
}

function BackButton() {
  return (
    <Button type="submit" form="onboarding-back" variant="secondary">
      Back
    </Button>
  );
}

function StepHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">{title}</h1>
      {intro ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{intro}</p> : null}
    </div>
  );
}

export default function OnboardingStepPage() {
  const data = useLoaderData<typeof loader>();
  switch (data.step) {
    case "welcome":
      return <WelcomeStep />;
    case "profile":
      return <ProfileStep />;
    case "role":
      return <RoleStep />;
    case "verification":
      return <VerificationStep />;
    case "complete":
      return <CompleteStep />;
  }
}

function useBusy() {
  return useNavigation().state === "submitting";
}

function WelcomeStep() {
  const busy = useBusy();
  return (
    <>
      <StepHeading
        title="Welcome to Association Commons"
        intro="The professional platform for condominium and homeowner associations. Setup takes under 5 minutes."
      />
      <ul className="mb-6 flex list-disc flex-col gap-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Connect with board members, managers, vendors and other professionals in your area.</li>
        <li>Switch between your professional contexts, each with its own role-based permissions.</li>
        <li>Work with verified professionals you can trust.</li>
      </ul>
      <Form method="post">
        <input type="hidden" name="intent" value="next" />
        <Button disabled={busy}>Get Started</Button>
      </Form>
    </>
  );
}

function ProfileStep() {
  const { profile } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const busy = useBusy();
  const [form, fields] = useForm<z.input<typeof OnboardingProfileSchema>>({
    id: "onboarding-profile",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OnboardingProfileSchema }),
    defaultValue: {
      full_name: profile.fullName ?? "",
      phone: profile.phone ?? "",
      location: profile.location ?? "",
      years_experience: profile.yearsExperience?.toString() ?? "",
      professional_summary: profile.professionalSummary ?? "",
      bio: profile.bio ?? "",
    },
  });
  return (
    <>
      <StepHeading title="Your profile" intro="Tell other professionals who you are." />
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        {actionData?.formError ? <Alert title={actionData.formError} /> : null}
        <input type="hidden" name="intent" value="continue" />
        <Field
          label="Full name"
          autoComplete="name"
          errors={fields.full_name.errors}
          {...getInputProps(fields.full_name, { type: "text" })}
        />
        <Field
          label="Phone (optional)"
          autoComplete="tel"
          errors={fields.phone.errors}
          {...getInputProps(fields.phone, { type: "tel" })}
        />
        <Field
          label="Location"
          autoComplete="address-level2"
          hint="City and state, e.g. Miami, FL."
          errors={fields.location.errors}
          {...getInputProps(fields.location, { type: "text" })}
        />
        <Field
          label="Years of experience (optional)"
          min={0}
          max={YEARS_EXPERIENCE_MAX}
          step={1}
          inputMode="numeric"
          errors={fields.years_experience.errors}
          {...getInputProps(fields.years_experience, { type: "number" })}
        />
        <TextareaField
          label="Professional summary (optional)"
          errors={fields.professional_summary.errors}
          {...getTextareaProps(fields.professional_summary)}
        />
        <TextareaField label="Bio (optional)" errors={fields.bio.errors} {...getTextareaProps(fields.bio)} />
        <div className="flex justify-between gap-3">
          <BackButton />
          <Button disabled={busy}>Continue</Button>
        </div>
      </Form>
      <BackForm />
    </>
  );
}

function RoleStep() {
  const { role, roleOptions } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const busy = useBusy();
  const [form, fields] = useForm<z.input<typeof RoleSchema>>({
    id: "onboarding-role",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RoleSchema }),
    defaultValue: role
      ? {
          role_type: role.roleType,
          title: role.title,
          organization_name: role.organizationName ?? "",
          description: role.description ?? "",
          responsibilities: role.responsibilities.join("\n"),
        }
      : undefined,
  });
  const [chosen, setChosen] = useState<string | undefined>(
    (fields.role_type.initialValue as string | undefined) ?? role?.roleType,
  );
  const homeowner = chosen === "homeowner";
  const roleError = fields.role_type.errors;
  return (
    <>
      <StepHeading
        title="Your professional role"
        intro="Choose the hat you wear. You can add more roles later and switch between them."
      />
      <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="continue" />
        <fieldset aria-describedby={roleError ? `${fields.role_type.id}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Role type</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {roleOptions.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer gap-3 rounded-md border border-slate-300 p-3 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 dark:border-slate-700 dark:has-[:checked]:bg-blue-950"
              >
                <input
                  {...getInputProps(fields.role_type, { type: "radio", value: option.value })}
                  id={`role-type-${option.value}`}
                  className="mt-1"
                  onChange={(event) => setChosen(event.currentTarget.value)}
                />
                <span>
                  <span className="block font-medium">{option.label}</span>
                  <span className="block text-slate-600 dark:text-slate-400">{option.description}</span>
                </span>
              </label>
            ))}
          </div>
          {roleError ? (
            <p id={`${fields.role_type.id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
              {roleError.join(" ")}
            </p>
          ) : null}
        </fieldset>
        <Field
          label="Job title"
          autoComplete="organization-title"
          errors={fields.title.errors}
          {...getInputProps(fields.title, { type: "text" })}
        />
        {homeowner ? null : (
          <Field
            label="Organization name"
            autoComplete="organization"
            hint={chosen ? undefined : "Not needed for Homeowner/Unit Owner."}
            errors={fields.organization_name.errors}
            {...getInputProps(fields.organization_name, { type: "text" })}
          />
        )}
        <TextareaField
          label="Description (optional)"
          errors={fields.description.errors}
          {...getTextareaProps(fields.description)}
        />
        <TextareaField
          label="Responsibilities (optional)"
          hint="One per line."
          rows={4}
          errors={fields.responsibilities.errors}
          {...getTextareaProps(fields.responsibilities)}
        />
        <div className="flex justify-between gap-3">
          <BackButton />
          <Button disabled={busy}>Continue</Button>
        </div>
      </Form>
      <BackForm />
    </>
  );
}

function VerificationStep() {
  const { role, documentCount } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const busy = useBusy();
  if (!role) return null;
  if (!role.requiresVerification) {
    return (
      <>
        <StepHeading title="Verification" />
        <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">
          Your role as {role.label} needs no verification.
        </p>
        <p className="mb-6 text-sm">
          Verification: <strong data-testid="verification-status">{role.summaryVerification}</strong>
        </p>
        <Form method="post" className="flex justify-between gap-3">
          <input type="hidden" name="intent" value="continue" />
          <BackButton />
          <Button disabled={busy}>Continue</Button>
        </Form>
        <BackForm />
      </>
    );
  }
  return (
    <>
      <StepHeading
        title="Verify your role"
        intro={`Optional. Verified professionals earn more trust; verification review takes about 1-2 business days. You can also do this later in Settings.`}
      />
      {role.status === "submitted" ? (
        <Alert tone="info" title="Already submitted">
          {`${documentCount} document(s) on file. Submitting again adds to them.`}
        </Alert>
      ) : null}
      <VerificationForm
        id="onboarding-verification"
        methods={role.methods}
        defaultMethod={role.method}
        defaultReference={role.reference}
        lastResult={actionData?.result}
        formError={actionData?.formError}
      >
        <div className="flex flex-wrap justify-between gap-3">
          <BackButton />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" form="onboarding-skip" variant="ghost">
              Skip for now
            </Button>
            <Button name="intent" value="submit" disabled={busy}>
              {busy ? "Submitting..." : "Submit for verification"}
            </Button>
          </div>
        </div>
      </VerificationForm>
      <Form method="post" id="onboarding-skip" className="hidden">
        <input type="hidden" name="intent" value="skip" />
      </Form>
      <BackForm />
    </>
  );
}

function CompleteStep() {
  const { profile, role } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const busy = useBusy();
  if (!role) return null;
  const firstName = profile.fullName?.trim().split(/\s+/)[0];
  const rows: [string, string][] = [
    ["Name", profile.fullName ?? ""],
    ["Role", `${role.label} · ${role.title}`],
    ["Organization", role.organizationName ?? "None"],
    ["Location", profile.location ?? ""],
    ["Verification", role.summaryVerification],
  ];
  return (
    <>
      <StepHeading
        title={firstName ? `Welcome aboard, ${firstName}!` : "Welcome aboard!"}
        intro="Your account is set up. Here is what you told us."
      />
      {actionData?.formError ? (
        <div className="mb-4">
          <Alert title={actionData.formError} />
        </div>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-md border border-slate-200 p-4 text-sm dark:border-slate-800">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="[overflow-wrap:anywhere]" data-testid={`summary-${label.toLowerCase()}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {role.summaryVerification === "Pending Review" ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{VERIFICATION_REVIEW_TIME}.</p>
      ) : role.requiresVerification && role.summaryVerification === "Not Required" ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          You can verify your role any time in <span className="font-medium">Settings → Verification</span>.{" "}
          {VERIFICATION_REVIEW_TIME}.
        </p>
      ) : null}
      <h2 className="mt-6 text-lg font-semibold">What's Next</h2>
      <ol className="mt-2 flex flex-col gap-2">
        {whatsNext(role.roleType).map((item, index) => (
          <li key={item.title} className="flex gap-3 text-sm">
            <span
              aria-hidden="true"
              className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-blue-100 font-semibold text-blue-800 dark:bg-blue-900 dark:text-blue-100"
            >
              {index + 1}
            </span>
            <span>
              <span className="block font-medium">{item.title}</span>
              <span className="block text-slate-600 dark:text-slate-400">{item.description}</span>
            </span>
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-8 flex justify-between gap-3">
        <input type="hidden" name="intent" value="complete" />
        <BackButton />
        <Button disabled={busy}>{ONBOARDING_ENTER_LABEL}</Button>
      </Form>
      <BackForm />
    </>
  );
}

/** Errors here get the shared screens: 4xx as such, faults with their error id and Report Issue. */
export const ErrorBoundary = RouteErrorBoundary;
