import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ProfileUpdateSchema } from "@domain/rules/profile";
import { PROFILE_LIMITS } from "@domain/rules/profile-limits";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { updateProfile } from "~/commands/profile.server";
import { CheckboxField, SelectField, SettingsSection, TextareaField } from "~/components/settings/controls";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { readForm } from "~/forms.server";
import { getEditableProfile } from "~/queries/profile.server";
import {
  PROFILE_FAILED,
  PROFILE_UPDATED_MESSAGE,
  parseProfileForm,
  profileLimitMessage,
  profileRateLimit,
} from "./_app.settings.account.server";

export const meta: MetaFunction = () => [{ title: "Account · Settings · Association Commons" }];

/** Every time zone the server knows, for the select (rendered from the loader, so both sides agree). */
function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const profile = await getEditableProfile(await getDb(), user.id);
  if (!profile) throw new Response("Profile not found", { status: 404 });
  return json({ profile, timeZones: timeZones() });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const submission = parseProfileForm(formData);
  if (submission.status !== "success") {
    return json(
      {
        result: submission.reply(),
        formError: PROFILE_FAILED,
      },
      { status: 400 },
    );
  }
  const limit = await profileRateLimit(user.id);
  if (!limit.allowed) {
    const message = profileLimitMessage(limit.retryAfter);
    return json(
      {
        result: submission.reply({ formErrors: [message] }),
        formError: { title: PROFILE_FAILED.title, message },
      },
      { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
    );
  }
  await updateProfile(await getDb(), user.id, submission.value);
  return redirectWithFlash("/settings/account", { message: PROFILE_UPDATED_MESSAGE, tone: "success" });
}

type ProfileForm = z.input<typeof ProfileUpdateSchema>;

export default function AccountSettings() {
  const { profile, timeZones } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/settings/account";
  const [form, fields] = useForm<ProfileForm>({
    id: "account",
    lastResult: actionData?.result,
    defaultValue: {
      full_name: profile.full_name ?? "",
      display_name: profile.display_name ?? "",
      phone: profile.phone ?? "",
      location: profile.location ?? "",
      bio: profile.bio ?? "",
      website_url: profile.website_url ?? "",
      linkedin_url: profile.linkedin_url ?? "",
      twitter_handle: profile.twitter_handle ?? "",
      company_name: profile.company_name ?? "",
      job_title: profile.job_title ?? "",
      professional_summary: profile.professional_summary ?? "",
      years_experience: profile.years_experience === null ? "" : String(profile.years_experience),
      timezone: profile.timezone ?? "",
      is_public: profile.is_public ? "on" : undefined,
      email_notifications: profile.email_notifications ? "on" : undefined,
    },
    // Checked on the server only (issue 27, part 3: no zod in the page): the action's answer shows
    // the errors per field (lastResult); without onValidate, validating on blur would post the form.
    shouldValidate: "onSubmit",
  });
  const [bioLength, setBioLength] = useState((profile.bio ?? "").length);
  const formProps = getFormProps(form);
  const formError = actionData?.formError ?? null;
  const input = (name: keyof ProfileForm, type: "text" | "tel" | "url" | "number" = "text") =>
    getInputProps(fields[name], { type });

  return (
    <Form method="post" className="flex flex-col gap-6" {...formProps}>
      {formError ? <Alert title={formError.title}>{formError.message}</Alert> : null}

      <SettingsSection
        id="profile"
        title="Profile"
        description="How you appear to other members of the community."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Full name"
            autoComplete="name"
            required
            minLength={PROFILE_LIMITS.nameMin}
            maxLength={PROFILE_LIMITS.nameMax}
            errors={fields.full_name.errors}
            {...input("full_name")}
          />
          <Field
            label="Display name (optional)"
            autoComplete="nickname"
            errors={fields.display_name.errors}
            {...input("display_name")}
          />
          <Field
            label="Email"
            id="account-email"
            type="email"
            value={profile.email}
            readOnly
            hint="The address you sign in with. Only you can see it on your profile."
          />
          <Field
            label="Phone (optional)"
            autoComplete="tel"
            hint="Digits with an optional leading +, e.g. +1 305 555 0100."
            errors={fields.phone.errors}
            {...input("phone", "tel")}
          />
          <Field
            label="Location (optional)"
            autoComplete="address-level2"
            errors={fields.location.errors}
            {...input("location")}
          />
          <SelectField
            label="Time zone (optional)"
            errors={fields.timezone.errors}
            {...getSelectProps(fields.timezone)}
          >
            <option value="">Not set</option>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="mt-4">
          <TextareaField
            label="Bio (optional)"
            rows={4}
            maxLength={PROFILE_LIMITS.bio}
            hint={`${bioLength}/${PROFILE_LIMITS.bio} characters`}
            errors={fields.bio.errors}
            {...getTextareaProps(fields.bio)}
            onInput={(event) => setBioLength(event.currentTarget.value.length)}
          />
        </div>
      </SettingsSection>

      <SettingsSection id="professional" title="Professional details">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Company (optional)"
            autoComplete="organization"
            errors={fields.company_name.errors}
            {...input("company_name")}
          />
          <Field
            label="Job title (optional)"
            autoComplete="organization-title"
            errors={fields.job_title.errors}
            {...input("job_title")}
          />
          <Field
            label="Years of experience (optional)"
            min={0}
            max={50}
            step={1}
            errors={fields.years_experience.errors}
            {...input("years_experience", "number")}
          />
        </div>
        <div className="mt-4">
          <TextareaField
            label="Professional summary (optional)"
            rows={4}
            maxLength={1000}
            errors={fields.professional_summary.errors}
            {...getTextareaProps(fields.professional_summary)}
          />
        </div>
      </SettingsSection>

      <SettingsSection id="links" title="Links">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Website (optional)"
            autoComplete="url"
            placeholder="https://"
            errors={fields.website_url.errors}
            {...input("website_url", "url")}
          />
          <Field
            label="LinkedIn (optional)"
            placeholder="https://www.linkedin.com/in/..."
            errors={fields.linkedin_url.errors}
            {...input("linkedin_url", "url")}
          />
          <Field
            label="Twitter / X handle (optional)"
            placeholder="@handle"
            errors={fields.twitter_handle.errors}
            {...input("twitter_handle")}
          />
        </div>
      </SettingsSection>

      <SettingsSection id="privacy" title="Privacy and notifications">
        <div className="flex flex-col gap-4">
          <CheckboxField
            label="Public profile"
            description="Members can find you in the directory and see your profile."
            {...getInputProps(fields.is_public, { type: "checkbox" })}
          />
          <CheckboxField
            label="Email notifications"
            description="Urgent and high priority notifications by e-mail as they happen, and at most one summary a day of the rest."
            {...getInputProps(fields.email_notifications, { type: "checkbox" })}
          />
        </div>
      </SettingsSection>

      <div className="flex justify-end">
        <Button disabled={busy}>{busy ? "Saving..." : "Save profile"}</Button>
      </div>
    </Form>
  );
}
