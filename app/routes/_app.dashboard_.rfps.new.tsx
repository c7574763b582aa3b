import { redirect } from "@remix-run/node";

/** Another address of RFP creation (spec 001 section 2, routes): /rfps/new guards and does the work. */
export function loader() {
  return redirect("/rfps/new");
}
