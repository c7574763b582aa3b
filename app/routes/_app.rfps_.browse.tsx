import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireContext } from "~/auth/guards.server";

/**
 * /rfps/browse (spec 000 section 2's RFP routes; spec 001 lists it, "content not shown"): browsing RFPs
 * is the RFP list with its search and filters, so this address leads there, for whoever may see it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireContext(request);
  return redirect("/rfps");
}
