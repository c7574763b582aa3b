/**
 * The authentication diagnostics' health (spec 000 sections 2.11, 4 and 9): each check passes, warns
 * or fails; the score is the share of points earned; the System Status is healthy at 90 or above,
 * degraded at 70 or above, otherwise unhealthy.
 */

/** not_configured: an optional service (OAuth, Stripe) that is switched off; it does not count in the score. */
export type CheckStatus = "pass" | "warn" | "fail" | "not_configured";
export type SystemStatus = "healthy" | "degraded" | "unhealthy";

export interface CheckResult {
  id: string;
  name: string;
  status: CheckStatus;
  durationMs: number;
  detail: string;
}

export const HEALTH = {
  healthyAt: 90,
  degradedAt: 70,
  /** Health checks: connectivity time-out 10 s; over 5 s is a slow network; auto-refresh 30 s. */
  connectivityTimeoutMs: 10_000,
  slowNetworkMs: 5_000,
  autoRefreshSeconds: 30,
} as const;

const POINTS: Record<Exclude<CheckStatus, "not_configured">, number> = { pass: 1, warn: 0.5, fail: 0 };

/**
 * 0..100: a pass earns a check's full share, a warning half, a failure nothing; checks of services
 * that are not configured do not count; 100 with nothing to count.
 */
export function healthScore(checks: readonly Pick<CheckResult, "status">[]): number {
  const counted = checks.filter((c) => c.status !== "not_configured");
  if (counted.length === 0) return 100;
  const earned = counted.reduce((sum, c) => sum + POINTS[c.status as keyof typeof POINTS], 0);
  return Math.round((earned / counted.length) * 100);
}

export function systemStatus(score: number): SystemStatus {
  if (score >= HEALTH.healthyAt) return "healthy";
  if (score >= HEALTH.degradedAt) return "degraded";
  return "unhealthy";
}

/** A passing check that took longer than the slow-network limit is a warning. */
export function withLatency(status: CheckStatus, durationMs: number): CheckStatus {
  return status === "pass" && durationMs > HEALTH.slowNetworkMs ? "warn" : status;
}

const ADVICE: Record<string, { fail: string; warn: string; not_configured?: string }> = {
  session: {
    fail: "Sessions cannot be read: check SESSION_SECRET and the sessions table.",
    warn: "Reading the session is slow: check the database's load.",
  },
  password: {
    fail: "Password sign-in is broken: an invalid test login was not refused; check the password hashing.",
    warn: "Password checks are slow: check the server's CPU load.",
  },
  database: {
    fail: "The database does not answer: check DATABASE_URL and that PostgreSQL is running.",
    warn: "The database answers slowly: check its load and the connection pool.",
  },
  smtp: {
    fail: "The SMTP server refused the connection: check SMTP_URL (host, port, user and password).",
    warn: "The SMTP server answers slowly: e-mails may be delayed.",
    not_configured:
      "Mail goes to the local outbox: set SMTP_URL so confirmation and reset e-mails reach people.",
  },
  oauth: {
    fail: "The OAuth provider cannot be reached: check the OAUTH_* URLs and the provider's status.",
    warn: "The OAuth provider answers slowly: sign-ins through it may time out.",
    not_configured: "OAuth sign-in is not configured: set the OAUTH_* variables to offer it.",
  },
  stripe: {
    fail: "Stripe configuration is incomplete: set the missing settings listed in the check.",
    warn: "Stripe configuration is incomplete: set the missing settings listed in the check.",
    not_configured:
      "Payments are not configured: set the Stripe keys and price ids so vendors can buy credits.",
  },
  ping: {
    fail: "The app's own ping endpoint does not answer: check the app server and the proxy in front of it.",
    warn: "The app answers slowly to a ping: check the server's load.",
  },
};

export interface CircuitSummary {
  name: string;
  state: "closed" | "open" | "half-open";
  healthy: boolean;
  slow: boolean;
}

/** Recommendations from what failed or warned, and from circuits that are open or unhealthy. */
export function recommendations(
  checks: readonly CheckResult[],
  circuits: readonly CircuitSummary[] = [],
): string[] {
  const out: string[] = [];
  for (const check of checks) {
    if (check.status === "pass") continue;
    const advice = ADVICE[check.id];
    const text = advice?.[check.status];
    out.push(text ?? `${check.name}: ${check.detail}`);
  }
  for (const c of circuits) {
    if (c.state === "open")
      out.push(`The ${c.name} circuit is open: calls fail fast; fix the service, then Reset.`);
    else if (c.state === "half-open")
      out.push(`The ${c.name} circuit is half-open: trial calls are testing the service.`);
    else if (!c.healthy) out.push(`The ${c.name} calls fail often (10% or more): look at the recent errors.`);
    if (c.slow) out.push(`The ${c.name} calls are slow (over 5 s on average).`);
  }
  if (out.length === 0) out.push("All systems are working. No action is needed.");
  return out;
}
