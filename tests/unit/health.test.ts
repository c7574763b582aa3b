import { HEALTH, healthScore, recommendations, systemStatus, withLatency } from "@domain/diagnostics/health";
import { describe, expect, it } from "vitest";

const check = (id: string, status: "pass" | "warn" | "fail" | "not_configured") => ({
  id,
  name: id,
  status,
  durationMs: 1,
  detail: `${id} detail`,
});

describe("health constants (spec 000 sections 4 and 9)", () => {
  it("healthy at 90, degraded at 70; 10 s connectivity time-out, slow over 5 s, auto-refresh 30 s", () => {
    expect(HEALTH).toEqual({
      healthyAt: 90,
      degradedAt: 70,
      connectivityTimeoutMs: 10_000,
      slowNetworkMs: 5_000,
      autoRefreshSeconds: 30,
    });
  });
});

describe("system status from the score", () => {
  it.each([
    [100, "healthy"],
    [90, "healthy"],
    [89, "degraded"],
    [70, "degraded"],
    [69, "unhealthy"],
    [0, "unhealthy"],
  ] as const)("%i -> %s", (score, status) => {
    expect(systemStatus(score)).toBe(status);
  });
});

describe("health score", () => {
  it("a pass earns a full share, a warning half, a failure nothing", () => {
    expect(healthScore([check("a", "pass"), check("b", "pass")])).toBe(100);
    expect(healthScore([check("a", "pass"), check("b", "warn")])).toBe(75);
    expect(healthScore([check("a", "pass"), check("b", "fail")])).toBe(50);
    expect(healthScore([check("a", "fail")])).toBe(0);
  });
  it("services that are not configured do not count", () => {
    expect(healthScore([check("a", "pass"), check("oauth", "not_configured")])).toBe(100);
    expect(healthScore([check("oauth", "not_configured")])).toBe(100);
    expect(healthScore([])).toBe(100);
  });
  it("one failure in five checks is 80: degraded; one warning in five is 90: healthy", () => {
    const four = ["a", "b", "c", "d"].map((id) => check(id, "pass"));
    expect(systemStatus(healthScore([...four, check("e", "fail")]))).toBe("degraded");
    expect(systemStatus(healthScore([...four, check("e", "warn")]))).toBe("healthy");
  });
  it("a passing check slower than 5 s is a warning", () => {
    expect(withLatency("pass", 5_000)).toBe("pass");
    expect(withLatency("pass", 5_001)).toBe("warn");
    expect(withLatency("fail", 6_000)).toBe("fail");
  });
});

describe("recommendations", () => {
  it("come from what failed, warned or is not configured, and from circuits", () => {
    const recs = recommendations(
      [check("database", "fail"), check("smtp", "not_configured"), check("ping", "pass"), check("x", "fail")],
      [
        { name: "Stripe", state: "open", healthy: false, slow: false },
        { name: "SMTP mail", state: "closed", healthy: false, slow: true },
      ],
    );
    expect(recs).toEqual([
      "The database does not answer: check DATABASE_URL and that PostgreSQL is running.",
      "Mail goes to the local outbox: set SMTP_URL so confirmation and reset e-mails reach people.",
      "x: x detail",
      "The Stripe circuit is open: calls fail fast; fix the service, then Reset.",
      "The SMTP mail calls fail often (10% or more): look at the recent errors.",
      "The SMTP mail calls are slow (over 5 s on average).",
    ]);
  });
  it("say all is well when nothing failed", () => {
    expect(recommendations([check("database", "pass")])).toEqual([
      "All systems are working. No action is needed.",
    ]);
  });
});
