import { ERROR_FIELD_LIMITS, ERROR_ID_PATTERN, ERROR_TEXTS } from "@domain/errors/classify";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { limitAttempts } from "~/auth/auth-limits.server";
import { rateLimitedResponse } from "~/auth/rate-limit.server";
import { getSessionUser } from "~/auth/session.server";
import { claimGuestReport, recordError, reportIssue } from "~/commands/errors.server";
import { getDb } from "~/db.server";
import { clientIp } from "~/load-context";

/** A body larger than this is refused before it is read (413). */
const MAX_BODY_BYTES = 32 * 1024;

const text = (max: number) =>
  z
    .string()
    .transform((v) => v.slice(0, max))
    .optional()
    .nullable();

const ErrorReportSchema = z.object({
  /** client: window.onerror / unhandledrejection; boundary: an error screen; report: Report Issue. */
  kind: z.enum(["client", "boundary", "report"]),
  errorId: z.string().regex(ERROR_ID_PATTERN, "Invalid error id"),
  message: z
    .string({ required_error: "A message is required" })
    .min(1, "A message is required")
    .transform((v) => v.slice(0, ERROR_FIELD_LIMITS.message)),
  stack: text(ERROR_FIELD_LIMITS.stack),
  url: text(ERROR_FIELD_LIMITS.url),
  userAgent: text(ERROR_FIELD_LIMITS.userAgent),
  comment: text(ERROR_FIELD_LIMITS.comment),
  component: text(200),
  level: z.enum(["global", "route", "component"]).optional().nullable(),
});

/**
 * POST /api/errors: browsers report errors here (spec 000 sections 2.10 and 8). The answer says whether
 * the record was stored, and only then does a screen say "Error report sent successfully". Limited per
 * address, and reports from guests also by one budget across every address; every field capped.
 */
/** A browser without JavaScript posted the Report Issue form: answer with a page, not JSON. */
function wantsPage(request: Request) {
  return (
    !(request.headers.get("Content-Type") ?? "").includes("application/json") &&
    (request.headers.get("Accept") ?? "").includes("text/html")
  );
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(status: number, title: string, text: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Association Commons</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center"><h1 style="font-size:1.5rem">${escapeHtml(title)}</h1><p role="status">${escapeHtml(text)}</p><p><a href="/dashboard">Go Home</a></p></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

export async function action(args: ActionFunctionArgs) {
  const response = await store(args);
  if (!wantsPage(args.request)) return response;
  if (response.ok) return page(response.status, "Report Issue", ERROR_TEXTS.reportSent);
  const body = (await response.json().catch(() => null)) as { error?: string } | null;
  return page(
    response.status,
    "Report Issue",
    `The report could not be sent: ${body?.error ?? "please try again"}.`,
  );
}

async function store({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BODY_BYTES) return json({ error: "Report too large" }, { status: 413 });
  const raw = await request.text();
  if (raw.length > MAX_BODY_BYTES) return json({ error: "Report too large" }, { status: 413 });
  let body: unknown;
  if ((request.headers.get("Content-Type") ?? "").includes("application/json")) {
    try {
      body = JSON.parse(raw);
    } catch {
      return json({ error: "The report is not valid JSON" }, { status: 400 });
    }
  } else {
    body = Object.fromEntries(new URLSearchParams(raw));
  }
  const parsed = ErrorReportSchema.safeParse(body);
  if (!parsed.success) {
    return json({ error: parsed.error.issues[0]?.message ?? "Invalid report" }, { status: 400 });
  }
  const db = await getDb();
  const limited = await limitAttempts(db, ["error_report_ip", clientIp(context)]);
  if (limited) return limited;
  const user = await getSessionUser(request).catch(() => null);
  // Nobody signed in (issue 26, part 5): a guest report, within the one budget all addresses share, and
  // kept apart from the reports of signed-in people and server errors.
  if (!user) {
    const budget = await claimGuestReport(db);
    if (!budget.allowed) return rateLimitedResponse(budget.retryAfter);
  }
  const r = parsed.data;
  const input = {
    guest: !user,
    errorId: r.errorId,
    message: r.message,
    stack: r.stack,
    url: r.url,
    userId: user?.id ?? null,
    ip: clientIp(context),
    context: {
      ...(r.userAgent ? { userAgent: r.userAgent } : {}),
      ...(r.component ? { component: r.component } : {}),
      ...(r.level ? { level: r.level } : {}),
    },
  };
  const stored =
    r.kind === "report"
      ? await reportIssue(db, { ...input, errorId: r.errorId, comment: r.comment })
      : await recordError(db, { ...input, source: r.kind });
  return json(
    { stored: true as const, errorId: stored.errorId, category: stored.category, severity: stored.severity },
    { status: stored.created ? 201 : 200 },
  );
}
