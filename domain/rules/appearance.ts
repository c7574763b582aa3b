import { z } from "zod";

/** Appearance preferences (spec 000 section 2.3): theme system/light/dark, compact mode, reduced motion. */
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_LABELS: Record<Theme, string> = {
  system: "System",
  light: "Light",
  dark: "Dark",
};

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const AppearanceSchema = z.object({
  theme: z.enum(THEMES, {
    errorMap: () => ({ message: "Please choose a theme" }),
  }),
  compact_mode: checkbox,
  reduced_motion: checkbox,
});
export type AppearanceInput = z.output<typeof AppearanceSchema>;

/** The classes the page root carries for these preferences (the root loader renders the same). */
export function appearanceClasses(input: { theme: Theme; compactMode: boolean; reducedMotion: boolean }) {
  return {
    theme: input.theme === "system" ? "theme-system" : input.theme,
    compact: input.compactMode,
    "reduce-motion": input.reducedMotion,
  };
}

/** Shown after the appearance form is saved without JavaScript. */
export const APPEARANCE_SAVED_MESSAGE = "Appearance saved";
