import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { checkoutAction, checkoutLoader } from "./_app.learning-hub.courses.$slug_.checkout.server";

/** Enroll Now for a paid path (decision 078): a resource route whose action sends the person to Stripe. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  checkoutLoader(request, "path", params.slug);
export const action = ({ request, params }: ActionFunctionArgs) =>
  checkoutAction(request, "path", params.slug);
