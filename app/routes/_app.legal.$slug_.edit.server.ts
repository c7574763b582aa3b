import { LEGAL_LIMITS, LEGAL_MESSAGES, LEGAL_STATES, LEGAL_TOPICS } from "@domain/legal/resources";
import { json } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound } from "~/auth/guards.server";
import { type LegalViewer, requireLegal } from "~/auth/legal.server";
import { proposeLegalRevision, resubmitLegalResource } from "~/commands/legal.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { once } from "~/idempotency.server";
import { legalResourceView } from "~/queries/legal.server";
import { LegalSubmissionSchema, trimmed } from "./_app.legal.submissions.server";

/**
 * /legal/{slug}/edit (decision 089): the submitter edits a pending or rejected submission and submits it
 * again; a published resource is revised by its attorney (the revision waits for review) or by an
 * administrator (published at once as the next version). Anyone else: 404.
 */

export const LegalResubmitSchema = LegalSubmissionSchema.extend({ expected: z.string().max(40) });
export const LegalRevisionSchema = z.object({
  title: LegalSubmissionSchema.shape.title,
  state: z.enum(LEGAL_STATES, { errorMap: () => ({ message: LEGAL_MESSAGES.state }) }),
  topic: z.enum(LEGAL_TOPICS, { errorMap: () => ({ message: LEGAL_MESSAGES.topic }) }),
  summary: LegalSubmissionSchema.shape.summary,
  body: LegalSubmissionSchema.shape.body,
  note: trimmed(LEGAL_LIMITS.noteMin, LEGAL_LIMITS.noteMax, LEGAL_MESSAGES.note),
  baseVersion: z.coerce.number().int().min(1).max(1_000_000),
});

/** The resource and what this viewer may do with it here: revise it, edit it again, or nothing (404). */
async function editable(slug: string | undefined, viewer: LegalViewer) {
  const view = await legalResourceView(await getDb(), (slug ?? "").slice(0, 200), {
    userId: viewer.user.id,
    reviewer: viewer.access.review,
  });
  if (!view) pageNotFound();
  if (view.status === "published") {
    if (!view.canRevise) pageNotFound();
    return { view, mode: "revise" as const };
  }
  if (!view.mine) pageNotFound();
  return { view, mode: "resubmit" as const };
}

export async function legalEditLoader(request: Request, slug: string | undefined) {
  const viewer = await requireLegal(request, "read");
  const { view, mode } = await editable(slug, viewer);
  const { html: _html, ...resource } = view;
  return json({ resource, mode, reviewer: viewer.access.review, access: viewer.access });
}

export async function legalEditAction(request: Request, slug: string | undefined) {
  const viewer = await requireLegal(request, "read");
  const { view, mode } = await editable(slug, viewer);
  if (mode === "resubmit") {
    const { submission } = await parseSubmission(request, LegalResubmitSchema);
    if (submission.status !== "success")
      return json({ result: submission.reply(), error: null }, { status: 400 });
    const { expected, ...content } = submission.value;
    const outcome = await resubmitLegalResource(await getDb(), {
      userId: viewer.user.id,
      id: view.id,
      expected,
      submission: content,
    });
    if (!outcome.ok) {
      if (outcome.kind === "not_found") pageNotFound();
      return json(
        { result: submission.reply(), error: outcome.message },
        { status: domainErrorStatus(outcome.kind) },
      );
    }
    return redirectWithFlash(`/legal/${outcome.slug}`, {
      tone: "success",
      message: LEGAL_MESSAGES.resubmitted,
    });
  }
  const { formData, submission } = await parseSubmission(request, LegalRevisionSchema);
  if (submission.status !== "success")
    return json({ result: submission.reply(), error: null }, { status: 400 });
  const { baseVersion, ...revision } = submission.value;
  const outcome = await once(request, viewer.user.id, formData, (tx) =>
    proposeLegalRevision(tx, {
      userId: viewer.user.id,
      reviewer: viewer.access.review,
      id: view.id,
      baseVersion,
      revision,
    }),
  );
  if (!outcome.ok) {
    if (outcome.kind === "not_found") pageNotFound();
    return json(
      { result: submission.reply(), error: outcome.message },
      { status: domainErrorStatus(outcome.kind) },
    );
  }
  return redirectWithFlash(`/legal/${outcome.slug}`, {
    tone: "success",
    message: outcome.published ? LEGAL_MESSAGES.revisionPublished : LEGAL_MESSAGES.revisionSubmitted,
  });
}
