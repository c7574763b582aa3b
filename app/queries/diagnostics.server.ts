import { type Queryable, queryRows } from "@db/client";
import {
  type CheckResult,
  type CheckStatus,
  HEALTH,
  healthScore,
  recommendations,
  type SystemStatus,
  systemStatus,
  withLatency,
} from "@domain/diagnostics/health";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { dummyPasswordHash, verifyPassword } from "~/auth/password.server";
import { outsideRequestScope } from "~/auth/request-scope.server";
import { getSessionUser } from "~/auth/session.server";
import { env, oauthConfig } from "~/env.server";
import { type CircuitReport, circuitReports } from "~/monitoring/circuits.server";
import { paymentsConfig } from "~/payments/stripe.server";

export interface Diagnostics {
  status: SystemStatus;
  score: number;
  checks: CheckResult[];
  circuits: CircuitReport[];
  recommendations: string[];
  ranAt: string;
}

type Outcome = { status: CheckStatus; detail: string };

/** Runs one check with the connectivity time-out (10 s), timing it; a slow pass is a warning. */
async function timed(id: string, name: string, run: () => Promise<Outcome>): Promise<CheckResult> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let outcome: Outcome;
  try {
    outcome = await Promise.race([
      run(),
      new Promise<Outcome>((resolve) => {
        timer = setTimeout(
          () =>
            resolve({ status: "fail", detail: `No answer within ${HEALTH.connectivityTimeoutMs / 1000} s` }),
          HEALTH.connectivityTimeoutMs,
        );
      }),
    ]);
  } catch (error) {
    outcome = { status: "fail", detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
  const durationMs = Math.round(performance.now() - started);
  return { id, name, status: withLatency(outcome.status, durationMs), durationMs, detail: outcome.detail };
}

/**
 * The authentication diagnostics (spec 000 sections 2.11 and 7): the database (a read of user_profiles
 * ids), the caller's session, an invalid test login that must be refused, SMTP, the OAuth provider,
 * the Stripe configuration and a HEAD request to /api/debug/ping on this server.
 */
export async function runDiagnostics(db: Queryable, request: Request): Promise<Diagnostics> {
  const checks = await Promise.all([
    timed("database", "Database", async () => {
      await queryRows(db, sql`select id from user_profiles limit 1`);
      return { status: "pass", detail: "The database answered a read of user_profiles" };
    }),
    timed("session", "Session", async () => {
      // Its own read of the session, not the page's shared load of the person (a check of the database).
      const user = await outsideRequestScope(() => getSessionUser(request));
      return user
        ? { status: "pass", detail: "The current session and user were read" }
        : { status: "fail", detail: "The current session could not be read" };
    }),
    timed("password", "Password sign-in", async () => {
      const accepted = await verifyPassword(await dummyPasswordHash(), "invalid-test-login-password");
      return accepted
        ? { status: "fail", detail: "An invalid test login was accepted" }
        : { status: "pass", detail: "An invalid test login was refused" };
    }),
    timed("smtp", "SMTP", async () => {
      const url = env().SMTP_URL;
      if (!url)
        return { status: "not_configured", detail: "SMTP_URL is not set: mail goes to the local outbox" };
      const transport = nodemailer.createTransport(url);
      try {
        await transport.verify();
      } finally {
        transport.close();
      }
      return { status: "pass", detail: `The SMTP server at ${new URL(url).host} accepted the connection` };
    }),
    timed("oauth", "OAuth provider", async () => {
      const config = oauthConfig();
      if (!config) return { status: "not_configured", detail: "No OAuth provider is configured (OAUTH_*)" };
      const origin = new URL(config.authorizationEndpoint).origin;
      const discovery = await fetch(`${origin}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(HEALTH.connectivityTimeoutMs),
      }).catch(() => null);
      if (discovery?.ok)
        return { status: "pass", detail: `${config.name}: discovery document found at ${origin}` };
      const answer = await fetch(config.authorizationEndpoint, {
        method: "HEAD",
        redirect: "manual",
        signal: AbortSignal.timeout(HEALTH.connectivityTimeoutMs),
      });
      return answer.status < 500
        ? { status: "pass", detail: `${config.name}: the authorization endpoint answered ${answer.status}` }
        : { status: "fail", detail: `${config.name}: the authorization endpoint answered ${answer.status}` };
    }),
    timed("stripe", "Stripe configuration", async () => {
      const config = paymentsConfig();
      if (config.missing.length === 0) {
        return { status: "pass", detail: "Keys, webhook secret and the four price ids are set" };
      }
      if (config.missing.length === 7) {
        return { status: "not_configured", detail: "Stripe is not configured: purchases are switched off" };
      }
      return { status: "fail", detail: `Missing: ${config.missing.join(", ")}` };
    }),
    timed("ping", "HEAD /api/debug/ping", async () => {
      const url = new URL("/api/debug/ping", request.url);
      const answer = await fetch(url, {
        method: "HEAD",
        signal: AbortSignal.timeout(HEALTH.connectivityTimeoutMs),
      });
      return answer.ok
        ? { status: "pass", detail: `Answered ${answer.status}` }
        : { status: "fail", detail: `Answered ${answer.status}` };
    }),
  ]);
  const circuits = circuitReports();
  const score = healthScore(checks);
  return {
    status: systemStatus(score),
    score,
    checks,
    circuits,
    recommendations: recommendations(
      checks,
      circuits.map((c) => ({ name: c.label, state: c.state, healthy: c.healthy, slow: c.slow })),
    ),
    ranAt: new Date().toISOString(),
  };
}
