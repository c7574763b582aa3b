import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { authenticator, OAUTH_STRATEGY, oauthProvider } from "~/auth/authenticator.server";
import { oauthRedirectCookie } from "~/auth/flow-cookies.server";
import { safeRedirect } from "~/auth/session.server";
import { readForm, withFormBody } from "~/forms.server";

/**
 * Starts "Continue with {provider}": remix-auth-oauth2 keeps the state and the PKCE verifier in its
 * cookie and sends the browser to the provider, which returns to /auth/callback.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (!oauthProvider()) return redirect("/auth/sign-in");
  const form = await readForm(request);
  const rememberRedirect = await oauthRedirectCookie().serialize(safeRedirect(form.get("redirectTo"), ""));
  try {
    await authenticator.authenticate(OAUTH_STRATEGY, withFormBody(request, form));
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers(thrown.headers);
      headers.append("Set-Cookie", rememberRedirect);
      return new Response(null, { status: thrown.status, headers });
    }
    console.error("oauth: could not start", thrown);
    return redirect("/auth/sign-in?error=oauth");
  }
  return redirect("/auth/sign-in?error=oauth");
}

export async function loader() {
  return redirect("/auth/sign-in");
}
