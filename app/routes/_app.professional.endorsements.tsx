import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import {
  ENDORSEMENT_FILTER_LABELS,
  ENDORSEMENT_FILTERS,
  ENDORSEMENT_LIMITS,
  ENDORSEMENT_SORT_LABELS,
  ENDORSEMENT_SORTS,
  ENDORSEMENT_TEXT,
  RELATIONSHIP_LABELS,
  RELATIONSHIP_TYPES,
  relationshipLabel,
} from "@domain/network/endorsements";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { UrlDialog } from "~/components/credits/modal";
import { EndorsementCard } from "~/components/network/endorsements-section";
import { TextareaField } from "~/components/settings/controls";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { SelectField } from "~/components/ui/select-field";
import { endorsementsAction, endorsementsLoader } from "./_app.professional.endorsements.server";

/** The page itself (a *.server module's constants are empty in the browser). */
const ENDORSEMENTS_PATH = "/professional/endorsements";

export const meta: MetaFunction = () => [
  { title: "Endorsements · Professional Center · Association Commons" },
];

export const loader = ({ request }: LoaderFunctionArgs) => endorsementsLoader(request);
export const action = ({ request }: ActionFunctionArgs) => endorsementsAction(request);

interface ActionData {
  intent?: string | null;
  targetId?: string;
  result?: SubmissionResult<string[]> | null;
  error?: string | null;
  current?: {
    skillName: string;
    endorsementText: string;
    relationshipType: string;
    workingRelationshipContext: string | null;
    isPublic: boolean;
    version: number;
  } | null;
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

const input =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";

/** The request, write and edit form (spec 002: Skill, Endorsement Text, Relationship Type, context, public). */
function EndorsementForm({ data, actionData }: { data: PageData; actionData: ActionData | undefined }) {
  const mode = data.dialog as "request" | "write" | "edit";
  const intent = mode === "edit" ? "update" : mode;
  const mine =
    actionData?.intent === intent && (mode !== "edit" || actionData.targetId === data.editing?.id)
      ? actionData
      : undefined;
  const current = mine?.current ?? null;
  const answering = data.answering;
  const base = current ??
    data.editing ?? {
      skillName: answering?.skillName ?? "",
      endorsementText: mode === "write" ? "" : "",
      relationshipType: answering?.relationshipType ?? "colleague",
      workingRelationshipContext: answering?.workingRelationshipContext ?? null,
      isPublic: answering?.isPublic ?? true,
    };
  const [form, fields] = useForm({
    id: `endorsement-${mode}-${data.editing?.id ?? data.writeFor?.id ?? "new"}-${current?.version ?? ""}`,
    lastResult: current ? undefined : (mine?.result ?? undefined),
    shouldValidate: "onSubmit",
  });
  const err = (name: string) => (fields as Record<string, { errors?: string[] }>)[name]?.errors;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="flex flex-col gap-3"
      data-testid="endorsement-form"
    >
      <input type="hidden" name="intent" value={intent} />
      {mode === "edit" && data.editing ? (
        <>
          <input type="hidden" name="endorsementId" value={data.editing.id} />
          <input type="hidden" name="version" value={current?.version ?? data.editing.version} />
        </>
      ) : (
        <IdempotencyKey />
      )}
      {mode === "write" && data.writeFor ? (
        <>
          <input type="hidden" name="endorseeId" value={data.writeFor.id} />
          {answering ? <input type="hidden" name="requestId" value={answering.id} /> : null}
          <p className="text-sm">
            Endorsing <span className="font-semibold">{data.writeFor.name}</span>
            {answering?.message ? (
              <span className="block text-slate-600 dark:text-slate-400">
                Their note: “{answering.message}”
              </span>
            ) : null}
          </p>
        </>
      ) : null}
      {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
      {current ? (
        <Alert title={mine?.error ?? "Changed since you opened it"}>
          The form now shows the current text.
        </Alert>
      ) : null}
      {mode === "request" ? (
        <SelectField
          id="endorsement-endorserId"
          label="Connection"
          name="endorserId"
          defaultValue=""
          placeholder="Choose a connection"
          options={data.connections.map((c) => ({ value: c.id, label: c.name }))}
          errors={err("endorserId")}
        />
      ) : null}
      <Field
        id="endorsement-skillName"
        label="Skill"
        name="skillName"
        required
        list="endorsement-skills"
        maxLength={ENDORSEMENT_LIMITS.skillMax}
        defaultValue={base.skillName}
        errors={err("skillName")}
      />
      <datalist id="endorsement-skills">
        {data.skillSuggestions.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <TextareaField
        id="endorsement-endorsementText"
        label="Endorsement Text"
        name="endorsementText"
        required
        rows={4}
        maxLength={ENDORSEMENT_LIMITS.textMax}
        defaultValue={base.endorsementText}
        errors={err("endorsementText")}
      />
      <SelectField
        id="endorsement-relationshipType"
        label="Relationship Type"
        name="relationshipType"
        defaultValue={base.relationshipType}
        options={RELATIONSHIP_TYPES.map((r) => ({ value: r, label: RELATIONSHIP_LABELS[r] }))}
        errors={err("relationshipType")}
      />
      <Field
        id="endorsement-context"
        label="Working Relationship Context"
        name="workingRelationshipContext"
        maxLength={ENDORSEMENT_LIMITS.contextMax}
        defaultValue={base.workingRelationshipContext ?? ""}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isPublic" defaultChecked={base.isPublic} />{" "}
        {ENDORSEMENT_TEXT.publicLabel}
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={ENDORSEMENTS_PATH} className={buttonClass("secondary")}>
          {ENDORSEMENT_TEXT.cancel}
        </Link>
        <Button>
          {mode === "edit"
            ? ENDORSEMENT_TEXT.update
            : mode === "request"
              ? ENDORSEMENT_TEXT.send
              : "Publish Endorsement"}
        </Button>
      </div>
    </Form>
  );
}

export default function EndorsementsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const base = new URLSearchParams();
  if (!data.isOwner) base.set("user", data.subject.id);
  const hrefFor = (filter: string) => {
    const p = new URLSearchParams(base);
    if (filter !== "all") p.set("filter", filter);
    if (data.q) p.set("q", data.q);
    if (data.sort !== "newest") p.set("sort", data.sort);
    const s = p.toString();
    return `${ENDORSEMENTS_PATH}${s ? `?${s}` : ""}`;
  };
  const dialogOpen = data.dialog !== null;
  const pageError = !dialogOpen && actionData?.error ? actionData.error : null;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link to="/professional" className="text-blue-700 underline dark:text-blue-300">
              Professional Center
            </Link>
          </p>
          <h1 className="text-2xl font-bold">
            {data.isOwner ? "Endorsements" : `Endorsements of ${data.subject.name}`}
          </h1>
        </div>
        {data.isOwner ? (
          <div className="flex flex-wrap gap-2">
            <Link to={`${ENDORSEMENTS_PATH}?dialog=request`} className={buttonClass("primary")}>
              {ENDORSEMENT_TEXT.requestTitle}
            </Link>
          </div>
        ) : null}
      </div>
      {pageError ? <Alert title={pageError} /> : null}

      {data.isOwner ? (
        <section
          aria-labelledby="write-heading"
          className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
        >
          <h2 id="write-heading" className="font-semibold">
            Endorse a connection
          </h2>
          {data.connections.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Endorsements are written to and asked of your connections.{" "}
              <Link to="/connections" className="text-blue-700 underline dark:text-blue-300">
                Find people to connect
              </Link>
            </p>
          ) : (
            <Form method="get" className="mt-2 flex flex-wrap items-end gap-2">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <label htmlFor="write-to" className="text-sm font-medium">
                  Connection
                </label>
                <select id="write-to" name="write" className={input} required>
                  {data.connections.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
              <Button variant="secondary">Write Endorsement</Button>
            </Form>
          )}
        </section>
      ) : null}

      {data.incoming.length > 0 ? (
        <section aria-labelledby="incoming-heading">
          <h2 id="incoming-heading" className="text-lg font-semibold">
            Endorsement requests
          </h2>
          <ul className="mt-2 flex flex-col gap-2">
            {data.incoming.map((r) => (
              <li
                key={r.id}
                data-testid="endorsement-request"
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
              >
                <p className="text-sm">
                  <span className="font-semibold">{r.otherName}</span> asked you to endorse{" "}
                  <span className="font-semibold">{r.skillName}</span> (
                  {relationshipLabel(r.relationshipType)})
                </p>
                <div className="flex gap-2">
                  <Link
                    to={`${ENDORSEMENTS_PATH}?answer=${r.id}`}
                    className={buttonClass("primary", "px-2 py-1 text-xs")}
                  >
                    Write Endorsement<span className="sr-only"> for {r.otherName}</span>
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="decline-request" />
                    <input type="hidden" name="requestId" value={r.id} />
                    <Button variant="ghost" className="px-2 py-1 text-xs">
                      Decline<span className="sr-only"> request from {r.otherName}</span>
                    </Button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {data.sent.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Sent requests ({data.sent.length})</summary>
          <ul className="mt-2 flex flex-col gap-1">
            {data.sent.map((r) => (
              <li key={r.id}>
                {r.otherName}: {r.skillName} (waiting)
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      <section aria-labelledby="list-heading" className="flex flex-col gap-3">
        <h2 id="list-heading" className="sr-only">
          Endorsement list
        </h2>
        <nav aria-label="Endorsement filter" className="flex flex-wrap gap-2">
          {ENDORSEMENT_FILTERS.map((f) => (
            <Link
              key={f}
              to={hrefFor(f)}
              aria-current={data.filter === f ? "page" : undefined}
              className={`rounded-full border px-3 py-1 text-sm ${
                data.filter === f
                  ? "border-blue-700 bg-blue-700 text-white"
                  : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
              }`}
            >
              {ENDORSEMENT_FILTER_LABELS[f]}
            </Link>
          ))}
        </nav>
        <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
          {data.isOwner ? null : <input type="hidden" name="user" value={data.subject.id} />}
          {data.filter !== "all" ? <input type="hidden" name="filter" value={data.filter} /> : null}
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor="endorsements-q" className="text-sm font-medium">
              Search endorsements
            </label>
            <input
              id="endorsements-q"
              name="q"
              type="search"
              defaultValue={data.q}
              className={input}
              placeholder="Skill, name or text"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="endorsements-sort" className="text-sm font-medium">
              Sort
            </label>
            <select id="endorsements-sort" name="sort" defaultValue={data.sort} className={input}>
              {ENDORSEMENT_SORTS.map((s) => (
                <option key={s} value={s}>
                  {ENDORSEMENT_SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary">Apply</Button>
        </Form>
        {data.endorsements.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
            <p className="font-medium">{ENDORSEMENT_TEXT.empty}</p>
            {data.isOwner ? (
              <Link
                to={`${ENDORSEMENTS_PATH}?dialog=request`}
                className="mt-2 inline-block text-blue-700 underline dark:text-blue-300"
              >
                {ENDORSEMENT_TEXT.requestTitle}
              </Link>
            ) : null}
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            {data.endorsements.map((e) => (
              <EndorsementCard key={e.id} e={e} viewerId={data.me} redirectTo={data.path} />
            ))}
          </div>
        )}
      </section>

      <UrlDialog
        open={dialogOpen}
        closeHref={ENDORSEMENTS_PATH}
        title={
          data.dialog === "edit"
            ? ENDORSEMENT_TEXT.editTitle
            : data.dialog === "request"
              ? ENDORSEMENT_TEXT.requestTitle
              : "Write Endorsement"
        }
        testId="endorsement-dialog"
      >
        {dialogOpen ? <EndorsementForm data={data} actionData={actionData} /> : null}
      </UrlDialog>
    </div>
  );
}
