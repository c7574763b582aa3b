import {
  CONNECTION_MESSAGE_MAX,
  CONNECTION_MESSAGES,
  CONNECTION_STATUS_FILTERS,
  CONNECTION_TYPES,
  type ConnectionStatusFilter,
  type ConnectionType,
  remainingRequestsHint,
} from "@domain/network/connections";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireContext } from "~/auth/guards.server";
import { safeRedirect } from "~/auth/safe-redirect";
import {
  acceptConnection,
  blockPerson,
  type ConnectionError,
  cancelConnectionRequest,
  declineConnection,
  removeConnection,
  requestConnection,
  unblockPerson,
} from "~/commands/connections.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import { connectionSuggestions } from "~/queries/connection-suggestions.server";
import { connectionsPage } from "~/queries/connections.server";

/**
 * /connections (issue 28 part 3): the loader (list, filters and panels, suggestions) and the one action
 * every connection form of the product posts to (this page, ConnectionActions on profiles, proposals,
 * RFP cards and member lists), one union on `intent`. A form from another page names where to go back
 * (`redirectTo`, a same-site path).
 */

const id = z.string().uuid();
const version = z.coerce.number().int().min(0).max(2_147_483_647);
const message = z.string().max(CONNECTION_MESSAGE_MAX, CONNECTION_MESSAGES.messageTooLong).optional();
const redirectTo = z.string().max(500).optional();

export const ConnectionActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("request"),
    userId: id,
    connectionType: z.enum(CONNECTION_TYPES).default("professional"),
    message,
    version: version.default(0),
    redirectTo,
  }),
  z.object({ intent: z.literal("accept"), connectionId: id, version, message, redirectTo }),
  z.object({ intent: z.literal("decline"), connectionId: id, version, message, redirectTo }),
  z.object({ intent: z.literal("cancel"), connectionId: id, version, redirectTo }),
  z.object({ intent: z.literal("remove"), connectionId: id, version, redirectTo }),
  z.object({ intent: z.literal("unblock"), connectionId: id, version, redirectTo }),
  z.object({ intent: z.literal("block"), userId: id, version: version.default(0), redirectTo }),
]);

export type ConnectionActionData = { error: string; current?: unknown };

function readFilters(url: URL) {
  const type = url.searchParams.get("type") ?? "all";
  const status = url.searchParams.get("status") ?? "all";
  return {
    q: (url.searchParams.get("q") ?? "").slice(0, 100),
    type: ((CONNECTION_TYPES as readonly string[]).includes(type) ? type : "all") as ConnectionType | "all",
    status: ((CONNECTION_STATUS_FILTERS as readonly string[]).includes(status)
      ? status
      : "all") as ConnectionStatusFilter,
  };
}

export async function connectionsLoader(request: Request) {
  const viewer = await requireContext(request);
  const url = new URL(request.url);
  const filters = readFilters(url);
  const tab = url.searchParams.get("tab") === "suggestions" ? "suggestions" : "connections";
  const db = await getDb();
  const [page, suggestions] = await Promise.all([
    connectionsPage(db, viewer.user.id, filters),
    connectionSuggestions(db, viewer.user.id),
  ]);
  // The accept / decline form as a page (without JavaScript; with it, a dialog shows the same form).
  const respondId = url.searchParams.get("respond");
  const answer: "accept" | "decline" = url.searchParams.get("answer") === "decline" ? "decline" : "accept";
  const responding = respondId ? (page.incoming.find((i) => i.id === respondId) ?? null) : null;
  return json({
    viewerId: viewer.user.id,
    filters,
    filtersOpen:
      url.searchParams.get("filters") === "open" || filters.type !== "all" || filters.status !== "all",
    tab,
    ...page,
    suggestions,
    responding: responding ? { item: responding, answer } : null,
  });
}

const errorReply = (error: ConnectionError) => {
  if (error.kind === "not_found") pageNotFound();
  if (error.kind === "rate_limited") {
    return json<ConnectionActionData>(
      { error: error.message },
      { status: 429, headers: { "Retry-After": String(error.retryAfter) } },
    );
  }
  return json<ConnectionActionData>(
    { error: error.message, ...(error.kind === "stale" ? { current: error.current } : {}) },
    { status: domainErrorStatus(error.kind) },
  );
};

export async function connectionsAction(request: Request) {
  const viewer = await requireContext(request);
  const actor = { userId: viewer.user.id, contextId: viewer.context.id };
  const { submission } = await parseSubmission(request, ConnectionActionSchema);
  if (submission.status !== "success") {
    const messageError = submission.error?.message?.[0];
    return json<ConnectionActionData>(
      { error: messageError ?? "The form could not be read. Please try again." },
      { status: 400 },
    );
  }
  const v = submission.value;
  const back = safeRedirect(v.redirectTo, "/connections");
  const db = await getDb();

  if (v.intent === "request") {
    // The day's limit is counted inside the command, in once()'s transaction: a repeat counts nothing.
    const sent = await once(request, actor.userId, submission.payload, (tx) =>
      requestConnection(tx, actor, {
        addresseeId: v.userId,
        connectionType: v.connectionType,
        message: v.message,
        version: v.version,
      }),
    );
    if (!sent.ok) return errorReply(sent.error);
    const hint = remainingRequestsHint(sent.value.remaining);
    return redirectWithFlash(back, {
      tone: "success",
      message: hint ? `${CONNECTION_MESSAGES.sent}. ${hint}` : CONNECTION_MESSAGES.sent,
    });
  }

  if (v.intent === "block") {
    const done = await blockPerson(db, actor, { userId: v.userId, version: v.version });
    if (!done.ok) return errorReply(done.error);
    return redirectWithFlash(back, { tone: "success", message: CONNECTION_MESSAGES.blockedDone });
  }

  const input = {
    connectionId: v.connectionId,
    version: v.version,
    message: "message" in v ? v.message : undefined,
  };
  const run = {
    accept: [acceptConnection, CONNECTION_MESSAGES.accepted],
    decline: [declineConnection, CONNECTION_MESSAGES.declined],
    cancel: [cancelConnectionRequest, CONNECTION_MESSAGES.cancelled],
    remove: [removeConnection, CONNECTION_MESSAGES.removed],
    unblock: [unblockPerson, CONNECTION_MESSAGES.unblocked],
  } as const;
  const [command, done] = run[v.intent];
  const result = await command(db, actor, input);
  if (!result.ok) return errorReply(result.error);
  // After answering from the respond page, back to the list (not to ?respond=).
  return redirectWithFlash(back.startsWith("/connections?respond") ? "/connections" : back, {
    tone: "success",
    message: done,
  });
}
