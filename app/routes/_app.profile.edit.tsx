import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { AVATAR_IMAGE_TYPES, AVATAR_MAX_BYTES, megabytes } from "@domain/network/avatar";
import { PROFILE_EDIT_MESSAGES, PROFILE_TEXT, profileHref } from "@domain/network/profile";
import type { ProfileEditSchema } from "@domain/network/profile-edit";
import { USERNAME_MAX, USERNAME_MIN } from "@domain/network/username";
import { AUTH_FALLBACK_MESSAGES } from "@domain/rules/account-messages";
import { PROFILE_LIMITS } from "@domain/rules/profile-limits";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { removeAvatar, setAvatar } from "~/commands/avatars.server";
import { editOwnProfile, type ProfileEditValues, readProfileEditValues } from "~/commands/profile.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { ProfileAvatar } from "~/components/profiles/profile-avatar";
import { CheckboxField, SettingsSection, TextareaField } from "~/components/settings/controls";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { avatarUploadLimit, profileUpdateLimit, readProfileEditForm } from "./_app.profile.edit.server";

export const meta: MetaFunction = () => [{ title: "Edit profile · Association Commons" }];

const FAILED = {
  title: AUTH_FALLBACK_MESSAGES.profileUpdateFailed,
  message: "Please correct the highlighted fields and try again.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const profile = await readProfileEditValues(await getDb(), user.id);
  if (!profile) throw new Response("Profile not found", { status: 404 });
  return json({ profile });
}

type ActionData = {
  form: "profile" | "avatar";
  result?: ReturnType<Awaited<ReturnType<typeof readProfileEditForm>>["submission"]["reply"]>;
  formError?: { title: string; message: string } | null;
  avatarError?: string | null;
  /** After a conflict: the profile as it is now (the form shows these). */
  current?: ProfileEditValues | null;
};

/**
 * /profile/edit (issue 28, part 1): the profile's fields with the rules of spec 002 section 5 (the
 * account form's schema), the username (unique) and the version the form was rendered from (409 with the
 * current values when stale); the photo upload (checked by content, cropped and downscaled) and remove.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { submission, files } = await readProfileEditForm(request);
  if (submission.status !== "success") {
    const intent = (submission.payload as { intent?: unknown }).intent;
    if (intent === "upload-avatar" || intent === "remove-avatar") {
      return json<ActionData>({ form: "avatar", avatarError: PROFILE_EDIT_MESSAGES.noFile }, { status: 400 });
    }
    return json<ActionData>(
      { form: "profile", result: submission.reply(), formError: FAILED },
      { status: 400 },
    );
  }
  const input = submission.value;
  const db = await getDb();
  switch (input.intent) {
    case "update-profile": {
      const limit = await profileUpdateLimit(user.id);
      if (!limit.allowed) {
        return json<ActionData>(
          {
            form: "profile",
            result: submission.reply({ formErrors: [limit.message] }),
            formError: { title: FAILED.title, message: limit.message },
          },
          { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
        );
      }
      const saved = await editOwnProfile(db, user.id, input);
      if (saved.ok) {
        return redirectWithFlash(profileHref(saved.username), {
          message: PROFILE_EDIT_MESSAGES.saved,
          tone: "success",
        });
      }
      if (saved.kind === "conflict") {
        return json<ActionData>(
          {
            form: "profile",
            result: submission.reply({ resetForm: true }),
            formError: { title: FAILED.title, message: saved.message },
            current: saved.current,
          },
          { status: 409 },
        );
      }
      return json<ActionData>(
        { form: "profile", result: submission.reply({ fieldErrors: saved.fieldErrors }), formError: FAILED },
        { status: 400 },
      );
    }
    case "upload-avatar": {
      const file = files[0];
      if (!file) {
        return json<ActionData>(
          { form: "avatar", avatarError: PROFILE_EDIT_MESSAGES.noFile },
          { status: 400 },
        );
      }
      const limit = await avatarUploadLimit(user.id);
      if (!limit.allowed) {
        return json<ActionData>(
          { form: "avatar", avatarError: limit.message },
          { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
        );
      }
      const stored = await setAvatar(db, user.id, file);
      if (!stored.ok)
        return json<ActionData>({ form: "avatar", avatarError: stored.message }, { status: 400 });
      return redirectWithFlash("/profile/edit", {
        message: PROFILE_EDIT_MESSAGES.avatarSaved,
        tone: "success",
      });
    }
    case "remove-avatar":
      await removeAvatar(db, user.id);
      return redirectWithFlash("/profile/edit", {
        message: PROFILE_EDIT_MESSAGES.avatarRemoved,
        tone: "success",
      });
  }
}

type EditForm = z.input<typeof ProfileEditSchema>;

function AvatarSection({ profile, error }: { profile: ProfileEditValues; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/profile/edit";
  return (
    <SettingsSection
      id="photo"
      title="Profile photo"
      description={`JPEG, PNG, WebP or GIF, up to ${megabytes(AVATAR_MAX_BYTES)} MB. It is cropped to a square.`}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <ProfileAvatar name={profile.full_name} url={profile.avatar_url} size="lg" />
        <div className="flex flex-col gap-3">
          {error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="upload-avatar" />
            <label className="flex flex-col gap-1 text-sm font-medium">
              Choose a photo
              <input
                type="file"
                name="avatar"
                required
                accept={AVATAR_IMAGE_TYPES.join(",")}
                className="max-w-full text-sm"
              />
            </label>
            <Button variant="secondary" className="text-sm" disabled={busy}>
              Upload photo
            </Button>
          </Form>
          {profile.avatar_url ? (
            <Form method="post">
              <input type="hidden" name="intent" value="remove-avatar" />
              <Button variant="ghost" className="text-sm" disabled={busy}>
                Remove photo
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
    </SettingsSection>
  );
}

export default function EditProfile() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const profile = actionData?.current ?? loaded.profile;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-3xl font-semibold">Edit profile</h1>
        <Link to={profileHref(loaded.profile.username)} className={buttonClass("secondary", "text-sm")}>
          {PROFILE_TEXT.viewProfile}
        </Link>
      </div>
      <AvatarSection
        profile={loaded.profile}
        error={actionData?.form === "avatar" ? (actionData.avatarError ?? null) : null}
      />
      {/* A new version (after a conflict) renders the form anew with the current values. */}
      <ProfileForm
        key={profile.version}
        profile={profile}
        actionData={actionData?.form === "profile" ? actionData : undefined}
      />
    </div>
  );
}

function ProfileForm({
  profile,
  actionData,
}: {
  profile: ProfileEditValues;
  actionData: ActionData | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/profile/edit";
  const [form, fields] = useForm<EditForm>({
    id: "profile-edit",
    lastResult: actionData?.result,
    defaultValue: {
      username: profile.username,
      full_name: profile.full_name ?? "",
      display_name: profile.display_name ?? "",
      company_name: profile.company_name ?? "",
      job_title: profile.job_title ?? "",
      linkedin_url: profile.linkedin_url ?? "",
      twitter_handle: profile.twitter_handle ?? "",
      location: profile.location ?? "",
      years_experience: profile.years_experience === null ? "" : String(profile.years_experience),
      professional_summary: profile.professional_summary ?? "",
      bio: profile.bio ?? "",
      website_url: profile.website_url ?? "",
      phone: profile.phone ?? "",
      is_public: profile.is_public ? "on" : undefined,
    },
    // Checked on the server only (no zod in the page): the action's answer shows the errors.
    shouldValidate: "onSubmit",
  });
  const [bioLength, setBioLength] = useState((profile.bio ?? "").length);
  const input = (name: keyof EditForm, type: "text" | "tel" | "url" | "number" = "text") =>
    getInputProps(fields[name], { type });
  const formError = actionData?.formError ?? null;
  return (
    <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="update-profile" />
      <input type="hidden" name="version" value={profile.version} />
      {formError ? <Alert title={formError.title}>{formError.message}</Alert> : null}
      <SettingsSection
        id="about"
        title="About you"
        description="How you appear on your profile and in the directory."
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
            label="Username"
            hint={`Your profile's address: /professional/your-name. ${USERNAME_MIN} to ${USERNAME_MAX} lower-case letters, digits and dashes.`}
            required
            minLength={USERNAME_MIN}
            maxLength={USERNAME_MAX}
            autoCapitalize="none"
            spellCheck={false}
            errors={fields.username.errors}
            {...input("username")}
          />
          <Field
            label="Display name (optional)"
            autoComplete="nickname"
            errors={fields.display_name.errors}
            {...input("display_name")}
          />
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
            label="Location (optional)"
            hint="City, ST (for example: Miami, FL)"
            autoComplete="address-level2"
            errors={fields.location.errors}
            {...input("location")}
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
        <div className="mt-4 flex flex-col gap-4">
          <TextareaField
            label="Professional summary (optional)"
            rows={4}
            maxLength={1000}
            errors={fields.professional_summary.errors}
            {...getTextareaProps(fields.professional_summary)}
          />
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
      <SettingsSection id="contact" title="Contact and links">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Website (optional)"
            autoComplete="url"
            placeholder="https://"
            errors={fields.website_url.errors}
            {...input("website_url", "url")}
          />
          <Field
            label="Phone (optional)"
            autoComplete="tel"
            hint="Digits with an optional leading +, e.g. +1 305 555 0100."
            errors={fields.phone.errors}
            {...input("phone", "tel")}
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
      <SettingsSection id="visibility" title="Visibility">
        <CheckboxField
          label="Public profile"
          description="Members can find you in the directory and see your profile. A private profile is seen only by you and your connections."
          {...getInputProps(fields.is_public, { type: "checkbox" })}
        />
      </SettingsSection>
      <div className="flex justify-end">
        <Button disabled={busy}>{busy ? "Saving..." : "Save profile"}</Button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
