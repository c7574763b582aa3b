import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

/** /proposals is the vendor's proposals (spec 001 section 2): one page, one URL, /rfps/my-proposals. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(`/rfps/my-proposals${url.search}`);
}
