import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CheckoutProblem } from "~/components/learning/course-commerce";
import { checkoutAction, checkoutLoader } from "./_app.learning-hub.courses.$slug_.checkout.server";

export const meta: MetaFunction = () => [{ title: "Enroll Now · Learning Hub · Association Commons" }];

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  checkoutLoader(request, "path", params.slug);
export const action = ({ request, params }: ActionFunctionArgs) =>
  checkoutAction(request, "path", params.slug);

/** Shown only when Checkout could not start (the success path is a redirect to Stripe). */
export default function PathCheckoutPage() {
  const answer = useActionData<typeof action>() as { error: string; back: string } | undefined;
  return <CheckoutProblem error={answer?.error} back={answer?.back} />;
}
