import { redirect } from "@remix-run/node";

/**
 * /rfps/browse (spec 000 section 2's RFP routes, spec 001 "browse page, content not shown"): browsing
 * RFPs is the RFP list with its search and filters, so this address leads there.
 */
export function loader() {
  return redirect("/rfps");
}
