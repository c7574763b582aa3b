import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { DEFAULT_PROPOSAL_CREDIT_COST } from "@domain/credits";
import {
  EMPTY_PROPOSAL_FIELDS,
  isActiveProposal,
  PROPOSAL_MESSAGES,
  PROPOSAL_REFERENCE_ROWS,
  PROPOSAL_VENDOR_LABELS,
  type ProposalError,
  proposalFieldsFromForm,
  proposalFormFields,
  proposalFormValues,
  refineProposalForm,
} from "@domain/proposal";
import {
  BUDGET_TYPE_LABELS,
  type BudgetType,
  RFP_CATEGORY_LABELS,
  RFP_VISIBILITY_LABELS,
  type RfpCategory,
  type RfpVisibility,
  rfpUrgency,
} from "@domain/rfp";
import { RFP_DOCUMENT_MESSAGES } from "@domain/rfp/documents";
import { json } from "@remix-run/node";
import { z } from "zod";
import { rfpActor, vendorActor, viewableRfp, viewerTimeZone } from "~/auth/actors.server";
import { type ActiveViewer, requireContext } from "~/auth/guards.server";
import {
  attachProposalDocuments,
  listProposalDocuments,
  removeProposalDocument,
} from "~/commands/proposal-documents.server";
import { readRfpUpload } from "~/commands/rfp-documents.server";
import {
  cancelRfp,
  closeRfp,
  executeRfpCommand,
  proposalIdFor,
  recordRfpView,
  saveProposal,
  submitProposalCommand,
  withdrawProposalCommand,
} from "~/commands/rfps.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, isMultipart, readForm } from "~/forms.server";
import { pairState } from "~/queries/connections.server";
import { getVendorCredits } from "~/queries/credits.server";
import { getProposal, type RfpDetail } from "~/queries/rfp-detail.server";
import { budgetLabel, dateLabel, daysLeftLabel } from "~/queries/rfp-present.server";
import { listRfpDocuments } from "~/queries/rfp-wizard.server";
import { removeStoredFiles } from "~/storage/files.server";

/** The cancel form's one rule, word for word as before. */
export const CANCEL_REASON_REQUIRED = "Give a reason for cancelling";

/**
 * Every form of the RFP page as one Zod schema (issue 11, part 4.1), told apart by the hidden or
 * button `intent`: the vendor's bid (save a draft or submit: the bid form's fields, from the domain's
 * ProposalFormSchema rules), removing a bid document, withdrawing, and the author's close, cancel
 * (with a reason) and delete. Parsed here only: the page's Conform forms show
 * the answer (decision 056), so no schema reaches the browser.
 */
export const RfpDetailSchema = z
  .discriminatedUnion("intent", [
    z.object({ intent: z.literal("save_draft"), submit_key: z.string().optional(), ...proposalFormFields }),
    z.object({ intent: z.literal("submit"), submit_key: z.string().optional(), ...proposalFormFields }),
    z.object({ intent: z.literal("remove_document"), document_id: z.string().uuid() }),
    z.object({ intent: z.literal("withdraw") }),
    z.object({ intent: z.literal("close") }),
    z.object({
      intent: z.literal("cancel"),
      reason: z
        .string({ required_error: CANCEL_REASON_REQUIRED })
        .trim()
        .min(1, CANCEL_REASON_REQUIRED)
        .max(1000, "The reason can be at most 1000 characters"),
    }),
    z.object({ intent: z.literal("delete") }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent === "save_draft" || value.intent === "submit") refineProposalForm(value, ctx);
  });
const RFP_DETAIL_INTENTS = [
  "save_draft",
  "submit",
  "remove_document",
  "withdraw",
  "close",
  "cancel",
  "delete",
] as const;

const money = (n: number | null | undefined) =>
  n === null || n === undefined ? null : `$${n.toLocaleString("en-US")}`;

export async function rfpDetailLoader(request: Request, rfpId: string) {
  const viewer = await requireContext(request);
  const db = await getDb();
  const rfp = await viewableRfp(viewer, rfpId);
  const actor = rfpActor(viewer);
  const isAuthor = rfp.authorId === viewer.user.id;
  const manage = isAuthor || actor.isAdmin;
  if (!isAuthor) await recordRfpView(db, rfp.id);
  const now = new Date().toISOString();
  const tz = viewerTimeZone(viewer);
  const f = rfp.fields;
  const vendor = vendorActor(viewer);
  const isVendorContext = viewer.context.contextType === "vendor";
  const open = rfp.status === "published" && rfp.proposalDeadline !== null && rfp.proposalDeadline > now;
  const proposal = isVendorContext ? await getProposal(db, proposalIdFor(rfp.id, viewer.user.id)) : null;
  const credits = isVendorContext ? await getVendorCredits(db, viewer.user.id) : null;
  // Connect / Message on the author's card (issue 28 part 10): never for the author, never across a block.
  const authorConnection = isAuthor ? null : await pairState(db, viewer.user.id, rfp.authorId);
  const documents = await listRfpDocuments(db, rfp.id);
  const proposalDocs = proposal ? await listProposalDocuments(db, proposal.id) : [];
  const category = (rfp.category ?? "other") as RfpCategory;
  const gl = f.insurance_requirements.general_liability;
  const wc = f.insurance_requirements.workers_compensation;

  return {
    rfp: {
      id: rfp.id,
      title: rfp.title,
      status: rfp.status,
      categoryLabel: RFP_CATEGORY_LABELS[category] ?? "Other",
      category,
      urgency: open && rfp.proposalDeadline ? rfpUrgency(rfp.proposalDeadline, now) : null,
      organizationName: rfp.organizationName,
      propertyName: rfp.propertyName,
      address: [
        rfp.locationAddress,
        rfp.locationCity,
        [rfp.locationState, rfp.locationZip].filter(Boolean).join(" "),
      ]
        .filter(Boolean)
        .join(", "),
      shortDescription: rfp.shortDescription,
      description: rfp.description,
      scopeOfWork: rfp.scopeOfWork,
      technicalSpecifications: rfp.technicalSpecifications,
      budget: budgetLabel(rfp),
      budgetType: BUDGET_TYPE_LABELS[rfp.budgetType as BudgetType] ?? rfp.budgetType,
      budgetDescription: rfp.budgetDescription,
      deadline: dateLabel(rfp.proposalDeadline, tz, true),
      daysLeft: daysLeftLabel(rfp.proposalDeadline, rfp.status, now),
      projectStart: rfp.projectStartDate,
      projectEnd: rfp.projectEndDate,
      estimatedDurationDays: rfp.estimatedDurationDays,
      visibility: rfp.visibility ? RFP_VISIBILITY_LABELS[rfp.visibility as RfpVisibility] : null,
      maxProposals: rfp.maxProposals,
      evaluationPeriodDays: rfp.evaluationPeriodDays,
      allowQuestions: rfp.allowQuestions,
      autoClose: rfp.autoCloseEnabled,
      proposalCount: rfp.proposalCount,
      viewCount: rfp.viewCount,
      publishedAt: dateLabel(rfp.publishedAt, tz),
      closedAt: dateLabel(rfp.closedAt, tz),
      closeReason: rfp.closeReason,
      cancelReason: rfp.cancelReason,
      authorName: rfp.authorName,
      authorId: rfp.authorId,
      requirements: {
        insurance: rfp.requireInsurance
          ? [
              gl.required
                ? `General liability${gl.minimum ? ` of at least ${money(gl.minimum)}` : ""}`
                : null,
              wc.required
                ? `Workers' compensation${wc.minimum ? ` of at least ${money(wc.minimum)}` : ""}`
                : null,
            ].filter((x): x is string => x !== null)
          : null,
        license: rfp.requireLicense,
        references: rfp.requireReferences,
      },
      hourly: rfp.budgetType === "hourly",
      open,
    },
    documents: documents.map((d) => ({ id: d.id, fileName: d.fileName, fileSize: d.fileSize })),
    viewer: {
      id: viewer.user.id,
      isAuthor,
      manage,
      isVendorContext,
      verifiedVendor: vendor.verifiedVendor,
      roleStatus: viewer.role.verificationStatus,
    },
    authorConnection,
    credits: credits ? { balance: credits.balance, cost: DEFAULT_PROPOSAL_CREDIT_COST } : null,
    proposal: proposal
      ? {
          id: proposal.id,
          status: proposal.status,
          label: PROPOSAL_VENDOR_LABELS[proposal.status],
          totalPrice: money(proposal.totalPrice),
          timelineDays: proposal.timelineDays,
          submittedAt: dateLabel(proposal.submittedAt, tz, true),
          rejectionReason: proposal.rejectionReason,
          withdrawable: isActiveProposal(proposal.status),
          values: proposalFormValues(proposal.fields),
          documents: proposalDocs.map((d) => ({ id: d.id, fileName: d.fileName, fileSize: d.fileSize })),
        }
      : null,
    emptyValues: proposalFormValues(EMPTY_PROPOSAL_FIELDS),
    referenceRows: PROPOSAL_REFERENCE_ROWS,
    /** One key per rendering of the form: a double-clicked Submit spends one credit. */
    submitKey: randomUUID(),
  };
}

export type RfpDetailData = Awaited<ReturnType<typeof rfpDetailLoader>>;

export interface RfpDetailActionData {
  intent: string;
  formError?: string;
  /** The form as Conform answers it: field errors and what was typed (for the bid and cancel forms). */
  result?: SubmissionResult<string[]>;
  /** Documents that could not be attached ("file name: reason"). */
  uploadErrors?: string[];
  /** Insufficient credits: the balance and what it takes. */
  credits?: { balance: number; required: number };
}

/** The page's parsed form (parseWithZod of RfpDetailSchema). */
interface Submission {
  reply: (options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  }) => SubmissionResult<string[]>;
}

/**
 * A command's refusal, with the status of the one domain-error map. A refused bid keeps what was typed;
 * the field errors decide found (what the RFP requires of a submitted bid) come back in Conform's shape.
 */
function failure(
  intent: string,
  error: ProposalError | { kind: string; message: string },
  submission?: Submission,
) {
  const status = domainErrorStatus(error.kind);
  const data: RfpDetailActionData = { intent, formError: error.message };
  if (error.kind === "credit" && "balance" in error)
    data.credits = { balance: error.balance, required: error.required };
  if (submission) {
    const { form: formErrors, ...fieldErrors } =
      error.kind === "validation" && "fieldErrors" in error && error.fieldErrors ? error.fieldErrors : {};
    data.result = submission.reply({
      formErrors,
      fieldErrors: fieldErrors as Record<string, string[]>,
    });
  }
  return json(data, { status });
}

/**
 * Why this viewer may not add documents to a bid on this RFP, or null when they may: a verified vendor
 * acting as one, not the RFP's author, on a published RFP, whose bid (if any) is still a draft.
 */
async function bidDocumentsRefusal(viewer: ActiveViewer, rfp: RfpDetail): Promise<ProposalError | null> {
  if (viewer.context.contextType !== "vendor" || !vendorActor(viewer).verifiedVendor)
    return { kind: "authorization", message: PROPOSAL_MESSAGES.verifiedVendorsOnly };
  if (rfp.authorId === viewer.user.id) return { kind: "authorization", message: PROPOSAL_MESSAGES.ownRfp };
  if (rfp.status !== "published") return { kind: "business_rule", message: PROPOSAL_MESSAGES.notAccepting };
  const proposal = await getProposal(await getDb(), proposalIdFor(rfp.id, viewer.user.id));
  if (proposal && proposal.status !== "draft")
    return { kind: "business_rule", message: "Documents cannot change once the proposal is submitted" };
  return null;
}

export async function rfpDetailAction(request: Request, rfpId: string) {
  const viewer = await requireContext(request);
  const db = await getDb();
  const rfp = await viewableRfp(viewer, rfpId);
  // The bid form is multipart when it carries documents: files stream to private storage as they come.
  let upload: Awaited<ReturnType<typeof readRfpUpload>> | null = null;
  if (isMultipart(request)) {
    // Only a vendor who may add documents to their draft bid gets a byte of the body read.
    const refusal = await bidDocumentsRefusal(viewer, rfp);
    if (refusal) return failure("save_draft", refusal);
    try {
      upload = await readRfpUpload(request, "proposal-documents");
    } catch (error) {
      if (error instanceof Response && error.status === 413) {
        return json<RfpDetailActionData>(
          { intent: "save_draft", uploadErrors: [RFP_DOCUMENT_MESSAGES.fileSize()] },
          { status: 413 },
        );
      }
      throw error;
    }
  }
  const form = upload ? upload.formData : await readForm(request);
  const submission = parseWithZod(form, { schema: RfpDetailSchema });
  const here = `/rfps/${rfp.id}`;
  const actor = rfpActor(viewer);
  const proposalId = proposalIdFor(rfp.id, viewer.user.id);
  const files = upload?.files ?? [];
  const attach = async () =>
    upload && (files.length > 0 || upload.tooMany)
      ? attachProposalDocuments(db, { proposalId, vendorId: viewer.user.id, files, tooMany: upload.tooMany })
      : ({ ok: true, count: 0 } as const);
  const discardUpload = () => removeStoredFiles(files.map((f) => f.key));

  if (submission.status !== "success") {
    await discardUpload();
    const intent = intentOf(submission.payload, RFP_DETAIL_INTENTS);
    return json<RfpDetailActionData>(
      {
        intent: intent ?? "",
        result: submission.reply(),
        formError: intent ? undefined : PROPOSAL_MESSAGES.submitFailed,
      },
      { status: 400 },
    );
  }
  const input = submission.value;
  const intent = input.intent;

  switch (input.intent) {
    case "save_draft":
    case "submit": {
      const vendor = vendorActor(viewer);
      const fields = proposalFieldsFromForm(input);
      // What the RFP requires of a submitted bid is checked once, by decide (every field problem at
      // once); its field errors come back through failure(). The draft holds the documents: save it
      // first, then attach, then (for Submit) submit.
      if (input.intent === "save_draft" || files.length > 0 || upload?.tooMany) {
        const saved = await saveProposal(db, { rfpId: rfp.id, vendor, fields });
        if (!saved.ok) {
          await discardUpload();
          return failure(intent, saved.error, submission);
        }
        const attached = await attach();
        if (!attached.ok) {
          return json<RfpDetailActionData>(
            { intent, uploadErrors: attached.errors, result: submission.reply() },
            { status: 400 },
          );
        }
      }
      if (input.intent === "save_draft") {
        return redirectWithFlash(`${here}#proposal`, { tone: "success", message: "Proposal draft saved" });
      }
      const key = input.submit_key ?? "";
      const submitted = await submitProposalCommand(
        db,
        { rfpId: rfp.id, vendor, fields },
        {
          idempotencyKey: /^[0-9a-f-]{36}$/i.test(key)
            ? `proposal-submit:${viewer.user.id}:${key}`
            : undefined,
        },
      );
      if (!submitted.ok) return failure(intent, submitted.error, submission);
      return redirectWithFlash(`${here}#proposal`, { tone: "success", message: "Proposal submitted" });
    }
    case "remove_document": {
      await discardUpload();
      const removed = await removeProposalDocument(db, {
        proposalId,
        vendorId: viewer.user.id,
        documentId: input.document_id,
      });
      if (!removed)
        return json<RfpDetailActionData>({ intent, uploadErrors: ["Document not found"] }, { status: 404 });
      return redirectWithFlash(`${here}#proposal`, { tone: "success", message: "Document removed" });
    }
    case "withdraw": {
      const withdrawn = await withdrawProposalCommand(db, {
        proposalId: proposalIdFor(rfp.id, viewer.user.id),
        vendorId: viewer.user.id,
      });
      if (!withdrawn.ok) return failure(intent, withdrawn.error);
      return redirectWithFlash(`${here}#proposal`, { tone: "success", message: "Proposal withdrawn" });
    }
    case "close": {
      const closed = await closeRfp(db, { rfpId: rfp.id, actor });
      if (!closed.ok) return failure(intent, closed.error);
      return redirectWithFlash(here, { tone: "success", message: "RFP closed" });
    }
    case "cancel": {
      const cancelled = await cancelRfp(db, { rfpId: rfp.id, actor, reason: input.reason });
      if (!cancelled.ok) return failure(intent, cancelled.error, submission);
      return redirectWithFlash(here, {
        tone: "success",
        message: "RFP cancelled. Every vendor who bid got their credits back.",
      });
    }
    case "delete": {
      const deleted = await executeRfpCommand(db, rfp.id, { type: "DeleteRfp", actor });
      if (!deleted.ok) return failure(intent, deleted.error);
      return redirectWithFlash("/rfps?mine=1", { tone: "success", message: "RFP deleted" });
    }
    default: {
      const never: never = input;
      throw new Error(`Unknown intent ${JSON.stringify(never)}`);
    }
  }
}
