import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireVendorContext } from "~/payments/guards.server";

/** /vendor-dashboard/credits is the same page as /credits (spec 001 section 2): one place, one URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireVendorContext(request);
  const url = new URL(request.url);
  return redirect(`/credits${url.search}`);
}
