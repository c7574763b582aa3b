import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  APPEARANCE_SAVED_MESSAGE,
  AppearanceSchema,
  appearanceClasses,
  THEME_LABELS,
  THEMES,
  type Theme,
} from "@domain/rules/appearance";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { updateAppearance } from "~/commands/profile.server";
import { CheckboxField, SettingsSection } from "~/components/settings/controls";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Monitor, Moon, Sun } from "~/components/ui/icons";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { readForm } from "~/forms.server";
import { getAppearance } from "~/queries/profile.server";

export const meta: MetaFunction = () => [{ title: "Appearance · Settings · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const appearance = await getAppearance(await getDb(), user.id);
  if (!appearance) throw new Response("Profile not found", { status: 404 });
  return json({ appearance });
}

/**
 * Saves theme, compact mode and reduced motion. A plain form post (no JavaScript) redirects back
 * with a message; the page's own automatic save (mode=autosave) just answers ok.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: AppearanceSchema });
  if (submission.status !== "success") {
    return json({ ok: false as const, result: submission.reply() }, { status: 400 });
  }
  await updateAppearance(await getDb(), user.id, submission.value);
  if (formData.get("mode") === "autosave") return json({ ok: true as const, result: submission.reply() });
  return redirectWithFlash("/settings/appearance", { message: APPEARANCE_SAVED_MESSAGE, tone: "success" });
}

interface Choice {
  theme: Theme;
  compactMode: boolean;
  reducedMotion: boolean;
}

/** Puts the classes the root loader would render on <html> right away (the save follows). */
function applyToPage(choice: Choice) {
  const classes = appearanceClasses(choice);
  const root = document.documentElement.classList;
  root.remove("theme-system", "light", "dark");
  root.add(classes.theme);
  root.toggle("compact", classes.compact);
  root.toggle("reduce-motion", classes["reduce-motion"]);
}

function choiceFrom(form: HTMLFormElement): Choice {
  const data = new FormData(form);
  const theme = data.get("theme");
  return {
    theme: theme === "light" || theme === "dark" ? theme : "system",
    compactMode: data.get("compact_mode") === "on",
    reducedMotion: data.get("reduced_motion") === "on",
  };
}

const THEME_ICONS = { system: Monitor, light: Sun, dark: Moon } as const;
const THEME_HINTS: Record<Theme, string> = {
  system: "Follows your device's light or dark setting.",
  light: "Dark text on a light background.",
  dark: "Light text on a dark background.",
};

type AppearanceForm = z.input<typeof AppearanceSchema>;

export default function AppearanceSettings() {
  const { appearance } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const autosave = useFetcher<typeof action>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const saved = useRef<Choice>(appearance);
  useEffect(() => {
    saved.current = appearance;
  }, [appearance]);

  // A failed automatic save puts the page back as it was saved.
  useEffect(() => {
    if (autosave.state === "idle" && autosave.data && !autosave.data.ok) applyToPage(saved.current);
  }, [autosave.state, autosave.data]);

  const [form, fields] = useForm<AppearanceForm>({
    id: "appearance",
    lastResult: actionData?.result,
    defaultValue: {
      theme: appearance.theme,
      compact_mode: appearance.compactMode ? "on" : undefined,
      reduced_motion: appearance.reducedMotion ? "on" : undefined,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AppearanceSchema }),
  });

  // One save at a time, so an older save can never land after a newer one; changes made while a
  // save is on its way are sent (all together) when it is done.
  const formRef = useRef<HTMLFormElement>(null);
  const [queued, setQueued] = useState(false);
  function save() {
    const element = formRef.current;
    if (!element) return;
    const data = new FormData(element);
    data.set("mode", "autosave");
    autosave.submit(data, { method: "post" });
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: save reads the form as it is now
  useEffect(() => {
    if (autosave.state === "idle" && queued) {
      setQueued(false);
      save();
    }
  }, [autosave.state, queued]);

  function onChange(event: FormEvent<HTMLFormElement>) {
    applyToPage(choiceFrom(event.currentTarget));
    if (autosave.state === "idle") save();
    else setQueued(true);
  }

  const busy = navigation.state === "submitting";
  const status =
    autosave.state !== "idle" || queued
      ? "Saving..."
      : autosave.data?.ok
        ? "Saved"
        : autosave.data && !autosave.data.ok
          ? "Could not save. Please try again."
          : "";

  return (
    <Form
      method="post"
      ref={formRef}
      className="flex flex-col gap-6"
      onChange={onChange}
      {...getFormProps(form)}
    >
      {actionData && !actionData.ok ? (
        <Alert title="Appearance could not be saved">Please choose a theme and try again.</Alert>
      ) : null}
      <SettingsSection
        id="theme"
        title="Theme"
        description="Choose how Association Commons looks on this and your other devices."
      >
        <fieldset>
          <legend className="sr-only">Theme</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {THEMES.map((theme) => {
              const Icon = THEME_ICONS[theme];
              const id = `theme-${theme}`;
              return (
                <label
                  key={theme}
                  htmlFor={id}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-400 dark:border-slate-700 dark:has-[:checked]:border-blue-400 dark:has-[:checked]:bg-blue-950"
                >
                  <input
                    {...getInputProps(fields.theme, { type: "radio", value: theme })}
                    id={id}
                    aria-labelledby={`${id}-label`}
                    aria-describedby={`${id}-hint`}
                    className="mt-1 h-4 w-4 text-blue-700"
                  />
                  <span className="flex flex-col">
                    <span
                      id={`${id}-label`}
                      className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-slate-100"
                    >
                      <Icon aria-hidden="true" className="h-4 w-4" />
                      {THEME_LABELS[theme]}
                    </span>
                    <span id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
                      {THEME_HINTS[theme]}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
          {fields.theme.errors ? (
            <p className="mt-2 text-sm text-red-700 dark:text-red-400">{fields.theme.errors.join(" ")}</p>
          ) : null}
        </fieldset>
      </SettingsSection>

      <SettingsSection id="layout" title="Layout and motion">
        <div className="flex flex-col gap-4">
          <CheckboxField
            label="Compact mode"
            description="Smaller text and spacing, so more fits on the screen."
            {...getInputProps(fields.compact_mode, { type: "checkbox" })}
          />
          <CheckboxField
            label="Reduce motion"
            description="Turn off animations and transitions."
            {...getInputProps(fields.reduced_motion, { type: "checkbox" })}
          />
        </div>
      </SettingsSection>

      <div className="flex items-center justify-end gap-3">
        <p role="status" aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400">
          {hydrated ? status : ""}
        </p>
        {/* With JavaScript every change saves itself; without it, this button saves. */}
        {hydrated ? null : <Button disabled={busy}>{busy ? "Saving..." : "Save appearance"}</Button>}
      </div>
    </Form>
  );
}
