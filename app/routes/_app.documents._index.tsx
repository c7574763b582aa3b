import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_CATEGORY_LABELS,
  DOCUMENT_MESSAGES,
  DOCUMENT_VISIBILITIES,
  DOCUMENT_VISIBILITY_LABELS,
  type DocumentCategory,
  type DocumentVisibility,
  FOLDER_NAME_MAX,
  folderPath,
  formatFileSize,
  LIBRARY_ACCEPT,
  LIBRARY_MAX_MB,
  mayManageDocuments,
  orderFolders,
  parseVendorEmails,
  TITLE_MAX,
  visibleTo,
} from "@domain/documents";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { findAssociation, requireAssociation } from "~/auth/association.server";
import { requireContext } from "~/auth/guards.server";
import { associationPlanNotice, requireAssociationPlan } from "~/auth/plan.server";
import {
  createFolder,
  deleteFolder,
  discardUpload,
  type ReceivedFile,
  readDocumentUpload,
  renameFolder,
  uploadDocument,
} from "~/commands/documents.server";
import { PlanLimitNotice } from "~/components/billing/plan-limit-notice";
import {
  type DocumentRowView,
  DocumentSection,
  DocumentTable,
  selectClass,
  VisibilityFields,
} from "~/components/documents/library";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { LabelledControl } from "~/components/ui/labelled-control";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, intentOf, isMultipart, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import {
  holdsVendorRole,
  type LibraryRow,
  listLibrary,
  listSharedWithVendor,
} from "~/queries/documents.server";
import { dateLabel } from "~/queries/rfp-present.server";
import { parseLibraryForm } from "./_app.documents._index.server";

export const meta: MetaFunction = () => [{ title: "Documents · Association Commons" }];

const MANAGERS = ["board_member", "property_manager"] as const;

/**
 * The document library (issue 12, part 1; spec 000 sidebar "Documents"): the active association's
 * folders and documents as the person's membership allows (board members and managers: all, and
 * they manage; homeowners: those for all members, read-only), and for vendors the documents that
 * associations shared with them by name.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireContext(request);
  const db = await getDb();
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const [scoped, vendor] = await Promise.all([findAssociation(viewer), holdsVendorRole(db, viewer.user.id)]);
  const tz = scoped?.association.timeZone ?? viewer.profile.timezone ?? undefined;
  const row = (d: LibraryRow & { associationName?: string }): DocumentRowView => ({
    id: d.id,
    title: d.title,
    category: DOCUMENT_CATEGORY_LABELS[d.category as DocumentCategory] ?? d.category,
    visibility: DOCUMENT_VISIBILITY_LABELS[d.visibility as DocumentVisibility] ?? d.visibility,
    version: d.version,
    size: formatFileSize(d.fileSize),
    uploadedBy: d.uploadedBy ?? "Former member",
    uploadedAt: dateLabel(d.uploadedAt, tz, true) ?? "",
    versionId: d.versionId,
    association: d.associationName,
  });
  let library = null;
  if (scoped) {
    const role = scoped.membership.memberRole;
    const manage = mayManageDocuments(role);
    const { folders, documents, archived } = await listLibrary(db, scoped.association.id, {
      visibilities: visibleTo(role),
      withArchived: manage,
      search: q || undefined,
    });
    const ordered = orderFolders(folders);
    library = {
      association: scoped.association.name,
      manage,
      // Issue 14: the forms stay, but the server refuses them without the plan or its trial.
      planLimit: manage ? await associationPlanNotice(scoped.association.id, "documents") : null,
      folders: ordered.map((f) => ({
        id: f.id,
        path: folderPath(f.id, folders),
        topLevel: f.parentId === null,
        name: f.name,
        empty: !documents.some((d) => d.folderId === f.id) && !archived.some((d) => d.folderId === f.id),
        documents: documents.filter((d) => d.folderId === f.id).map(row),
      })),
      unfiled: documents.filter((d) => d.folderId === null).map(row),
      archived: archived.map(row),
      total: documents.length,
    };
  }
  const shared = vendor ? (await listSharedWithVendor(db, viewer.user.id)).map(row) : [];
  return json({ library, shared, vendor, q });
}

type Intent = "upload" | "create-folder" | "rename-folder" | "delete-folder";
type ActionData = { intent: Intent; folderId?: string; result: SubmissionResult<string[]> };

const reply = (intent: Intent, result: SubmissionResult<string[]>, status: number, folderId?: string) =>
  json<ActionData>({ intent, result, folderId }, { status });
const INTENTS: readonly Intent[] = ["upload", "create-folder", "rename-folder", "delete-folder"];

export async function action({ request }: ActionFunctionArgs) {
  // Authorized before a byte of the body is read: a board member or manager of the active association.
  const scoped = await requireAssociation(request, { roles: MANAGERS });
  await requireAssociationPlan(request, scoped.association.id, "documents");
  const db = await getDb();
  const base = { associationId: scoped.association.id, actorId: scoped.user.id };

  let formData: FormData;
  let files: ReceivedFile[] = [];
  if (isMultipart(request)) {
    try {
      ({ formData, files } = await readDocumentUpload(request));
    } catch (error) {
      if (error instanceof Response && error.status === 413) {
        return reply("upload", { status: "error", error: { file: [DOCUMENT_MESSAGES.fileSize] } }, 413);
      }
      throw error;
    }
  } else {
    formData = await readForm(request);
  }
  const submission = parseLibraryForm(formData);
  if (submission.status !== "success") {
    await discardUpload(files);
    const intent = intentOf(submission.payload, INTENTS) ?? "upload";
    const folderId = formData.get("folderId");
    return reply(intent, submission.reply(), 400, typeof folderId === "string" ? folderId : undefined);
  }
  const value = submission.value;
  if (value.intent === "rename-folder" || value.intent === "delete-folder") {
    await discardUpload(files);
    const input = { ...base, folderId: value.folderId };
    const outcome =
      value.intent === "rename-folder"
        ? await renameFolder(db, { ...input, name: value.name })
        : await deleteFolder(db, input);
    if (!outcome.ok) {
      const field = value.intent === "rename-folder" && outcome.field === "name" ? "name" : "";
      return reply(
        value.intent,
        submission.reply(
          field ? { fieldErrors: { name: [outcome.message] } } : { formErrors: [outcome.message] },
        ),
        domainErrorStatus(outcome.kind),
        value.folderId,
      );
    }
    return redirectWithFlash("/documents", {
      message:
        value.intent === "rename-folder"
          ? `Folder renamed to "${value.name}"`
          : `Folder "${"name" in outcome ? outcome.name : ""}" deleted`,
      tone: "success",
    });
  }
  if (value.intent === "create-folder") {
    await discardUpload(files);
    const outcome = await once(request, base.actorId, formData, (db) =>
      createFolder(db, { ...base, name: value.name, parentId: value.parentId ?? null }),
    );
    if (!outcome.ok) {
      const field = outcome.field ?? "name";
      return reply(
        "create-folder",
        submission.reply({ fieldErrors: { [field]: [outcome.message] } }),
        domainErrorStatus(outcome.kind),
      );
    }
    return redirectWithFlash("/documents", { message: `Folder "${value.name}" created`, tone: "success" });
  }

  const emails = parseVendorEmails(value.vendors ?? "");
  if (!emails.ok) {
    await discardUpload(files);
    return reply("upload", submission.reply({ fieldErrors: { vendors: [emails.message] } }), 400);
  }
  const outcome = await once(request, base.actorId, formData, (db) =>
    uploadDocument(db, {
      ...base,
      file: files[0],
      title: value.title,
      category: value.category,
      visibility: value.visibility,
      vendorEmails: emails.emails,
      folderId: value.folderId ?? null,
    }),
  );
  if (!outcome.ok) {
    return reply(
      "upload",
      submission.reply({ fieldErrors: { [outcome.field ?? "file"]: [outcome.message] } }),
      domainErrorStatus(outcome.kind),
    );
  }
  return redirectWithFlash(`/documents/${outcome.documentId}`, {
    message: "Document uploaded",
    tone: "success",
  });
}

const CATEGORY_OPTIONS = DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: DOCUMENT_CATEGORY_LABELS[c] }));
const VISIBILITY_OPTIONS = DOCUMENT_VISIBILITIES.map((v) => ({
  value: v,
  label: DOCUMENT_VISIBILITY_LABELS[v],
}));

export default function DocumentsPage() {
  const { library, shared, vendor, q } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-semibold">Documents</h1>
      {library ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {library.association}: {library.total} {library.total === 1 ? "document" : "documents"}
          {library.manage ? "" : " you may read"}
        </p>
      ) : null}
      {library?.planLimit ? (
        <div className="mt-4">
          <PlanLimitNotice notice={library.planLimit} />
        </div>
      ) : null}
      {library ? (
        <Form method="get" role="search" aria-label="Documents" className="mt-4 flex flex-wrap gap-2">
          <input
            type="search"
            name="q"
            defaultValue={q}
            maxLength={200}
            aria-label="Search documents by title or file name"
            placeholder="Title or file name"
            className="min-w-0 flex-1 basis-64 rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          />
          <Button variant="secondary">Search</Button>
          {q ? (
            <Link to="/documents" className={buttonClass("ghost")}>
              Clear
            </Link>
          ) : null}
        </Form>
      ) : null}
      {library && q ? (
        <p className="mt-3 text-sm">
          {library.total === 0
            ? `No documents match "${q}".`
            : `${library.total} ${library.total === 1 ? "document matches" : "documents match"} "${q}".`}
        </p>
      ) : null}
      {library?.manage && !q ? (
        <ManageForms folders={library.folders} resetKey={`${library.total}-${library.archived.length}`} />
      ) : null}
      {library ? (
        <>
          {library.total === 0 && library.folders.length === 0 ? (
            <p className="mt-6 text-sm">No documents yet.</p>
          ) : null}
          {library.folders
            .filter((f) => !q || f.documents.length > 0)
            .map((f) => (
              <DocumentSection key={f.id} id={`folder-${f.id}`} title={f.path}>
                {library.manage && !q ? <FolderActions key={f.name} folder={f} /> : null}
                {f.documents.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                    No documents in this folder.
                  </p>
                ) : (
                  <DocumentTable caption={`Documents in ${f.path}`} rows={f.documents} />
                )}
              </DocumentSection>
            ))}
          {library.unfiled.length > 0 ? (
            <DocumentSection
              id="folder-none"
              title={library.folders.length > 0 ? "Not in a folder" : "All documents"}
            >
              <DocumentTable caption="Documents not in a folder" rows={library.unfiled} />
            </DocumentSection>
          ) : null}
          {library.manage && library.archived.length > 0 ? (
            <DocumentSection id="archived" title="Archived">
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Hidden from members and vendors; open one to restore it.
              </p>
              <DocumentTable caption="Archived documents" rows={library.archived} />
            </DocumentSection>
          ) : null}
        </>
      ) : !vendor ? (
        <p className="mt-6 text-sm">
          You are not a member of an association yet. Documents appear here once you belong to one.
        </p>
      ) : null}
      {vendor ? (
        <DocumentSection id="shared" title="Shared with you">
          {shared.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              No association has shared a document with you yet.
            </p>
          ) : (
            <DocumentTable caption="Documents shared with you" rows={shared} showAssociation />
          )}
        </DocumentSection>
      ) : null}
    </div>
  );
}

function ManageForms({
  folders,
  resetKey,
}: {
  folders: { id: string; path: string; topLevel: boolean }[];
  /** Changes when a document was added: the upload form then starts afresh. */
  resetKey: string;
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [upload, up] = useForm({
    id: "upload-document",
    lastResult: actionData?.intent === "upload" ? actionData.result : undefined,
    // On submit only: revalidating the file input on blur (after a refused file) makes Conform submit
    // a validation of its own in place of the person's click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const [folder, ff] = useForm({
    id: "create-folder",
    lastResult: actionData?.intent === "create-folder" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  const upFields = up as unknown as Record<
    string,
    { name: string; errors?: string[]; initialValue?: unknown }
  >;
  const folderFields = ff as unknown as Record<string, { name: string; errors?: string[] }>;
  const initial = (name: string) => {
    const v = upFields[name]?.initialValue;
    return typeof v === "string" ? v : undefined;
  };
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-3">
      <section
        aria-labelledby="upload-heading"
        className="rounded-md border border-slate-200 p-4 lg:col-span-2 dark:border-slate-700"
      >
        <h2 id="upload-heading" className="text-lg font-semibold">
          Upload a document
        </h2>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          PDF, Word, Excel, PowerPoint, PNG, JPEG, text or CSV, up to {LIBRARY_MAX_MB} MB.
        </p>
        {upload.errors?.length ? (
          <div className="mt-3">
            <Alert title={upload.errors.join(" ")} />
          </div>
        ) : null}
        <Form
          key={`upload-${resetKey}`}
          method="post"
          encType="multipart/form-data"
          className="mt-3 grid gap-4 sm:grid-cols-2"
          {...getFormProps(upload)}
        >
          <input type="hidden" name="intent" value="upload" />
          <IdempotencyKey />
          <div className="sm:col-span-2">
            <LabelledControl id="upload-file" label="File" errors={upFields.file?.errors}>
              {(wiring) => (
                <input
                  type="file"
                  name="file"
                  required
                  accept={LIBRARY_ACCEPT}
                  {...wiring}
                  className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold dark:file:border-slate-600 dark:file:bg-slate-800 dark:file:text-slate-100"
                />
              )}
            </LabelledControl>
          </div>
          <Field
            id="upload-title"
            label="Title"
            name="title"
            hint="Leave empty to use the file's name."
            maxLength={TITLE_MAX}
            defaultValue={initial("title")}
            errors={upFields.title?.errors}
          />
          <LabelledControl id="upload-category" label="Category" errors={upFields.category?.errors}>
            {(wiring) => (
              <select
                name="category"
                defaultValue={initial("category") ?? "other"}
                {...wiring}
                className={selectClass}
              >
                {CATEGORY_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </LabelledControl>
          <LabelledControl id="upload-folder" label="Folder" errors={upFields.folderId?.errors}>
            {(wiring) => (
              <select
                name="folderId"
                defaultValue={initial("folderId") ?? ""}
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
          <VisibilityFields
            idPrefix="upload"
            options={VISIBILITY_OPTIONS}
            visibility={{
              name: "visibility",
              defaultValue: initial("visibility") ?? "board",
              errors: upFields.visibility?.errors,
            }}
            vendors={{ name: "vendors", defaultValue: initial("vendors"), errors: upFields.vendors?.errors }}
          />
          <div className="sm:col-span-2">
            <Button disabled={busy}>Upload</Button>
          </div>
        </Form>
      </section>
      <section
        aria-labelledby="folder-heading"
        className="rounded-md border border-slate-200 p-4 dark:border-slate-700"
      >
        <h2 id="folder-heading" className="text-lg font-semibold">
          New folder
        </h2>
        <Form
          key={`folder-${folders.length}`}
          method="post"
          className="mt-3 flex flex-col gap-4"
          {...getFormProps(folder)}
        >
          <input type="hidden" name="intent" value="create-folder" />
          <IdempotencyKey />
          <Field
            id="folder-name"
            label="Folder name"
            name="name"
            required
            maxLength={FOLDER_NAME_MAX}
            errors={folderFields.name?.errors}
          />
          <LabelledControl id="folder-parent" label="Inside" errors={folderFields.parentId?.errors}>
            {(wiring) => (
              <select name="parentId" defaultValue="" {...wiring} className={selectClass}>
                <option value="">Top level</option>
                {folders
                  .filter((f) => f.topLevel)
                  .map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.path}
                    </option>
                  ))}
              </select>
            )}
          </LabelledControl>
          <div>
            <Button variant="secondary" disabled={busy}>
              Create folder
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

/** A folder's rename and delete forms (board members and managers), folded away until wanted. */
function FolderActions({ folder }: { folder: { id: string; name: string; path: string; empty: boolean } }) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const mine = actionData?.folderId === folder.id ? actionData : undefined;
  const [rename, fields] = useForm({
    id: `rename-folder-${folder.id}`,
    lastResult: mine?.intent === "rename-folder" ? mine.result : undefined,
    defaultValue: { name: folder.name },
    shouldValidate: "onSubmit",
  });
  const nameErrors = (fields as unknown as Record<string, { errors?: string[] }>).name?.errors;
  const deleteErrors = mine?.intent === "delete-folder" ? mine.result.error?.[""] : undefined;
  return (
    <details open={Boolean(mine)} className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium text-blue-700 dark:text-blue-300">
        Manage folder<span className="sr-only"> {folder.path}</span>
      </summary>
      <div className="mt-2 flex flex-wrap items-end gap-4">
        <Form method="post" className="flex flex-wrap items-end gap-2" {...getFormProps(rename)}>
          <input type="hidden" name="intent" value="rename-folder" />
          <input type="hidden" name="folderId" value={folder.id} />
          <Field
            id={`rename-${folder.id}`}
            label="Folder name"
            name="name"
            required
            maxLength={FOLDER_NAME_MAX}
            defaultValue={folder.name}
            errors={nameErrors}
          />
          <Button variant="secondary" disabled={busy}>
            Rename
          </Button>
        </Form>
        {folder.empty ? (
          <Form method="post" className="flex flex-col gap-1">
            <input type="hidden" name="intent" value="delete-folder" />
            <input type="hidden" name="folderId" value={folder.id} />
            <Button variant="secondary" disabled={busy}>
              Delete folder<span className="sr-only"> {folder.path}</span>
            </Button>
          </Form>
        ) : (
          <p className="text-slate-600 dark:text-slate-400">{DOCUMENT_MESSAGES.folderNotEmpty}.</p>
        )}
      </div>
      {deleteErrors ? <p className="mt-1 text-red-700">{deleteErrors.join(" ")}</p> : null}
    </details>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
