import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";

/**
 * A delete (or void, or remove) button that asks first (spec 001 section 7's confirm texts). With
 * JavaScript the browser's confirm asks and the post carries `confirmed=1`; without it the post arrives
 * unconfirmed and the server answers with the record's page asking the same question
 * (DeleteConfirmation).
 */
export function DeleteButton({
  intent,
  id,
  confirmText,
  label,
  className,
  children,
}: {
  intent: string;
  id?: string;
  confirmText: string;
  label?: string;
  className: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      onSubmit={(e) => {
        if (!window.confirm(confirmText)) {
          e.preventDefault();
          return;
        }
        const confirmed = e.currentTarget.elements.namedItem("confirmed");
        if (confirmed instanceof HTMLInputElement) confirmed.value = "1";
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <input type="hidden" name="confirmed" value="" />
      <button type="submit" disabled={busy} className={className} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

/**
 * The question asked without JavaScript, on the record's own page (?delete=1). Its form posts the
 * same intent (and id) as the DeleteButton that asked, now with `confirmed=1`.
 */
export function DeleteConfirmation({
  text,
  cancelHref,
  intent = "delete",
  id,
  confirmLabel = "Yes, delete",
}: {
  text: string;
  cancelHref: string;
  intent?: string;
  id?: string;
  confirmLabel?: string;
}) {
  return (
    <div
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{text}</p>
      <div className="mt-3 flex items-center gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          {id ? <input type="hidden" name="id" value={id} /> : null}
          <input type="hidden" name="confirmed" value="1" />
          <button
            type="submit"
            className={buttonClass(
              "primary",
              "bg-red-700 hover:bg-red-800 dark:bg-red-700 dark:hover:bg-red-600",
            )}
          >
            {confirmLabel}
          </button>
        </Form>
        <Link to={cancelHref} className="underline">
          Cancel
        </Link>
      </div>
    </div>
  );
}
