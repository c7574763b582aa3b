import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { EditConflict } from "@db/event-store";
import {
  DEFAULT_TIME_ZONE,
  EMPTY_RFP_FIELDS,
  firstStepWithErrors,
  isoToLocalDateTime,
  RFP_MESSAGES,
  type RfpError,
  type RfpFields,
  RfpFieldsSchema,
  type RfpWizardStepId,
  sameFieldValue,
  stepErrors,
} from "@domain/rfp";
import { RFP_DOCUMENT_MESSAGES } from "@domain/rfp/documents";
import {
  formFieldValues,
  isWizardForm,
  isWizardStep,
  missingRequiredForPublish,
  nextStep,
  PUBLISHED_FORM,
  parseEmailList,
  previousStep,
  stepNumber,
  toFormErrors,
  WIZARD_MESSAGES,
  type WizardForm,
  type WizardFormValue,
  wizardFormSchema,
} from "@domain/rfp/wizard";
import { EDIT_VERSION_REQUIRED, renderedVersionField } from "@domain/shared";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { rfpActor, viewerMayCreateRfps, viewerTimeZone } from "~/auth/actors.server";
import { getMemberships } from "~/auth/association.server";
import { type ActiveViewer, forbidden, requireContext } from "~/auth/guards.server";
import { attachRfpDocuments, readRfpUpload, removeRfpDocument } from "~/commands/rfp-documents.server";
import { createRfp, editRfp, publishRfp } from "~/commands/rfps.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, readForm } from "~/forms.server";
import {
  emailsOfUsers,
  getRfpForEdit,
  listRfpDocuments,
  type RfpForEdit,
  vendorIdsByEmail,
} from "~/queries/rfp-wizard.server";

/**
 * The RFP wizard's loader and action (spec 001 sections 2.5, 4 and 5), shared by /rfps/new (no RFP
 * yet: the first Next or Save Draft creates the draft) and /rfps/{id}/edit. Every step is a plain
 * form post, so the wizard works without JavaScript; with it, the same posts run as fetches.
 */

export type WizardMode = "create" | "draft" | "published" | "ended";

const editPath = (rfpId: string, step: RfpWizardStepId, extra = "") =>
  `/rfps/${rfpId}/edit?step=${step}${extra}`;
const newPath = (step: RfpWizardStepId) => `/rfps/new?step=${step}`;

const notFound = () => new Response(RFP_MESSAGES.notFound, { status: 404 });

interface WizardContext {
  viewer: ActiveViewer;
  rfp: RfpForEdit | null;
  timeZone: string;
}

/** Creating needs a verified author role with can_create_rfp; editing, the author or an admin. */
async function requireWizard(request: Request, rfpId: string | null): Promise<WizardContext> {
  const viewer = await requireContext(request);
  const timeZone = viewerTimeZone(viewer) ?? DEFAULT_TIME_ZONE;
  if (rfpId === null) {
    if (!viewerMayCreateRfps(viewer)) forbidden(RFP_MESSAGES.notAuthorizedCreate);
    return { viewer, rfp: null, timeZone };
  }
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(rfpId)) throw notFound();
  const rfp = await getRfpForEdit(await getDb(), rfpId);
  if (!rfp || rfp.deleted) throw notFound();
  const actor = rfpActor(viewer);
  if (!actor.isAdmin && rfp.authorId !== actor.userId) forbidden(RFP_MESSAGES.notAuthorizedUpdate);
  return { viewer, rfp, timeZone };
}

function modeOf(rfp: RfpForEdit | null): WizardMode {
  if (!rfp) return "create";
  if (rfp.status === "draft") return "draft";
  if (rfp.status === "published") return "published";
  return "ended";
}

/** "Last saved 2:41 PM" (today) or "Last saved Mar 3, 2:41 PM", in the viewer's time zone. */
export function lastSavedLabel(iso: string, timeZone: string, now: Date = new Date()): string {
  const day = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(d);
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(
    new Date(iso),
  );
  if (day(new Date(iso)) === day(now)) return `Last saved ${time}`;
  const date = new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric" }).format(
    new Date(iso),
  );
  return `Last saved ${date}, ${time}`;
}

function deadlineLabel(iso: string, timeZone: string) {
  const when = new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" });
  return `${when.format(new Date(iso))} (${timeZone})`;
}

const stepOf = (url: URL): RfpWizardStepId => {
  const step = url.searchParams.get("step");
  return isWizardStep(step) ? step : "basic";
};

export async function wizardLoader(request: Request, rfpId: string | null) {
  const { viewer, rfp, timeZone } = await requireWizard(request, rfpId);
  const db = await getDb();
  const url = new URL(request.url);
  const step = stepOf(url);
  const mode = modeOf(rfp);
  const fields: RfpFields = rfp?.fields ?? EMPTY_RFP_FIELDS;
  const now = new Date();
  // After a refused Publish the author lands on the first failing step, with its messages.
  const checked =
    rfp && mode === "draft" && url.searchParams.get("check") === "1"
      ? toFormErrors(stepErrors(step, fields, now.toISOString()))
      : null;
  return json({
    mode,
    rfpId: rfp?.id ?? null,
    /** The RFP stream's version the page shows; every edit form posts it back. */
    version: rfp?.version ?? 0,
    step,
    stepNumber: stepNumber(step),
    fields,
    deadlineLocal: fields.proposal_deadline ? isoToLocalDateTime(fields.proposal_deadline, timeZone) : "",
    deadlineLabel: fields.proposal_deadline ? deadlineLabel(fields.proposal_deadline, timeZone) : null,
    invitedEmails: await emailsOfUsers(db, fields.invited_vendor_ids),
    lastSaved: rfp ? lastSavedLabel(rfp.updatedAt, timeZone, now) : null,
    timeZone,
    checked,
    publishBlocked: missingRequiredForPublish(fields),
    documents: rfp ? await listRfpDocuments(db, rfp.id) : [],
    // A fresh key per visit of /rfps/new: a double-posted first step creates one draft, not two.
    draftKey: rfp ? null : randomUUID(),
    authorName: viewer.profile.fullName ?? viewer.user.email,
    // The associations the RFP may belong to: the author's own (issue 12).
    associations: (await getMemberships(rfp?.authorId ?? viewer.user.id)).map((m) => ({
      id: m.associationId,
      name: m.associationName,
    })),
  });
}

export type WizardLoaderData = Awaited<ReturnType<typeof wizardLoader>>;

/** The wizard's posts (the multipart document upload aside), told apart by their `intent`. */
const INTENTS = ["next", "previous", "save", "goto", "autosave", "publish", "remove-document"] as const;

/**
 * Every non-file post of a wizard step as one schema (issue 27, part 4): the step's fields (Next,
 * Previous, Save, a step tab, auto-save), Publish (from the review page) and removing a document.
 * Edits of an existing RFP carry the stream version the page was rendered from (required: a post
 * without it is a 400, never a last write); a new draft has none yet.
 */
export type WizardPost =
  | ({
      intent: "next" | "previous" | "save" | "autosave" | "goto";
      version?: number;
      draftKey?: string;
      to?: string;
    } & WizardFormValue)
  | { intent: "publish"; version: number }
  | { intent: "remove-document"; documentId: string };

export function wizardActionSchema(form: WizardForm, timeZone: string, editing: boolean) {
  const fields = (wizardFormSchema(form, timeZone) as z.AnyZodObject).shape;
  const saving = {
    ...fields,
    version: editing ? renderedVersionField : z.number().int().optional(),
    draftKey: z.string().max(100).optional(),
  };
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("next"), ...saving }),
    z.object({ intent: z.literal("previous"), ...saving }),
    z.object({ intent: z.literal("save"), ...saving }),
    z.object({ intent: z.literal("autosave"), ...saving }),
    // A step tab: an unknown target stays on the step.
    z.object({ intent: z.literal("goto"), to: z.string().max(40).optional(), ...saving }),
    z.object({ intent: z.literal("publish"), version: renderedVersionField }),
    z.object({ intent: z.literal("remove-document"), documentId: z.string().uuid() }),
    // The step's own fields are typed by its form (WizardFormValue), as formFieldValues reads them.
  ]) as unknown as z.ZodType<WizardPost>;
}

export interface WizardActionData {
  result?: SubmissionResult<string[]>;
  formError?: string;
  uploadErrors?: string[];
  /** The RFP changed since the page was rendered: the page shows the current values instead. */
  conflict?: { fields: string[] };
  autosave?: { ok: boolean; rfpId?: string; lastSaved?: string; version?: number; conflict?: boolean };
}

const fail = (data: WizardActionData, status = 400) => json(data, { status });

const errorStatus = (error: RfpError) => domainErrorStatus(error.kind);

/** A 400 for an edit form without the version it was rendered from: never saved as a last write. */
const versionRequired = () => fail({ formError: EDIT_VERSION_REQUIRED }, 400);

/** A 409 for an edit based on a version that is no longer current: the page reloads the current values. */
const conflict = (fields: readonly string[] = []) =>
  fail({ formError: RFP_MESSAGES.editConflict, conflict: { fields: [...fields] } }, 409);

export async function wizardAction(request: Request, rfpId: string | null) {
  const { viewer, rfp, timeZone } = await requireWizard(request, rfpId);
  const db = await getDb();
  const mode = modeOf(rfp);

  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    if (!rfp) return fail({ uploadErrors: [RFP_DOCUMENT_MESSAGES.saveFirst] });
    if (mode !== "draft") return fail({ formError: RFP_MESSAGES.coreFieldsLocked }, 409);
    let read: Awaited<ReturnType<typeof readRfpUpload>>;
    try {
      read = await readRfpUpload(request);
    } catch (error) {
      if (error instanceof Response && error.status === 413)
        return fail({ uploadErrors: [RFP_DOCUMENT_MESSAGES.fileSize()] }, 413);
      throw error;
    }
    const step = isWizardStep(read.formData.get("step"))
      ? (read.formData.get("step") as RfpWizardStepId)
      : "requirements";
    let outcome: Awaited<ReturnType<typeof attachRfpDocuments>>;
    try {
      outcome = await attachRfpDocuments(db, {
        rfpId: rfp.id,
        userId: viewer.user.id,
        files: read.files,
        tooMany: read.tooMany,
      });
    } catch (error) {
      console.error("rfp document upload", error);
      return fail({ uploadErrors: [RFP_DOCUMENT_MESSAGES.uploadFailed] }, 500);
    }
    if (!outcome.ok) return fail({ uploadErrors: outcome.errors });
    return redirectWithFlash(editPath(rfp.id, step), {
      message: outcome.count === 1 ? "1 document attached" : `${outcome.count} documents attached`,
      tone: "success",
    });
  }

  const formData = await readForm(request);
  // The step names the form, and so the fields its schema checks.
  const formValue = formData.get("step");
  if (!isWizardForm(formValue)) return fail({ formError: RFP_MESSAGES.saveFailed });
  const form: WizardForm = formValue;
  const step: RfpWizardStepId = form === PUBLISHED_FORM ? "basic" : form;
  const submission = parseWithZod(formData, { schema: wizardActionSchema(form, timeZone, rfp !== null) });
  const parsed = submission.status === "success" ? submission.value : null;
  const intent = parsed ? parsed.intent : intentOf(submission.payload, INTENTS);
  if (!intent) return fail({ formError: RFP_MESSAGES.saveFailed });
  const actor = rfpActor(viewer);

  if (intent === "remove-document") {
    if (!rfp) return fail({ formError: RFP_MESSAGES.notFound }, 404);
    if (mode !== "draft") return fail({ formError: RFP_MESSAGES.coreFieldsLocked }, 409);
    const removed =
      parsed?.intent === "remove-document" &&
      (await removeRfpDocument(db, { rfpId: rfp.id, documentId: parsed.documentId }).catch(() => false));
    if (!removed) return fail({ formError: RFP_MESSAGES.notFound }, 404);
    return redirectWithFlash(editPath(rfp.id, step), { message: "Document removed", tone: "success" });
  }

  if (intent === "publish") {
    if (!rfp) return fail({ formError: RFP_MESSAGES.completeRequired });
    // The author publishes what the review page showed: a change since then is a conflict.
    if (parsed?.intent !== "publish") return versionRequired();
    const outcome = await publishRfp(
      db,
      { rfpId: rfp.id, actor, renderedVersion: parsed.version },
      { metadata: { actorUserId: viewer.user.id, actorContextId: viewer.context.id } },
    );
    if (!outcome.ok) {
      if (outcome.error.kind === "conflict") return conflict();
      if (outcome.error.kind === "validation" && outcome.error.fieldErrors) {
        return redirect(
          editPath(rfp.id, firstStepWithErrors(outcome.error.fieldErrors) ?? "review", "&check=1"),
        );
      }
      return fail({ formError: outcome.error.message }, errorStatus(outcome.error));
    }
    return redirectWithFlash(`/rfps/${rfp.id}`, { message: "RFP published", tone: "success" });
  }

  const asked = intent === "goto" ? submission.payload.to : undefined;
  const target: RfpWizardStepId =
    intent === "next"
      ? nextStep(step)
      : intent === "previous"
        ? previousStep(step)
        : isWizardStep(asked)
          ? asked
          : step;
  const away = () => redirect(rfp ? editPath(rfp.id, target) : newPath(target));
  // Previous and the step tabs never stop on the step's errors: they save what they can and move.
  const lenient = intent === "previous" || intent === "goto" || intent === "autosave";
  const giveUp = (data: WizardActionData, status = 400) =>
    intent === "autosave" ? json({ autosave: { ok: false } }) : lenient ? away() : fail(data, status);

  if (mode === "ended") return giveUp({ formError: RFP_MESSAGES.alreadyEnded }, 409);
  if (mode === "published" && intent === "autosave") return json({ autosave: { ok: false } });

  if (submission.status !== "success") {
    // An edit without the version it was rendered from is never saved as a last write.
    if (submission.error?.version) {
      return intent === "autosave" ? json({ autosave: { ok: false } }) : versionRequired();
    }
    return giveUp({ result: submission.reply() });
  }
  if (parsed?.intent === "publish" || parsed?.intent === "remove-document" || !parsed) {
    return fail({ formError: RFP_MESSAGES.saveFailed });
  }
  const { version, draftKey, ...value } = parsed;

  // An RFP belongs only to an association its author is a member of (checked here, never trusted
  // from the form); an association it already has stays valid.
  if (
    form === "basic" &&
    typeof value.association_id === "string" &&
    value.association_id !== rfp?.fields.association_id
  ) {
    const memberships = await getMemberships(rfp?.authorId ?? viewer.user.id);
    if (!memberships.some((m) => m.associationId === value.association_id)) {
      return giveUp({
        result: submission.reply({ fieldErrors: { association_id: [WIZARD_MESSAGES.notYourAssociation] } }),
      });
    }
  }

  let invitedIds: string[] | undefined;
  if (form === "settings" && value.visibility === "private") {
    const emails = parseEmailList(value.invited_vendor_emails as string | undefined) ?? [];
    const found = await vendorIdsByEmail(db, emails);
    const unknown = emails.filter((e) => !found.has(e));
    if (unknown.length > 0) {
      return giveUp({
        result: submission.reply({
          fieldErrors: { invited_vendor_emails: unknown.map((e) => WIZARD_MESSAGES.unknownVendor(e)) },
        }),
      });
    }
    invitedIds = emails.map((e) => found.get(e) as string);
  }

  const posted = formFieldValues(form, value, invitedIds);
  // Next stops on the step's rules (checked in decide, on the fields as they would be saved).
  const checkStep = intent === "next" && form !== PUBLISHED_FORM ? form : undefined;
  const metadata = { actorUserId: viewer.user.id, actorContextId: viewer.context.id };
  const refused = (error: RfpError | EditConflict<RfpFields>) => {
    if (error.kind === "conflict") {
      return intent === "autosave"
        ? json({ autosave: { ok: false, conflict: true } })
        : conflict(error.fields);
    }
    if (error.kind === "validation" && error.fieldErrors) {
      const errors = toFormErrors(error.fieldErrors);
      // Before the draft exists, the title is missing on a step that does not show it.
      if (form !== "basic" && errors.fieldErrors.title) {
        errors.formErrors.push(...errors.fieldErrors.title);
        delete errors.fieldErrors.title;
      }
      return giveUp({ result: submission.reply(errors) });
    }
    return giveUp({ result: submission.reply(), formError: error.message }, errorStatus(error));
  };
  let saved: { rfpId: string; version: number; fields: RfpFields };
  if (!rfp) {
    const key = draftKey ?? "";
    const outcome = await createRfp(
      db,
      {
        actor,
        mayCreate: viewerMayCreateRfps(viewer),
        authorContextId: viewer.context.id,
        fields: RfpFieldsSchema.parse({ ...EMPTY_RFP_FIELDS, ...posted }),
        checkStep,
      },
      /^[0-9a-f-]{36}$/.test(key) ? { idempotencyKey: `create-rfp:${viewer.user.id}:${key}` } : {},
    );
    if (!outcome.ok) return refused(outcome.error);
    saved = outcome.result;
  } else {
    // The schema requires the version of an existing RFP's edit.
    if (version === undefined) return versionRequired();
    const outcome = await editRfp(
      db,
      { rfpId: rfp.id, actor, fields: posted, renderedVersion: version, checkStep },
      { metadata },
    );
    if (!outcome.ok) return refused(outcome.error);
    saved = outcome.result;
  }
  const savedId = saved.rfpId;

  if (intent === "autosave") {
    const row = await getRfpForEdit(db, savedId);
    // The form may carry on from the saved version only if that version holds what the form shows
    // (nobody else changed one of its fields meanwhile); otherwise it keeps its own, and a later save
    // of a field changed elsewhere answers the conflict instead of overwriting it.
    const inSync = Object.entries(posted).every(([k, v]) =>
      sameFieldValue(k as keyof RfpFields, saved.fields[k as keyof RfpFields], v),
    );
    return json({
      autosave: {
        ok: true,
        rfpId: savedId,
        lastSaved: row ? lastSavedLabel(row.updatedAt, timeZone) : undefined,
        version: inSync ? saved.version : undefined,
      },
    });
  }
  if (form === PUBLISHED_FORM) {
    return redirectWithFlash(`/rfps/${savedId}/edit`, {
      message: WIZARD_MESSAGES.detailsSaved,
      tone: "success",
    });
  }
  if (intent === "save") {
    return redirectWithFlash(editPath(savedId, step), {
      message: WIZARD_MESSAGES.draftSaved,
      tone: "success",
    });
  }
  return redirect(editPath(savedId, target));
}
