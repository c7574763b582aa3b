import { RFP_NOT_FOUND } from "@domain/rfp/search";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { RfpWizard, type WizardActionResult, type WizardData } from "~/components/rfp-wizard/rfp-wizard";
import { wizardAction, wizardLoader } from "~/routes/_app.rfps_.new.server";

/**
 * /rfps/new: the RFP creation wizard before the draft exists (spec 001 section 2.5). The first Next
 * or Save Draft creates the draft and continues at /rfps/{id}/edit. (The file name's "rfps_" keeps
 * the page out of any /rfps layout.)
 */
export const meta: MetaFunction = () => [{ title: "Create RFP · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return wizardLoader(request, null);
}

// A 409 (the RFP changed since the page was rendered) shows the current values: single fetch does not
// re-run loaders after a 4xx answer on its own, so this route asks for it (decision 049).
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export async function action({ request }: ActionFunctionArgs) {
  return wizardAction(request, null);
}

export default function NewRfpPage() {
  const data = useLoaderData<typeof loader>() as unknown as WizardData;
  const actionData = useActionData<typeof action>() as WizardActionResult | undefined;
  return <RfpWizard data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={RFP_NOT_FOUND} />;
}
