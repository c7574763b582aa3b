import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { authenticator, OAUTH_STRATEGY, oauthProvider } from "~/auth/authenticator.server";
import { oauthRedirectCookie, readFlowCookie } from "~/auth/flow-cookies.server";
import { createUserSession, safeRedirect } from "~/auth/session.server";
import { OAuthSignInRefused } from "~/commands/oauth.server";
import { getDb } from "~/db.server";
import { clientIp } from "~/load-context";
import { hasUnfinishedOnboarding } from "~/queries/onboarding.server";

/** Error codes the sign-in page turns into "OAuth sign in failed" and an explanation. */
function failureCode(error: unknown) {
  if (error instanceof OAuthSignInRefused) {
    if (error.reason === "email_not_verified") return "oauth_unverified";
    if (error.reason === "no_email") return "oauth_no_email";
    // Issue 11, part 5.3: the provider vouched for the person, so they learn the account is disabled
    // (and whom to ask), as the password sign-in tells someone who knows the password.
    if (error.reason === "account_disabled") return "account_disabled";
  }
  return "oauth";
}

/**
 * The provider sends the browser back here (spec 000 section 2.1). remix-auth-oauth2 checks the state
 * against its cookie, trades the code (with the PKCE verifier) for tokens; our verify function reads
 * the userinfo endpoint and finds, links or creates the account. A new person goes to onboarding.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const forget = await oauthRedirectCookie().serialize("", { maxAge: 0 });
  if (!oauthProvider()) return redirect("/auth/sign-in");
  try {
    const user = await authenticator.authenticate(OAUTH_STRATEGY, request);
    const remembered = await readFlowCookie(oauthRedirectCookie(), request);
    const to =
      user.isNew || (await hasUnfinishedOnboarding(await getDb(), user.id))
        ? "/onboarding"
        : safeRedirect(remembered, "/dashboard");
    const response = await createUserSession(request, user.id, to, clientIp(context));
    response.headers.append("Set-Cookie", forget);
    return response;
  } catch (error) {
    // A missing state means the browser came here without starting at our button.
    if (error instanceof Response) throw error;
    console.error("oauth: sign-in failed", error);
    return redirect(`/auth/sign-in?error=${failureCode(error)}`, { headers: { "Set-Cookie": forget } });
  }
}
