import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { isOnboardingStep, ONBOARDING_ENTER_LABEL } from "@domain/onboarding-summary";
import { VERIFICATION_REVIEW_TIME } from "@domain/roles";
import type { OnboardingProfileSchema } from "@domain/rules/onboarding";
import { type OnboardingStep, whatsNext, YEARS_EXPERIENCE_MAX } from "@domain/rules/onboarding-steps";
import type { RoleSchema } from "@domain/rules/roles";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { TextareaField } from "~/components/onboarding/textarea-field";
import { VerificationForm } from "~/components/onboarding/verification-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import {
  type OnboardingActionData,
  onboardingAction,
  onboardingLoader,
} from "~/routes/onboarding.$step.server";

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

export const loader = ({ request, params }: LoaderFunctionArgs) => onboardingLoader(request, params.step);

export const action = ({ request, params }: ActionFunctionArgs) => onboardingAction(request, params.step);

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
  const actionData = useActionData<OnboardingActionData>();
  const busy = useBusy();
  const [form, fields] = useForm<z.input<typeof OnboardingProfileSchema>>({
    id: "onboarding-profile",
    lastResult: actionData?.result,
    // Checked on the server only (decision 056): the step's errors come back in lastResult.
    shouldValidate: "onSubmit",
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
  const actionData = useActionData<OnboardingActionData>();
  const busy = useBusy();
  const [form, fields] = useForm<z.input<typeof RoleSchema>>({
    id: "onboarding-role",
    lastResult: actionData?.result,
    // Checked on the server only (decision 056): the step's errors come back in lastResult.
    shouldValidate: "onSubmit",
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
  const actionData = useActionData<OnboardingActionData>();
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
  const actionData = useActionData<OnboardingActionData>();
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
