import { formatErrorId, serverErrorIdFromStack } from "@domain/errors/classify";

/** Browser side of error reporting: ids and POSTs to /api/errors (the server stores the record). */

export type ReportKind = "client" | "boundary" | "report";

export interface ErrorReport {
  kind: ReportKind;
  errorId: string;
  message: string;
  stack?: string | null;
  url?: string;
  component?: string;
  level?: "global" | "route" | "component";
  comment?: string;
}

function randomPart(): string {
  const bytes = new Uint8Array(4);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new error id (the server makes the same shape). */
export function newClientErrorId(): string {
  return formatErrorId(Date.now(), randomPart());
}

/**
 * The id an error screen shows: the one the server stored for a failed loader or action (set on the
 * error during server rendering, or named in its stack after a client-side navigation), else the one already on the page from server rendering (so
 * hydration keeps it), else a new one.
 */
export function errorIdFor(error: unknown): string {
  const fromError = (error as { errorId?: unknown } | null)?.errorId;
  if (typeof fromError === "string") return fromError;
  // A loader or action that failed on a client-side navigation (entry.server handleDataRequest).
  const fromStack = serverErrorIdFromStack((error as { stack?: string } | null)?.stack);
  if (fromStack) return fromStack;
  if (typeof document !== "undefined") {
    const shown = document.querySelector("[data-error-id]")?.getAttribute("data-error-id");
    if (shown) return shown;
  }
  return newClientErrorId();
}

export function errorMessage(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? null };
  if (error && typeof error === "object" && "status" in error) {
    const e = error as { status: number; statusText?: string };
    return { message: `${e.status} ${e.statusText ?? ""}`.trim(), stack: null };
  }
  return { message: typeof error === "string" ? error : "Unknown error", stack: null };
}

/** Sends a report; true only when the server answered that it stored it. */
export async function sendErrorReport(report: ErrorReport): Promise<boolean> {
  try {
    const response = await fetch("/api/errors", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        ...report,
        url: report.url ?? window.location.href,
        userAgent: navigator.userAgent,
      }),
      keepalive: true,
    });
    if (!response.ok) return false;
    const body = (await response.json().catch(() => null)) as { stored?: boolean } | null;
    return body?.stored === true;
  } catch {
    return false;
  }
}

let installed = false;
let sent = 0;
/** At most this many uncaught errors are reported per page load (a loop must not flood the server). */
const MAX_CLIENT_REPORTS = 10;

/** Reports uncaught errors and unhandled promise rejections (window.onerror / unhandledrejection). */
export function installGlobalErrorReporting() {
  if (installed || typeof window === "undefined") return;
  installed = true;
  const send = (message: string, stack: string | null) => {
    if (sent >= MAX_CLIENT_REPORTS) return;
    sent += 1;
    void sendErrorReport({ kind: "client", errorId: newClientErrorId(), message, stack });
  };
  window.addEventListener("error", (event) => {
    const { message, stack } = errorMessage(event.error ?? event.message);
    send(message || "Script error", stack);
  });
  window.addEventListener("unhandledrejection", (event) => {
    const { message, stack } = errorMessage(event.reason);
    send(`Unhandled promise rejection: ${message}`, stack);
  });
}
