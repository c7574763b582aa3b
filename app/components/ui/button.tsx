import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "ghost";

/**
 * A button's classes: the component classes of app/tailwind.css (`.btn` and `.btn-<variant>`, written
 * once there, so a page of 20 RFP cards does not send the utilities 20 times: issue 27, part 3) and the
 * caller's extras. The component classes sit in Tailwind's components layer, before every utility, so an
 * extra that sets what the button sets (a smaller padding, a text size, a danger colour) always wins.
 * Variants of it (`dark:`, `hover:`) weigh more than a plain utility: an extra colour brings its own
 * `dark:` and `hover:` partners where the button has them.
 */
export function buttonClass(variant: Variant = "primary", extra = "") {
  const extras = extra.split(/\s+/).filter(Boolean);
  return [COMPONENT[variant], ...extras].join(" ");
}

/** Each name whole in the source, so that Tailwind keeps its rules. */
const COMPONENT: Record<Variant, string> = {
  primary: "btn btn-primary",
  secondary: "btn btn-secondary",
  ghost: "btn btn-ghost",
};

export function Button({
  variant = "primary",
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type="submit" className={buttonClass(variant, className)} {...props} />;
}
