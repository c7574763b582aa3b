import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import type { AccountSettingsSchema } from "@domain/rules/profile";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { updateAccountSettings } from "~/commands/profile.server";
import { CheckboxField, SelectField, SettingsSection } from "~/components/settings/controls";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { readForm } from "~/forms.server";
import { getEditableProfile } from "~/queries/profile.server";
import {
  ACCOUNT_FAILED,
  ACCOUNT_SETTINGS_SAVED,
  parseAccountForm,
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

/**
 * The account's own settings: time zone and e-mail notifications. What the profile shows (name,
 * location, bio, links, phone, summary, years, visibility) is edited on /profile/edit, which this page
 * links to; the password and sessions are under Security, the theme under Appearance.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const submission = parseAccountForm(formData);
  if (submission.status !== "success") {
    return json({ result: submission.reply(), formError: ACCOUNT_FAILED }, { status: 400 });
  }
  const limit = await profileRateLimit(user.id);
  if (!limit.allowed) {
    const message = profileLimitMessage(limit.retryAfter);
    return json(
      {
        result: submission.reply({ formErrors: [message] }),
        formError: { title: ACCOUNT_FAILED.title, message },
      },
      { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
    );
  }
  await updateAccountSettings(await getDb(), user.id, submission.value);
  return redirectWithFlash("/settings/account", { message: ACCOUNT_SETTINGS_SAVED, tone: "success" });
}

type AccountForm = z.input<typeof AccountSettingsSchema>;

export default function AccountSettings() {
  const { profile, timeZones } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/settings/account";
  const [form, fields] = useForm<AccountForm>({
    id: "account",
    lastResult: actionData?.result,
    defaultValue: {
      timezone: profile.timezone ?? "",
      email_notifications: profile.email_notifications ? "on" : undefined,
    },
    // Checked on the server only (issue 27, part 3: no zod in the page): the action's answer shows
    // the errors per field (lastResult); without onValidate, validating on blur would post the form.
    shouldValidate: "onSubmit",
  });
  const formError = actionData?.formError ?? null;

  return (
    <div className="flex flex-col gap-6">
      <SettingsSection
        id="profile"
        title="Profile"
        description="Your name, photo, location, bio, links, phone, summary and years of experience: what other members see."
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <Field
            label="Email"
            id="account-email"
            type="email"
            value={profile.email}
            readOnly
            hint="The address you sign in with. Only you can see it on your profile."
          />
          <Link to="/profile/edit" className={buttonClass("secondary", "text-sm")}>
            Edit your profile
          </Link>
        </div>
      </SettingsSection>

      <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
        {formError ? <Alert title={formError.title}>{formError.message}</Alert> : null}
        <SettingsSection id="account" title="Time zone and notifications">
          <div className="flex flex-col gap-4">
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
            <CheckboxField
              label="Email notifications"
              description="Urgent and high priority notifications by e-mail as they happen, and at most one summary a day of the rest."
              {...getInputProps(fields.email_notifications, { type: "checkbox" })}
            />
          </div>
        </SettingsSection>
        <div className="flex justify-end">
          <Button disabled={busy}>{busy ? "Saving..." : "Save settings"}</Button>
        </div>
      </Form>
    </div>
  );
}
