import {
  admit,
  CIRCUIT_BREAKER,
  type CircuitState,
  circuitMetrics,
  currentState,
  initialCircuit,
  OPERATION_TIMEOUTS_MS,
  recordFailure,
  recordSuccess,
  resetCircuit,
} from "@domain/diagnostics/circuit-breaker";
import { describe, expect, it } from "vitest";

const fail = (c: CircuitState, at: number, times = 1) => {
  let s = c;
  for (let i = 0; i < times; i += 1) s = recordFailure(s, at, 10, "boom");
  return s;
};
const succeed = (c: CircuitState, at: number, times = 1) => {
  let s = c;
  for (let i = 0; i < times; i += 1) s = recordSuccess(s, at, 10);
  return s;
};
/** Opened at t = 0. */
const opened = () => fail(initialCircuit(), 0, 5);

describe("circuit breaker constants (spec 000 section 9)", () => {
  it("failure threshold 5, reset timeout 30 s, monitoring period 60 s, 3 half-open calls, 15 s time-out", () => {
    expect(CIRCUIT_BREAKER.failureThreshold).toBe(5);
    expect(CIRCUIT_BREAKER.resetTimeoutMs).toBe(30_000);
    expect(CIRCUIT_BREAKER.monitoringPeriodMs).toBe(60_000);
    expect(CIRCUIT_BREAKER.halfOpenCalls).toBe(3);
    expect(CIRCUIT_BREAKER.defaultTimeoutMs).toBe(15_000);
  });
  it("unhealthy at a 10% failure rate, slow above 5 s on average", () => {
    expect(CIRCUIT_BREAKER.unhealthyFailureRate).toBe(0.1);
    expect(CIRCUIT_BREAKER.slowAverageMs).toBe(5_000);
  });
  it("per-operation time-outs: sign-in 20 s, sign-up 25 s, sign-out 10 s, session and user 5 s", () => {
    expect(OPERATION_TIMEOUTS_MS).toEqual({
      signIn: 20_000,
      signUp: 25_000,
      signOut: 10_000,
      getSession: 5_000,
      getUser: 5_000,
    });
  });
});

describe("closed", () => {
  it("starts closed and lets calls through", () => {
    const c = initialCircuit();
    expect(c.state).toBe("closed");
    expect(admit(c, 0).allowed).toBe(true);
  });
  it("stays closed at 4 failures and opens at the 5th", () => {
    const four = fail(initialCircuit(), 0, 4);
    expect(four.state).toBe("closed");
    expect(four.failures).toBe(4);
    const five = recordFailure(four, 100, 10, "fifth");
    expect(five.state).toBe("open");
    expect(five.openedAt).toBe(100);
    expect(five.lastError).toBe("fifth");
  });
  it("a success resets the failure count", () => {
    const c = succeed(fail(initialCircuit(), 0, 4), 0);
    expect(c.failures).toBe(0);
    expect(fail(c, 0, 4).state).toBe("closed");
  });
});

describe("open", () => {
  it("refuses calls until the reset timeout, saying how long to wait", () => {
    const c = opened();
    const early = admit(c, 29_999);
    expect(early.allowed).toBe(false);
    if (!early.allowed) expect(early.retryInMs).toBe(1);
    expect(currentState(c, 29_999).state).toBe("open");
  });
  it("goes half-open once 30 s have passed", () => {
    const c = opened();
    expect(currentState(c, 30_000).state).toBe("half-open");
    expect(admit(c, 30_000).allowed).toBe(true);
  });
  it("late results while open do not close it", () => {
    expect(succeed(opened(), 1_000).state).toBe("open");
    expect(fail(opened(), 1_000).openedAt).toBe(0);
  });
});

describe("half-open", () => {
  const halfOpen = () => currentState(opened(), 30_000);
  it("admits at most 3 trial calls at a time", () => {
    let c = halfOpen();
    for (let i = 0; i < 3; i += 1) {
      const a = admit(c, 30_000);
      expect(a.allowed).toBe(true);
      c = a.circuit;
    }
    expect(admit(c, 30_000).allowed).toBe(false);
  });
  it("closes after 3 successes, not after 2", () => {
    const two = succeed(halfOpen(), 30_001, 2);
    expect(two.state).toBe("half-open");
    const three = recordSuccess(two, 30_002, 10);
    expect(three.state).toBe("closed");
    expect(three.failures).toBe(0);
  });
  it("reopens on any failure, with a new reset timeout", () => {
    const c = recordFailure(succeed(halfOpen(), 30_001, 2), 31_000, 10, "again");
    expect(c.state).toBe("open");
    expect(c.openedAt).toBe(31_000);
    expect(currentState(c, 60_999).state).toBe("open");
    expect(currentState(c, 61_000).state).toBe("half-open");
  });
});

describe("reset and metrics", () => {
  it("reset closes the circuit and clears its history", () => {
    expect(resetCircuit()).toEqual(initialCircuit());
  });
  it("failure rate and average response over the last 60 s; unhealthy at 10%, slow above 5 s", () => {
    let c = initialCircuit();
    for (let i = 0; i < 9; i += 1) c = recordSuccess(c, 1_000, 100);
    c = recordFailure(c, 1_000, 100, "x");
    const m = circuitMetrics(c, 1_000);
    expect(m.calls).toBe(10);
    expect(m.failureRate).toBeCloseTo(0.1);
    expect(m.healthy).toBe(false);
    expect(m.averageResponseMs).toBe(100);
    expect(m.issues).toContain("High failure rate (10%)");
    // 61 s later the calls have left the window.
    expect(circuitMetrics(c, 62_000).calls).toBe(0);
    const slow = recordSuccess(initialCircuit(), 0, 5_001);
    expect(circuitMetrics(slow, 0).slow).toBe(true);
    expect(circuitMetrics(recordSuccess(initialCircuit(), 0, 5_000), 0).slow).toBe(false);
  });
  it("an open circuit is reported as an issue", () => {
    expect(circuitMetrics(opened(), 1).issues[0]).toMatch(/Circuit is open/);
    expect(circuitMetrics(opened(), 30_000).state).toBe("half-open");
  });
});
