import { queryRows } from "@db/client";
import {
  ENDORSEMENT_FILTERS,
  ENDORSEMENT_LIMITS,
  ENDORSEMENT_MESSAGES,
  ENDORSEMENT_SORTS,
  type EndorsementFilter,
  type EndorsementSort,
  RELATIONSHIP_TYPES,
  remainingRequestsHint,
} from "@domain/network/endorsements";
import { USER_ACTION_LIMITS, userActionLimitMessage } from "@domain/rules/rate-limits";
import { json } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { hitRateLimit, type RateLimitResult } from "~/auth/rate-limit.server";
import { safeRedirect } from "~/auth/safe-redirect";
import {
  declineEndorsementRequest,
  deleteEndorsement,
  type EndorsementValues,
  requestEndorsement,
  respondToEndorsement,
  setEndorsementHidden,
  toggleHelpful,
  updateEndorsement,
  writeEndorsement,
} from "~/commands/network-endorsements.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorReply, domainErrorStatus, intentOf, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import {
  connectionChoices,
  endorsementRequestsOf,
  listEndorsements,
  ownGivenEndorsement,
} from "~/queries/network-endorsements.server";
import { skillNamesOf } from "~/queries/network-skills.server";
import { mayViewProfile } from "./_app.professional.skills.server";

/**
 * /professional/endorsements (issue 28, part 5): the full list (All / Received / Given, search and sort
 * on the server), the request, write and edit dialogs, requests to answer, and the actions on one
 * endorsement (hide, Helpful, Respond) that the profile page's compact list posts here too.
 */

export const ENDORSEMENTS_PATH = "/professional/endorsements";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalText = (max: number) => z.preprocess(blank, z.string().trim().max(max).optional());
const required = (message: string, max: number, tooLong: string) =>
  z.string({ required_error: message }).trim().min(1, message).max(max, tooLong);

const endorsementFields = {
  skillName: required(
    ENDORSEMENT_MESSAGES.skillRequired,
    ENDORSEMENT_LIMITS.skillMax,
    ENDORSEMENT_MESSAGES.skillRequired,
  ),
  endorsementText: required(
    ENDORSEMENT_MESSAGES.textRequired,
    ENDORSEMENT_LIMITS.textMax,
    ENDORSEMENT_MESSAGES.textTooLong,
  ),
  relationshipType: z.enum(RELATIONSHIP_TYPES, {
    errorMap: () => ({ message: ENDORSEMENT_MESSAGES.relationship }),
  }),
  workingRelationshipContext: optionalText(ENDORSEMENT_LIMITS.contextMax),
  isPublic: z.boolean().default(false),
};
const id = z.string().uuid();
const person = z
  .string({ required_error: ENDORSEMENT_MESSAGES.personRequired })
  .uuid(ENDORSEMENT_MESSAGES.personRequired);
const redirectTo = z.string().max(2000).optional();

export const EndorsementsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request"), endorserId: person, ...endorsementFields }),
  z.object({
    intent: z.literal("write"),
    endorseeId: person,
    requestId: id.optional(),
    ...endorsementFields,
  }),
  z.object({
    intent: z.literal("update"),
    endorsementId: id,
    version: z.coerce.number().int().min(1),
    ...endorsementFields,
  }),
  z.object({ intent: z.literal("delete"), endorsementId: id }),
  z.object({ intent: z.literal("hide"), endorsementId: id, redirectTo }),
  z.object({ intent: z.literal("unhide"), endorsementId: id, redirectTo }),
  z.object({ intent: z.literal("helpful"), endorsementId: id, redirectTo }),
  z.object({
    intent: z.literal("respond"),
    endorsementId: id,
    responseText: required(
      ENDORSEMENT_MESSAGES.responseRequired,
      ENDORSEMENT_LIMITS.responseMax,
      ENDORSEMENT_MESSAGES.responseRequired,
    ),
    redirectTo,
  }),
  z.object({ intent: z.literal("decline-request"), requestId: id }),
]);
const INTENTS = [
  "request",
  "write",
  "update",
  "delete",
  "hide",
  "unhide",
  "helpful",
  "respond",
  "decline-request",
] as const;

const valuesOf = (v: {
  skillName: string;
  endorsementText: string;
  relationshipType: string;
  workingRelationshipContext?: string;
  isPublic: boolean;
}): EndorsementValues => ({
  skillName: v.skillName,
  endorsementText: v.endorsementText,
  relationshipType: v.relationshipType,
  workingRelationshipContext: v.workingRelationshipContext ?? null,
  isPublic: v.isPublic,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(value ?? "") ? (value as T) : fallback;

export async function endorsementsLoader(request: Request) {
  const viewer = await requireViewer(request);
  const me = viewer.user.id;
  const db = await getDb();
  const url = new URL(request.url);
  const filter = pick<EndorsementFilter>(url.searchParams.get("filter"), ENDORSEMENT_FILTERS, "all");
  const sort = pick<EndorsementSort>(url.searchParams.get("sort"), ENDORSEMENT_SORTS, "newest");
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const userParam = url.searchParams.get("user");
  const subjectId = userParam && userParam !== me ? userParam : me;
  if (subjectId !== me && (!UUID.test(subjectId) || !(await mayViewProfile(db, subjectId, me))))
    pageNotFound();
  const [subject] = await queryRows<{ full_name: string | null; username: string | null }>(
    db,
    sql`select full_name, username from user_profiles where id = ${subjectId}`,
  );
  const isOwner = subjectId === me;
  const list = await listEndorsements(db, subjectId, me, { filter, q, sort });

  // The dialogs, opened by the URL (so links open them without JavaScript).
  const editId = url.searchParams.get("edit");
  const editing = isOwner && editId ? await ownGivenEndorsement(db, me, editId) : null;
  const incoming = isOwner ? await endorsementRequestsOf(db, me, "incoming") : [];
  const sent = isOwner ? await endorsementRequestsOf(db, me, "sent") : [];
  const answerId = url.searchParams.get("answer");
  const answering = answerId ? (incoming.find((r) => r.id === answerId) ?? null) : null;
  const writeTo = url.searchParams.get("write");
  const connections = isOwner ? await connectionChoices(db, me) : [];
  const writing = writeTo ? (connections.find((c) => c.id === writeTo) ?? null) : null;
  const dialog = editing
    ? ("edit" as const)
    : answering || writing
      ? ("write" as const)
      : isOwner && url.searchParams.get("dialog") === "request"
        ? ("request" as const)
        : null;
  const writeFor = answering ? { id: answering.otherId, name: answering.otherName } : writing;
  return json({
    me,
    isOwner,
    subject: {
      id: subjectId,
      name: subject?.full_name?.trim() || "Anonymous User",
      username: subject?.username ?? null,
    },
    filter,
    sort,
    q,
    endorsements: list,
    incoming,
    sent,
    connections,
    dialog,
    editing,
    answering,
    writeFor,
    skillSuggestions: writeFor
      ? await skillNamesOf(db, writeFor.id, true)
      : await skillNamesOf(db, me, false),
    path: `${url.pathname}${url.search}`,
  });
}

/** Spec 002 section 9 style limit on endorsement requests; if the limiter fails, the request goes ahead. */
async function requestLimit(userId: string): Promise<RateLimitResult> {
  try {
    return await hitRateLimit(
      await getDb(),
      `request_endorsement:user:${userId}`,
      USER_ACTION_LIMITS.request_endorsement,
    );
  } catch (error) {
    console.error("request_endorsement rate limiter failed; allowing the request", error);
    return { allowed: true, remaining: USER_ACTION_LIMITS.request_endorsement.limit, retryAfter: 0 };
  }
}

export async function endorsementsAction(request: Request) {
  const viewer = await requireViewer(request);
  const me = viewer.user.id;
  const db = await getDb();
  const { submission } = await parseSubmission(request, EndorsementsActionSchema);
  if (submission.status !== "success") {
    const intent = intentOf(submission.payload, INTENTS);
    return json(
      {
        intent,
        targetId: String(submission.payload.endorsementId ?? ""),
        result: submission.reply(),
        error: null,
        current: null,
      },
      { status: 400 },
    );
  }
  const input = submission.value;
  const done = (message: string, to = ENDORSEMENTS_PATH) =>
    redirectWithFlash(to, { tone: "success", message });
  const refused = (
    error: { kind: string; message: string; fieldErrors?: Record<string, string[]> },
    extra: { current?: unknown; targetId?: string } = {},
  ) =>
    json(
      {
        intent: input.intent,
        targetId: extra.targetId ?? "",
        result: domainErrorReply(submission, error),
        error: error.message,
        current: extra.current ?? null,
      },
      { status: domainErrorStatus(error.kind) },
    );
  const back = (to: string | undefined) => safeRedirect(to, ENDORSEMENTS_PATH);

  switch (input.intent) {
    case "request": {
      const limit = await requestLimit(me);
      if (!limit.allowed) {
        const message = userActionLimitMessage("request_endorsement", limit.retryAfter);
        return json(
          {
            intent: input.intent,
            targetId: "",
            result: submission.reply({ formErrors: [message] }),
            error: message,
            current: null,
          },
          { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
        );
      }
      const sentRequest = await once(request, me, submission.payload, (tx) =>
        requestEndorsement(tx, me, {
          endorserId: input.endorserId,
          skillName: input.skillName,
          message: input.endorsementText,
          relationshipType: input.relationshipType,
          workingRelationshipContext: input.workingRelationshipContext ?? null,
          isPublic: input.isPublic,
        }),
      );
      if (!sentRequest.ok) return refused(sentRequest.error);
      const hint = remainingRequestsHint(limit.remaining);
      return done(hint ? `${ENDORSEMENT_MESSAGES.requestSent}. ${hint}` : ENDORSEMENT_MESSAGES.requestSent);
    }
    case "write": {
      const written = await once(request, me, submission.payload, (tx) =>
        writeEndorsement(tx, me, {
          ...valuesOf(input),
          endorseeId: input.endorseeId,
          requestId: input.requestId ?? null,
          endorserContextId: viewer.context?.id ?? null,
        }),
      );
      if (!written.ok) {
        if (written.error.kind === "not_found") pageNotFound();
        return refused(written.error);
      }
      return done(ENDORSEMENT_MESSAGES.written, `${ENDORSEMENTS_PATH}?filter=given`);
    }
    case "update": {
      const saved = await updateEndorsement(db, me, input.endorsementId, input.version, valuesOf(input));
      if (!saved.ok) {
        if (saved.error.kind === "not_found") pageNotFound();
        return refused(saved.error, {
          targetId: input.endorsementId,
          current: saved.error.kind === "stale" ? saved.error.current : null,
        });
      }
      return done(ENDORSEMENT_MESSAGES.updated);
    }
    case "delete": {
      const deleted = await deleteEndorsement(db, me, input.endorsementId);
      if (!deleted.ok) pageNotFound();
      return done(ENDORSEMENT_MESSAGES.deleted);
    }
    case "hide":
    case "unhide": {
      const hidden = input.intent === "hide";
      const changed = await setEndorsementHidden(db, me, input.endorsementId, hidden);
      if (!changed.ok) pageNotFound();
      return done(hidden ? ENDORSEMENT_MESSAGES.hidden : ENDORSEMENT_MESSAGES.shown, back(input.redirectTo));
    }
    case "helpful": {
      const toggled = await toggleHelpful(db, me, input.endorsementId);
      if (!toggled.ok) pageNotFound();
      return done(
        toggled.value.helpful ? ENDORSEMENT_MESSAGES.helpfulOn : ENDORSEMENT_MESSAGES.helpfulOff,
        back(input.redirectTo),
      );
    }
    case "respond": {
      const responded = await respondToEndorsement(db, me, input.endorsementId, input.responseText);
      if (!responded.ok) pageNotFound();
      return done(ENDORSEMENT_MESSAGES.responded, back(input.redirectTo));
    }
    case "decline-request": {
      const declined = await declineEndorsementRequest(db, me, input.requestId);
      if (!declined.ok) pageNotFound();
      return done(ENDORSEMENT_MESSAGES.declined);
    }
  }
}
