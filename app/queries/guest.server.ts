import { getSessionUser } from "~/auth/session.server";

/** What every public page needs to know: whether the visitor is signed in (for its calls to action). */
export async function guestPageData(request: Request) {
  return { signedIn: Boolean(await getSessionUser(request)) };
}
