import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { profileHref } from "@domain/network/profile";
import { requireUser } from "~/auth/session.server";
import { getDb } from "~/db.server";
import { ownUsername } from "~/queries/professional-profile.server";

/** /professional/me: one's own profile ("me" is never a username: RESERVED_USERNAMES). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const username = await ownUsername(await getDb(), user.id);
  if (!username) throw new Response("Profile not found", { status: 404 });
  return redirect(profileHref(username));
}
