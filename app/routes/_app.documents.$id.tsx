import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_LABELS,
  DOCUMENT_MESSAGES,
  DOCUMENT_VISIBILITIES,
  DOCUMENT_VISIBILITY_LABELS,
  type DocumentCategory,
  type DocumentChange,
  type DocumentChangeKind,
  type DocumentVisibility,
  describeHistory,
  folderPath,
  formatFileSize,
  LIBRARY_ACCEPT,
  LIBRARY_MAX_MB,
  orderFolders,
  parseVendorEmails,
  TITLE_MAX,
} from "@domain/documents";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireDocumentAccess } from "~/auth/documents.server";
import { pageNotFound } from "~/auth/guards.server";
import { requireAssociationPlan } from "~/auth/plan.server";
import {
  changeDocument,
  discardUpload,
  type ReceivedFile,
  readDocumentUpload,
  uploadVersion,
} from "~/commands/documents.server";
import { DocumentSection, selectClass, VisibilityFields } from "~/components/documents/library";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { LabelledControl } from "~/components/ui/labelled-control";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, isMultipart, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { getDocumentDetail } from "~/queries/documents.server";
import { dateLabel } from "~/queries/rfp-present.server";
import { documentId, type Intent, parseDocumentForm, refusedIntent } from "./_app.documents.$id.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.document.title ?? "Document"} · Documents · Association Commons` },
];

/**
 * One document of the library: its versions (each downloadable) and, for the board and managers, its
 * history and the forms that change it. Whoever may not see it gets 404 (requireDocumentAccess).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = documentId(params);
  const { viewer, access } = await requireDocumentAccess(request, id);
  const manage = access === "manage";
  const [detail] = await Promise.all([getDocumentDetail(await getDb(), id, { withHistory: manage })]);
  if (!detail) pageNotFound();
  const tz = viewer.profile.timezone ?? undefined;
  const folders = orderFolders(detail.folders);
  return json({
    manage,
    document: {
      id: detail.id,
      title: detail.title,
      association: detail.associationName,
      category: detail.category,
      categoryLabel: DOCUMENT_CATEGORY_LABELS[detail.category as DocumentCategory] ?? detail.category,
      visibility: detail.visibility,
      visibilityLabel:
        DOCUMENT_VISIBILITY_LABELS[detail.visibility as DocumentVisibility] ?? detail.visibility,
      folderId: detail.folderId,
      folder: folderPath(detail.folderId, detail.folders),
      archived: detail.archivedAt !== null,
      vendors: manage ? detail.vendors : [],
    },
    versions: detail.versions.map((v) => ({
      id: v.id,
      version: v.version,
      current: v.version === detail.versionCount,
      fileName: v.fileName,
      size: formatFileSize(v.fileSize),
      uploadedBy: v.uploadedBy ?? "Former member",
      uploadedAt: dateLabel(v.uploadedAt, tz, true) ?? "",
    })),
    history: detail.history.map((h) => ({
      id: h.id,
      text: describeHistory(h.action, h.details),
      actor: h.actor ?? "Former member",
      at: dateLabel(h.at, tz, true) ?? "",
    })),
    folders: manage ? folders.map((f) => ({ id: f.id, path: folderPath(f.id, detail.folders) })) : [],
  });
}

type ActionData = { intent: Intent; result: SubmissionResult<string[]> };

const reply = (intent: Intent, result: SubmissionResult<string[]>, status: number) =>
  json<ActionData>({ intent, result }, { status });

const MESSAGES: Record<DocumentChangeKind, string> = {
  rename: "Document renamed",
  move: "Document moved",
  category: "Category changed",
  visibility: "Visibility changed",
  archive: "Document archived",
  restore: "Document restored",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const id = documentId(params);
  // Authorized before a byte of the body is read: a board member or manager of its association.
  const { viewer, associationId } = await requireDocumentAccess(request, id, { manage: true });
  await requireAssociationPlan(request, associationId, "documents");
  const db = await getDb();
  const base = { associationId, documentId: id, actorId: viewer.user.id };

  let formData: FormData;
  let files: ReceivedFile[] = [];
  if (isMultipart(request)) {
    try {
      ({ formData, files } = await readDocumentUpload(request));
    } catch (error) {
      if (error instanceof Response && error.status === 413) {
        return reply("new-version", { status: "error", error: { file: [DOCUMENT_MESSAGES.fileSize] } }, 413);
      }
      throw error;
    }
  } else {
    formData = await readForm(request);
  }
  const submission = parseDocumentForm(formData);
  const value = submission.status === "success" ? submission.value : null;
  if (!value || (value.intent !== "new-version" && files.length > 0)) {
    await discardUpload(files);
    return reply(refusedIntent(submission.payload), submission.reply(), 400);
  }
  const here = `/documents/${id}`;

  if (value.intent === "new-version") {
    const outcome = await once(request, base.actorId, formData, (db) =>
      uploadVersion(db, { ...base, file: files[0] }),
    );
    if (!outcome.ok)
      return reply(
        "new-version",
        submission.reply({ fieldErrors: { file: [outcome.message] } }),
        domainErrorStatus(outcome.kind),
      );
    return redirectWithFlash(here, { message: `Version ${outcome.version} uploaded`, tone: "success" });
  }

  let change: DocumentChange;
  switch (value.intent) {
    case "rename":
      change = { type: "rename", title: value.title };
      break;
    case "move":
      change = { type: "move", folderId: value.folderId ?? null };
      break;
    case "category":
      change = { type: "category", category: value.category };
      break;
    case "visibility": {
      const emails = parseVendorEmails(value.vendors ?? "");
      if (!emails.ok)
        return reply("visibility", submission.reply({ fieldErrors: { vendors: [emails.message] } }), 400);
      change = { type: "visibility", visibility: value.visibility, vendorEmails: emails.emails };
      break;
    }
    case "archive":
      change = { type: "archive" };
      break;
    case "restore":
      change = { type: "restore" };
      break;
    default: {
      const never: never = value;
      throw new Error(`unknown intent ${JSON.stringify(never)}`);
    }
  }
  const outcome = await changeDocument(db, { ...base, change });
  if (!outcome.ok) {
    return reply(
      value.intent,
      submission.reply(
        outcome.field
          ? { fieldErrors: { [outcome.field]: [outcome.message] } }
          : { formErrors: [outcome.message] },
      ),
      domainErrorStatus(outcome.kind),
    );
  }
  return redirectWithFlash(here, { message: MESSAGES[change.type], tone: "success" });
}

export default function DocumentPage() {
  const { manage, document, versions, history } = useLoaderData<typeof loader>();
  const current = versions.find((v) => v.current);
  return (
    <div className="mx-auto max-w-5xl">
      <p className="text-sm">
        <Link to="/documents" className="text-blue-700 underline dark:text-blue-400">
          Documents
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-semibold">{document.title}</h1>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <Fact label="Association">{document.association}</Fact>
        <Fact label="Category">{document.categoryLabel}</Fact>
        <Fact label="Visibility">
          <span data-testid="document-visibility">{document.visibilityLabel}</span>
          {document.vendors.length > 0 ? (
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              {document.vendors.join(", ")}
            </span>
          ) : null}
        </Fact>
        <Fact label="Folder">{document.folder}</Fact>
      </dl>
      {document.archived ? (
        <div className="mt-4">
          <Alert tone="info" title="Archived">
            This document is hidden from members and vendors. Restore it to share it again.
          </Alert>
        </div>
      ) : null}
      {current ? (
        <p className="mt-4">
          <a href={`/documents/library/${current.id}`} className={buttonClass("primary")} download>
            Download current version (v{current.version}, {current.size})
          </a>
        </p>
      ) : null}

      <DocumentSection id="versions-heading" title="Versions">
        <ol className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {versions.map((v) => (
            <li
              key={v.id}
              data-testid="document-version"
              className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm"
            >
              <span className="font-semibold">
                Version {v.version}
                {v.current ? " (current)" : ""}
              </span>
              <span>{v.fileName}</span>
              <span>{v.size}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {v.uploadedBy}, {v.uploadedAt}
              </span>
              <a
                href={`/documents/library/${v.id}`}
                download
                className="ml-auto font-medium text-blue-700 underline dark:text-blue-400"
              >
                Download<span className="sr-only"> version {v.version}</span>
              </a>
            </li>
          ))}
        </ol>
      </DocumentSection>

      {manage ? <ManageDocument versionCount={versions.length} /> : null}

      {manage ? (
        <DocumentSection id="history-heading" title="History">
          <ol className="mt-2 space-y-2 text-sm">
            {history.map((h) => (
              <li key={h.id} data-testid="history-entry">
                <span className="font-medium">{h.text}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {h.actor}, {h.at}
                </span>
              </li>
            ))}
          </ol>
        </DocumentSection>
      ) : null}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

type FieldMeta = { name: string; errors?: string[] };

/** One small form of the management panel, with its own Conform state. */
function useDocumentForm(intent: Intent) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: `document-${intent}`,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    // Checked on the server only (issue 27, part 3): on submit, never on blur or input (without
    // onValidate, Conform would post a validation of its own to the action).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  return { form, fields: fields as unknown as Record<string, FieldMeta> };
}

const CATEGORY_OPTIONS = DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: DOCUMENT_CATEGORY_LABELS[c] }));
const VISIBILITY_OPTIONS = DOCUMENT_VISIBILITIES.map((v) => ({
  value: v,
  label: DOCUMENT_VISIBILITY_LABELS[v],
}));

function ManageDocument({ versionCount }: { versionCount: number }) {
  const { document, folders } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const version = useDocumentForm("new-version");
  const rename = useDocumentForm("rename");
  const move = useDocumentForm("move");
  const category = useDocumentForm("category");
  const visibility = useDocumentForm("visibility");
  const archive = useDocumentForm(document.archived ? "restore" : "archive");
  // Each form starts afresh once what it changed has changed (not on every reload: a remount would
  // drop a file chosen meanwhile).
  const resetKeys: Record<string, string> = {
    version: String(versionCount),
    rename: document.title,
    move: document.folderId ?? "",
    category: document.category,
    visibility: `${document.visibility} ${document.vendors.join(",")}`,
    archive: String(document.archived),
    restore: String(document.archived),
  };
  const key = (name: string) => `${name}-${resetKeys[name] ?? ""}`;
  const panel = "rounded-md border border-slate-200 p-4 dark:border-slate-700";
  const formErrors = (errors?: string[]) =>
    errors?.length ? (
      <div className="mb-3">
        <Alert title={errors.join(" ")} />
      </div>
    ) : null;

  if (document.archived) {
    return (
      <DocumentSection id="manage-heading" title="Manage">
        <Form key={key("restore")} method="post" className="mt-3" {...getFormProps(archive.form)}>
          {formErrors(archive.form.errors)}
          <input type="hidden" name="intent" value="restore" />
          <Button disabled={busy}>Restore document</Button>
        </Form>
      </DocumentSection>
    );
  }
  return (
    <DocumentSection id="manage-heading" title="Manage">
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <Form
          key={key("version")}
          method="post"
          encType="multipart/form-data"
          className={`${panel} flex flex-col gap-3`}
          {...getFormProps(version.form)}
        >
          <h3 className="font-semibold">Upload a new version</h3>
          {formErrors(version.form.errors)}
          <input type="hidden" name="intent" value="new-version" />
          <IdempotencyKey />
          <LabelledControl
            id="version-file"
            label="File"
            errors={version.fields.file?.errors}
            hint={`PDF, Word, Excel, PowerPoint, PNG, JPEG, text or CSV, up to ${LIBRARY_MAX_MB} MB.`}
          >
            {(wiring) => (
              <input
                type="file"
                name="file"
                required
                accept={LIBRARY_ACCEPT}
                {...wiring}
                className="text-sm"
              />
            )}
          </LabelledControl>
          <div>
            <Button disabled={busy}>Upload version</Button>
          </div>
        </Form>
        <Form
          key={key("rename")}
          method="post"
          className={`${panel} flex flex-col gap-3`}
          {...getFormProps(rename.form)}
        >
          <h3 className="font-semibold">Rename</h3>
          {formErrors(rename.form.errors)}
          <input type="hidden" name="intent" value="rename" />
          <Field
            id="rename-title"
            label="Title"
            name="title"
            required
            maxLength={TITLE_MAX}
            defaultValue={document.title}
            errors={rename.fields.title?.errors}
          />
          <div>
            <Button variant="secondary" disabled={busy}>
              Rename
            </Button>
          </div>
        </Form>
        <Form
          key={key("move")}
          method="post"
          className={`${panel} flex flex-col gap-3`}
          {...getFormProps(move.form)}
        >
          <h3 className="font-semibold">Move to folder</h3>
          {formErrors(move.form.errors)}
          <input type="hidden" name="intent" value="move" />
          <LabelledControl id="move-folder" label="Folder" errors={move.fields.folderId?.errors}>
            {(wiring) => (
              <select
                name="folderId"
                defaultValue={document.folderId ?? ""}
                {...wiring}
                className={selectClass}
              >
                <option value="">No folder</option>
                {folders.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.path}
                  </option>
                ))}
              </select>
            )}
          </LabelledControl>
          <div>
            <Button variant="secondary" disabled={busy}>
              Move
            </Button>
          </div>
        </Form>
        <Form
          key={key("category")}
          method="post"
          className={`${panel} flex flex-col gap-3`}
          {...getFormProps(category.form)}
        >
          <h3 className="font-semibold">Category</h3>
          {formErrors(category.form.errors)}
          <input type="hidden" name="intent" value="category" />
          <LabelledControl id="category-select" label="Category" errors={category.fields.category?.errors}>
            {(wiring) => (
              <select name="category" defaultValue={document.category} {...wiring} className={selectClass}>
                {CATEGORY_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </LabelledControl>
          <div>
            <Button variant="secondary" disabled={busy}>
              Change category
            </Button>
          </div>
        </Form>
        <Form
          key={key("visibility")}
          method="post"
          className={`${panel} flex flex-col gap-3`}
          {...getFormProps(visibility.form)}
        >
          <h3 className="font-semibold">Visibility</h3>
          {formErrors(visibility.form.errors)}
          <input type="hidden" name="intent" value="visibility" />
          <VisibilityFields
            idPrefix="change"
            options={VISIBILITY_OPTIONS}
            visibility={{
              name: "visibility",
              defaultValue: document.visibility,
              errors: visibility.fields.visibility?.errors,
            }}
            vendors={{
              name: "vendors",
              defaultValue: document.vendors.join(", "),
              errors: visibility.fields.vendors?.errors,
            }}
          />
          <div>
            <Button variant="secondary" disabled={busy}>
              Change visibility
            </Button>
          </div>
        </Form>
        <Form
          key={key("archive")}
          method="post"
          className={`${panel} flex flex-col gap-3`}
          {...getFormProps(archive.form)}
        >
          <h3 className="font-semibold">Archive</h3>
          {formErrors(archive.form.errors)}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Hides the document from members and vendors. Its versions and history are kept, and it can be
            restored.
          </p>
          <input type="hidden" name="intent" value="archive" />
          <div>
            <Button variant="secondary" disabled={busy}>
              Archive document
            </Button>
          </div>
        </Form>
      </div>
    </DocumentSection>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
