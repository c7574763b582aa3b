import { isRfpId, RFP_NOT_FOUND } from "@domain/rfp/search";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { pageNotFound, requireContext } from "~/auth/guards.server";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { RfpWizard, type WizardActionResult, type WizardData } from "~/components/rfp-wizard/rfp-wizard";
import { wizardAction, wizardLoader } from "~/routes/_app.rfps_.new.server";

/**
 * /rfps/{id}/edit?step=basic|location|budget|requirements|settings|review: the RFP wizard in edit
 * mode for a draft; for a published RFP, its editable details (spec 001 sections 2.5 and 4). The
 * author or an admin only. (The file name's "rfps_" keeps the page out of the /rfps/{id} layout.)
 */
export const meta: MetaFunction = () => [{ title: "Edit RFP · Association Commons" }];

/** /rfps/{anything but an id}: "Page not found" for whoever may see RFPs at all. */
async function notAnRfp(request: Request): Promise<never> {
  await requireContext(request);
  return pageNotFound();
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isRfpId(params.id)) return notAnRfp(request);
  return wizardLoader(request, params.id);
}

// A 409 (the RFP changed since the page was rendered) shows the current values: single fetch does not
// re-run loaders after a 4xx answer on its own, so this route asks for it (decision 049).
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export async function action({ request, params }: ActionFunctionArgs) {
  if (!isRfpId(params.id)) return notAnRfp(request);
  return wizardAction(request, params.id);
}

export default function EditRfpPage() {
  const data = useLoaderData<typeof loader>() as unknown as WizardData;
  const actionData = useActionData<typeof action>() as WizardActionResult | undefined;
  return <RfpWizard data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={RFP_NOT_FOUND} />;
}
