import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import {
  CATEGORY_FILTER_LABELS,
  CATEGORY_FILTERS,
  CATEGORY_SORT_LABELS,
  CATEGORY_SORTS,
  categoriesHref,
  FORUM_LIMITS,
} from "@domain/community/forums";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CategoryCardView } from "~/components/community/category-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import type { CategoryCard } from "~/queries/community-forums.server";
import { type ForumsActionData, forumsAction, forumsLoader } from "./_app.common-area.forums._index.server";

export const meta: MetaFunction = () => [{ title: "Forums · Common Area · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => forumsLoader(request);
export const action = ({ request }: ActionFunctionArgs) => forumsAction(request);

const control =
  "rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** Search, sort and filter: one GET form (works without JavaScript). */
function GridControls({ data }: { data: Data }) {
  const { params } = data;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Find communities">
      <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto sm:flex-1">
        <label htmlFor="forums-search" className="text-sm font-medium">
          Search
        </label>
        <input
          id="forums-search"
          type="search"
          name="search"
          defaultValue={params.search}
          maxLength={FORUM_LIMITS.searchMax}
          placeholder="Search communities"
          className={control}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="forums-sort" className="text-sm font-medium">
          Sort
        </label>
        <select id="forums-sort" name="sortBy" defaultValue={params.sort} className={control}>
          {CATEGORY_SORTS.map((s) => (
            <option key={s} value={s}>
              {CATEGORY_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="forums-filter" className="text-sm font-medium">
          Show
        </label>
        <select id="forums-filter" name="filter" defaultValue={params.filter} className={control}>
          {CATEGORY_FILTERS.map((f) => (
            <option key={f} value={f}>
              {CATEGORY_FILTER_LABELS[f]}
            </option>
          ))}
        </select>
      </div>
      <Button variant="secondary">Apply</Button>
      {params.search || params.filter !== "all" || params.sort !== "alphabetical" ? (
        <Link
          to={categoriesHref({ search: "", sort: "alphabetical", filter: "all" })}
          className="text-sm text-blue-700 underline dark:text-blue-300"
        >
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

type Fields = Record<string, { errors?: string[] } | undefined>;

/** Create Community: for members above the karma threshold or administrators (the server decides). */
function CreateCommunity({ answer }: { answer: ForumsActionData | undefined }) {
  const mine = answer?.intent === "create-community" ? answer : undefined;
  const [form, fields] = useForm({
    id: "create-community",
    lastResult: (mine?.result as SubmissionResult<string[]> | undefined) ?? undefined,
    shouldValidate: "onSubmit",
  });
  const errorsOf = (name: string) => (fields as unknown as Fields)[name]?.errors;
  const busy = useNavigation().formData?.get("intent") === "create-community";
  return (
    <details
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      open={Boolean(mine)}
    >
      <summary className="cursor-pointer font-medium">Create Community</summary>
      <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="create-community" />
        <IdempotencyKey />
        {mine?.error ? <Alert title={mine.error} /> : null}
        <div className="flex flex-col gap-1">
          <label htmlFor="community-name" className="text-sm font-medium">
            Name
          </label>
          <input
            id="community-name"
            name="name"
            required
            minLength={FORUM_LIMITS.nameMin}
            maxLength={FORUM_LIMITS.nameMax}
            className={control}
            aria-invalid={errorsOf("name")?.length ? true : undefined}
          />
          {errorsOf("name")?.length ? (
            <p className="text-sm text-red-700 dark:text-red-400">{errorsOf("name")?.join(" ")}</p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="community-description" className="text-sm font-medium">
            Description
          </label>
          <textarea
            id="community-description"
            name="description"
            rows={2}
            maxLength={FORUM_LIMITS.descriptionMax}
            className={control}
          />
          {errorsOf("description")?.length ? (
            <p className="text-sm text-red-700 dark:text-red-400">{errorsOf("description")?.join(" ")}</p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="community-rules" className="text-sm font-medium">
            Rules (one a line)
          </label>
          <textarea id="community-rules" name="rules" rows={3} className={control} />
          {errorsOf("rules")?.length ? (
            <p className="text-sm text-red-700 dark:text-red-400">{errorsOf("rules")?.join(" ")}</p>
          ) : null}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isPrivate" value="on" />
          Private: only members read its posts (joining needs approval)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="requiresApproval" value="on" />
          Joining needs a moderator's approval
        </label>
        <div>
          <Button disabled={busy}>{busy ? "Creating..." : "Create Community"}</Button>
        </div>
      </Form>
    </details>
  );
}

export default function ForumsPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ForumsActionData | undefined;
  const categories = data.categories as CategoryCard[];
  const joinError = answer && answer.intent !== "create-community" ? answer.error : null;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">Forums</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Join communities on the topics you work on, ask questions and share answers.
          </p>
        </div>
        <Link
          to="/common-area"
          className="text-sm font-medium text-blue-800 hover:underline dark:text-blue-300"
        >
          Back to the feed
        </Link>
      </div>
      {joinError ? <Alert title={joinError} /> : null}
      {!data.hasContext ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Link to="/onboarding" className="text-blue-700 underline dark:text-blue-300">
            Add a professional role
          </Link>{" "}
          to join communities.
        </p>
      ) : null}
      {data.canCreate ? <CreateCommunity answer={answer} /> : null}
      <GridControls data={data} />
      {categories.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">No communities found</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Try another search or filter.</p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Communities">
          {categories.map((category) => (
            <li key={category.id}>
              <CategoryCardView category={category} redirectTo={data.here} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
