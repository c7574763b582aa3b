import { OAuth2Server } from "oauth2-mock-server";

/** The person the local OAuth2 test server signs in (its e-mail verified). */
export const E2E_OAUTH_PERSON = {
  sub: "e2e-oauth-person",
  email: "oauth.person@example.test",
  email_verified: true,
  name: "Olivia Oauth",
} as const;

/**
 * A local OAuth2 provider for the browser tests (oauth2-mock-server): /authorize answers at once
 * with a code (PKCE checked), /token issues tokens, /userinfo returns E2E_OAUTH_PERSON.
 * Returns the OAUTH_* environment for the app server.
 */
export async function startOAuthProvider(port: number) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(port, "127.0.0.1");
  server.service.on("beforeUserinfo", (response) => {
    response.body = { ...E2E_OAUTH_PERSON };
  });
  const base = server.issuer.url as string;
  return {
    server,
    env: {
      OAUTH_PROVIDER_NAME: "Test Identity",
      OAUTH_CLIENT_ID: "association-commons-e2e",
      OAUTH_CLIENT_SECRET: "e2e-client-secret",
      OAUTH_AUTHORIZATION_URL: `${base}/authorize`,
      OAUTH_TOKEN_URL: `${base}/token`,
      OAUTH_USERINFO_URL: `${base}/userinfo`,
    },
  };
}
