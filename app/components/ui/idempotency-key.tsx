import { useRouteLoaderData } from "@remix-run/react";
import { useId } from "react";

/** The form field that carries a create's idempotency key (app/idempotency.server.ts). */
export const IDEMPOTENCY_FIELD = "idempotencyKey";

/**
 * The hidden idempotency key of a create form: the root loader's key of this render (new on every
 * page load and after every action that succeeded, as the root loader then runs again) and this
 * form's place in the page (useId: the same on the server and in the browser), so each rendered form
 * sends its own key and a repeat of one submission (a double click, a retry after a lost answer, the
 * browser's "resend") sends the same. Works without JavaScript.
 */
export function IdempotencyKey() {
  const root = useRouteLoaderData<{ formKey?: string }>("root");
  const place = useId();
  if (!root?.formKey) return null;
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={`${root.formKey}${place}`} />;
}
