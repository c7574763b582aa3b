import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { destroyUserSession } from "~/auth/session.server";

export async function action({ request }: ActionFunctionArgs) {
  return destroyUserSession(request, "/");
}

/** Signing out changes state, so it is a POST; a GET goes home. */
export async function loader() {
  return redirect("/");
}
