import type { SubmissionResult } from "@conform-to/react";
import {
  ASSOCIATION_MESSAGES,
  type AssociationError,
  type BoardOffice,
  type MEMBER_ROLES,
  MONTH_LABELS,
  mayManageAssociation,
  membershipLabel,
  propertyTypeLabel,
  quorumRequired,
} from "@domain/associations";
import {
  AssociationSettingsFormSchema,
  associationDetailsOf,
  InvitationFormSchema,
  MemberActionSchema,
  refineInvitationForm,
  refineSettingsForm,
} from "@domain/associations/forms";
import { json } from "@remix-run/node";
import { z } from "zod";
import { type AssociationViewer, requireAssociation } from "~/auth/association.server";
import { forbidden } from "~/auth/guards.server";
import {
  changeBoardOffice,
  createInvitation,
  decideJoinRequest,
  removeMember,
  revokeInvitation,
  updateAssociationSettings,
} from "~/commands/associations.server";
import { serverTimeZones } from "~/components/associations/details-fields";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import {
  getAssociationDetails,
  listAssociationMembers,
  listWaitingInvitations,
} from "~/queries/associations.server";
import { pairStates } from "~/queries/connections.server";
import { dateLabel } from "~/queries/rfp-present.server";

/**
 * One association (issue 12, section 1): details and settings, members, join requests and
 * invitations. Members only: anyone else gets 404 (requireAssociation). Board members and property
 * managers change settings and members; anyone else's attempt is 403. A member may leave, except the
 * last board member or manager.
 */
async function scoped(request: Request, id: string | undefined) {
  return requireAssociation(request, { associationId: id ?? "" });
}

export async function associationLoader(request: Request, id: string | undefined) {
  const viewer = await scoped(request, id);
  const db = await getDb();
  const manages = mayManageAssociation(viewer.membership.memberRole);
  const [details, members, invitations] = await Promise.all([
    getAssociationDetails(db, viewer.association.id),
    listAssociationMembers(db, viewer.association.id),
    manages ? listWaitingInvitations(db, viewer.association.id) : [],
  ]);
  if (!details) throw json({ notFound: "page" }, { status: 404 });
  const tz = viewer.profile.timezone ?? undefined;
  const active = members.filter((m) => m.status === "active");
  const managers = active.filter((m) => mayManageAssociation(m.memberRole)).length;
  // Connect / Message beside each other member (issue 28 part 10), never across a block.
  const pairs = await pairStates(
    db,
    viewer.user.id,
    active.map((m) => m.userId),
  );
  return json({
    viewerId: viewer.user.id,
    association: {
      ...details,
      propertyTypeLabel: propertyTypeLabel(details.propertyType),
      fiscalYearStartLabel: MONTH_LABELS[details.fiscalYearStartMonth - 1] ?? "",
      quorum: quorumRequired(details.boardSeats, details.quorumMinimum),
    },
    me: { memberId: viewer.membership.memberId, label: membershipLabel(viewer.membership), manages },
    managers,
    members: active.map((m) => ({
      id: m.id,
      userId: m.userId,
      connection: pairs[m.userId] ?? null,
      name: m.name,
      email: manages ? m.email : null,
      memberRole: m.memberRole,
      boardOffice: m.boardOffice,
      unit: m.unit,
      joined: m.joinedAt ? dateLabel(m.joinedAt, tz) : "",
    })),
    requests: manages
      ? members
          .filter((m) => m.status === "requested")
          .map((m) => ({
            id: m.id,
            name: m.name,
            email: m.email,
            unit: m.unit,
            asked: dateLabel(m.createdAt, tz),
          }))
      : [],
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: membershipLabel({
        memberRole: i.memberRole as (typeof MEMBER_ROLES)[number],
        boardOffice: i.boardOffice,
        unit: i.unit,
      }),
      expires: dateLabel(i.expiresAt, tz),
    })),
    timeZones: manages ? serverTimeZones() : [],
  });
}

export type FormName = "settings" | "invite" | "member";

/**
 * Every form of the page as one schema, told apart by `intent`: settings and invitations (their rules
 * across fields in the union's superRefine, from domain/associations/forms.ts), and the member forms.
 */
export const AssociationPageSchema = z
  .discriminatedUnion("intent", [
    AssociationSettingsFormSchema,
    InvitationFormSchema,
    ...MemberActionSchema.options,
  ])
  .superRefine((value, ctx) => {
    if (value.intent === "settings") refineSettingsForm(value, ctx);
    if (value.intent === "invite") refineInvitationForm(value, ctx);
  });

const INTENTS = [
  "settings",
  "invite",
  "change_office",
  "remove",
  "leave",
  "revoke",
  "approve",
  "decline",
] as const;

/** The form an intent belongs to (where the page tells what went wrong). */
const formOf = (intent: (typeof INTENTS)[number] | null): FormName =>
  intent === "settings" ? "settings" : intent === "invite" || intent === "revoke" ? "invite" : "member";

/** What a refused form gets back: which form, a message, and Conform's answer (fields and what was typed). */
export interface AssociationActionData {
  form: FormName;
  error: string;
  result?: SubmissionResult<string[]>;
}

const refused = (form: FormName, error: AssociationError) =>
  json<AssociationActionData>({ form, error: error.message }, { status: domainErrorStatus(error.kind) });

function requireManager(viewer: AssociationViewer) {
  if (!mayManageAssociation(viewer.membership.memberRole)) forbidden();
}

export async function associationAction(request: Request, id: string | undefined) {
  const viewer = await scoped(request, id);
  const association = viewer.association;
  const here = `/properties/${association.id}`;
  const { formData, submission } = await parseSubmission(request, AssociationPageSchema);
  const db = await getDb();

  if (submission.status !== "success") {
    const intent = intentOf(submission.payload, INTENTS);
    // Leaving is for every member; any other form is a manager's, refused before it is answered.
    if (intent !== "leave") requireManager(viewer);
    const form = formOf(intent);
    return json<AssociationActionData>(
      {
        form,
        error:
          form === "member"
            ? "Choose a member and an action"
            : "Please correct the highlighted fields and try again.",
        result: submission.reply(),
      },
      { status: 400 },
    );
  }
  const v = submission.value;
  if (v.intent === "leave") {
    const outcome = await removeMember(db, association.id, viewer.membership.memberId);
    if (!outcome.ok) return refused("member", outcome.error);
    return redirectWithFlash("/properties", { tone: "success", message: ASSOCIATION_MESSAGES.left });
  }

  requireManager(viewer);
  switch (v.intent) {
    case "settings": {
      await updateAssociationSettings(db, association.id, {
        ...associationDetailsOf(v),
        boardSeats: v.board_seats,
        quorumMinimum: v.quorum_minimum,
      });
      return redirectWithFlash(here, { tone: "success", message: ASSOCIATION_MESSAGES.settingsSaved });
    }
    case "invite": {
      const outcome = await once(request, viewer.user.id, formData, (db) =>
        createInvitation(
          db,
          { id: association.id, name: association.name },
          { userId: viewer.user.id, name: viewer.profile.fullName?.trim() || viewer.user.email },
          {
            email: v.email,
            memberRole: v.member_role,
            boardOffice: (v.board_office as BoardOffice | undefined) ?? null,
            unit: v.unit,
          },
        ),
      );
      if (!outcome.ok) return refused("invite", outcome.error);
      return redirectWithFlash(here, {
        tone: "success",
        message: `${ASSOCIATION_MESSAGES.invitationSent} to ${v.email}`,
      });
    }
    case "change_office": {
      const outcome = await changeBoardOffice(db, association.id, v.member_id, v.board_office);
      if (!outcome.ok) return refused("member", outcome.error);
      return redirectWithFlash(here, { tone: "success", message: ASSOCIATION_MESSAGES.officeChanged });
    }
    case "remove": {
      const outcome = await removeMember(db, association.id, v.member_id);
      if (!outcome.ok) return refused("member", outcome.error);
      const self = v.member_id === viewer.membership.memberId;
      return redirectWithFlash(self ? "/properties" : here, {
        tone: "success",
        message: self ? ASSOCIATION_MESSAGES.left : ASSOCIATION_MESSAGES.memberRemoved,
      });
    }
    case "revoke": {
      const outcome = await revokeInvitation(db, association.id, v.invitation_id);
      if (!outcome.ok) return refused("invite", outcome.error);
      return redirectWithFlash(here, { tone: "success", message: ASSOCIATION_MESSAGES.invitationRevoked });
    }
    case "approve":
    case "decline": {
      const outcome = await decideJoinRequest(
        db,
        { id: association.id, name: association.name },
        v.member_id,
        v.intent,
      );
      if (!outcome.ok) return refused("member", outcome.error);
      return redirectWithFlash(here, {
        tone: "success",
        message:
          v.intent === "approve"
            ? ASSOCIATION_MESSAGES.requestApproved
            : ASSOCIATION_MESSAGES.requestDeclined,
      });
    }
    default: {
      const never: never = v;
      return never;
    }
  }
}
