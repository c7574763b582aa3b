/**
 * The circuit breaker for outbound calls (spec 000 sections 4 and 9), as a pure state machine: the
 * caller passes the clock in. Closed: calls go through; 5 failures open it. Open: calls fail fast
 * until the 30 s reset timeout has passed, then it is half-open. Half-open: up to 3 trial calls;
 * 3 successes close it, any failure opens it again.
 */

export const CIRCUIT_BREAKER = {
  failureThreshold: 5,
  resetTimeoutMs: 30_000,
  /** Failure rate and average response time are measured over this window. */
  monitoringPeriodMs: 60_000,
  /** Trial calls in half-open; this many successes close the circuit. */
  halfOpenCalls: 3,
  defaultTimeoutMs: 15_000,
  /** The circuit is unhealthy at a failure rate of 10% or more, slow above 5 s on average. */
  unhealthyFailureRate: 0.1,
  slowAverageMs: 5_000,
} as const;

/** Per-operation time-outs (spec 000 section 9). */
export const OPERATION_TIMEOUTS_MS = {
  signIn: 20_000,
  signUp: 25_000,
  signOut: 10_000,
  getSession: 5_000,
  getUser: 5_000,
} as const;

export type CircuitStateName = "closed" | "open" | "half-open";

export interface CallSample {
  at: number;
  ok: boolean;
  durationMs: number;
}

export interface CircuitState {
  state: CircuitStateName;
  /** Consecutive failures while closed. */
  failures: number;
  /** Successes in the current half-open trial. */
  halfOpenSuccesses: number;
  /** Trial calls let through in the current half-open period and not yet finished. */
  halfOpenInFlight: number;
  openedAt: number | null;
  /** Recent calls for the failure rate and average response time (within the monitoring period). */
  samples: CallSample[];
  lastError: string | null;
}

export const initialCircuit = (): CircuitState => ({
  state: "closed",
  failures: 0,
  halfOpenSuccesses: 0,
  halfOpenInFlight: 0,
  openedAt: null,
  samples: [],
  lastError: null,
});

/** The state as of `now`: an open circuit whose reset timeout has passed is half-open. */
export function currentState(circuit: CircuitState, now: number): CircuitState {
  if (
    circuit.state === "open" &&
    circuit.openedAt !== null &&
    now - circuit.openedAt >= CIRCUIT_BREAKER.resetTimeoutMs
  ) {
    return { ...circuit, state: "half-open", halfOpenSuccesses: 0, halfOpenInFlight: 0 };
  }
  return circuit;
}

export type Admission =
  | { allowed: true; circuit: CircuitState }
  | { allowed: false; circuit: CircuitState; retryInMs: number };

/** Whether a call may go out now; a half-open circuit admits at most 3 trial calls at a time. */
export function admit(circuit: CircuitState, now: number): Admission {
  const c = currentState(circuit, now);
  if (c.state === "open") {
    return {
      allowed: false,
      circuit: c,
      retryInMs: Math.max(0, (c.openedAt ?? now) + CIRCUIT_BREAKER.resetTimeoutMs - now),
    };
  }
  if (c.state === "half-open") {
    if (c.halfOpenInFlight + c.halfOpenSuccesses >= CIRCUIT_BREAKER.halfOpenCalls) {
      return { allowed: false, circuit: c, retryInMs: 0 };
    }
    return { allowed: true, circuit: { ...c, halfOpenInFlight: c.halfOpenInFlight + 1 } };
  }
  return { allowed: true, circuit: c };
}

function keepRecent(samples: CallSample[], sample: CallSample, now: number) {
  return [...samples, sample].filter((s) => now - s.at <= CIRCUIT_BREAKER.monitoringPeriodMs);
}

/** A call finished well. */
export function recordSuccess(circuit: CircuitState, now: number, durationMs: number): CircuitState {
  const c = currentState(circuit, now);
  const samples = keepRecent(c.samples, { at: now, ok: true, durationMs }, now);
  if (c.state === "half-open") {
    const successes = c.halfOpenSuccesses + 1;
    if (successes >= CIRCUIT_BREAKER.halfOpenCalls) {
      return { ...initialCircuit(), samples };
    }
    return {
      ...c,
      samples,
      halfOpenSuccesses: successes,
      halfOpenInFlight: Math.max(0, c.halfOpenInFlight - 1),
    };
  }
  if (c.state === "open") return { ...c, samples };
  return { ...c, samples, failures: 0 };
}

/** A call failed (or timed out). */
export function recordFailure(
  circuit: CircuitState,
  now: number,
  durationMs: number,
  error: string,
): CircuitState {
  const c = currentState(circuit, now);
  const samples = keepRecent(c.samples, { at: now, ok: false, durationMs }, now);
  if (c.state === "half-open") {
    return {
      ...c,
      samples,
      state: "open",
      openedAt: now,
      halfOpenSuccesses: 0,
      halfOpenInFlight: 0,
      failures: c.failures + 1,
      lastError: error,
    };
  }
  if (c.state === "open") return { ...c, samples, lastError: error };
  const failures = c.failures + 1;
  if (failures >= CIRCUIT_BREAKER.failureThreshold) {
    return { ...c, samples, state: "open", openedAt: now, failures, lastError: error };
  }
  return { ...c, samples, failures, lastError: error };
}

/** Reset: closed, counts and history cleared. */
export const resetCircuit = (): CircuitState => initialCircuit();

export interface CircuitMetrics {
  state: CircuitStateName;
  failures: number;
  calls: number;
  /** 0..1 over the monitoring period; 0 without calls. */
  failureRate: number;
  averageResponseMs: number | null;
  healthy: boolean;
  slow: boolean;
  issues: string[];
}

/** What the Circuit Breaker panel shows for one circuit as of `now`. */
export function circuitMetrics(circuit: CircuitState, now: number): CircuitMetrics {
  const c = currentState(circuit, now);
  const recent = c.samples.filter((s) => now - s.at <= CIRCUIT_BREAKER.monitoringPeriodMs);
  const failed = recent.filter((s) => !s.ok).length;
  const failureRate = recent.length ? failed / recent.length : 0;
  const averageResponseMs = recent.length
    ? Math.round(recent.reduce((sum, s) => sum + s.durationMs, 0) / recent.length)
    : null;
  const unhealthy = failureRate >= CIRCUIT_BREAKER.unhealthyFailureRate;
  const slow = averageResponseMs !== null && averageResponseMs > CIRCUIT_BREAKER.slowAverageMs;
  const issues: string[] = [];
  if (c.state === "open") issues.push("Circuit is open: calls fail fast until the reset timeout passes");
  if (c.state === "half-open") issues.push("Circuit is half-open: trial calls are testing the service");
  if (unhealthy) issues.push(`High failure rate (${Math.round(failureRate * 100)}%)`);
  if (slow) issues.push(`Slow responses (average ${averageResponseMs} ms)`);
  return {
    state: c.state,
    failures: c.failures,
    calls: recent.length,
    failureRate,
    averageResponseMs,
    healthy: c.state === "closed" && !unhealthy,
    slow,
    issues,
  };
}
