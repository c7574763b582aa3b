import {
  admit,
  CIRCUIT_BREAKER,
  type CircuitMetrics,
  type CircuitState,
  circuitMetrics,
  initialCircuit,
  recordFailure,
  recordSuccess,
} from "@domain/diagnostics/circuit-breaker";

/**
 * The circuit breakers around this server's outbound calls (OAuth provider, SMTP, Stripe): a small
 * in-process registry of the pure state machine in domain/diagnostics/circuit-breaker.ts. Each app
 * server protects its own calls; nothing here decides correctness, it only stops hammering a service
 * that is down and fails fast with a clear error.
 */
export const CIRCUITS = ["oauth", "smtp", "stripe"] as const;
export type CircuitName = (typeof CIRCUITS)[number];

export const CIRCUIT_LABELS: Record<CircuitName, string> = {
  oauth: "OAuth provider",
  smtp: "SMTP mail",
  stripe: "Stripe",
};

const circuits = new Map<CircuitName, CircuitState>();
const read = (name: CircuitName) => circuits.get(name) ?? initialCircuit();

/** An open circuit refused the call without trying it. */
export class CircuitOpenError extends Error {
  constructor(
    readonly circuit: CircuitName,
    readonly retryInMs: number,
  ) {
    super(
      `${CIRCUIT_LABELS[circuit]} is temporarily unavailable: the circuit breaker is open after repeated failures${
        retryInMs > 0 ? `; it will try again in ${Math.ceil(retryInMs / 1000)} s` : ""
      }.`,
    );
    this.name = "CircuitOpenError";
  }
}

export class CircuitTimeoutError extends Error {
  constructor(circuit: CircuitName, timeoutMs: number) {
    super(`${CIRCUIT_LABELS[circuit]} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    this.name = "CircuitTimeoutError";
  }
}

export interface CircuitOptions {
  timeoutMs?: number;
  /** Whether an error counts against the service (default: every error; a 4xx answer is the caller's fault). */
  isFailure?: (error: unknown) => boolean;
}

const defaultIsFailure = (error: unknown) => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return !(typeof status === "number" && status >= 400 && status < 500);
};

/** Runs an outbound call through its circuit: refused at once when open, counted when it ends. */
export async function withCircuit<T>(
  name: CircuitName,
  call: () => Promise<T>,
  options: CircuitOptions = {},
) {
  const admission = admit(read(name), Date.now());
  circuits.set(name, admission.circuit);
  if (!admission.allowed) throw new CircuitOpenError(name, admission.retryInMs);
  const timeoutMs = options.timeoutMs ?? CIRCUIT_BREAKER.defaultTimeoutMs;
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const result = await Promise.race([
      call(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CircuitTimeoutError(name, timeoutMs)), timeoutMs);
      }),
    ]);
    circuits.set(name, recordSuccess(read(name), Date.now(), performance.now() - started));
    return result;
  } catch (error) {
    const duration = performance.now() - started;
    if ((options.isFailure ?? defaultIsFailure)(error)) {
      circuits.set(name, recordFailure(read(name), Date.now(), duration, String(error)));
    } else {
      circuits.set(name, recordSuccess(read(name), Date.now(), duration));
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export interface CircuitReport extends CircuitMetrics {
  name: CircuitName;
  label: string;
  lastError: string | null;
}

export function circuitReports(now = Date.now()): CircuitReport[] {
  return CIRCUITS.map((name) => {
    const circuit = read(name);
    return {
      name,
      label: CIRCUIT_LABELS[name],
      lastError: circuit.lastError,
      ...circuitMetrics(circuit, now),
    };
  });
}

/** Reset: closed, counts cleared (one circuit, or all). */
export function resetCircuits(name?: CircuitName) {
  if (name) circuits.set(name, initialCircuit());
  else circuits.clear();
}
