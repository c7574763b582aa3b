import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { checkContent } from "@domain/community/content-rules";
import {
  COMPOSER_POST_TYPES,
  POST_LIMITS,
  POST_MEDIA_ACCEPT,
  POST_MEDIA_RULES,
  POST_TYPE_LABELS,
  POST_VISIBILITIES,
  type PostType,
  type PostVisibility,
  postCounterTone,
  VISIBILITY_HINTS,
  VISIBILITY_LABELS,
} from "@domain/community/posts";
import { checkFiles, pickedFileCandidate } from "@domain/files/uploads";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { type ForumComposerOptions, ForumPostFields } from "./forum-post-fields";
import { GuidelinesLink } from "./guidelines-link";

export interface PostFormAnswer {
  intent?: string | null;
  postId?: string | null;
  result?: SubmissionResult<string[]> | null;
  current?: { content: string; version: number; postType: PostType; visibility: PostVisibility } | null;
}

const TONE_CLASS = {
  normal: "text-slate-600 dark:text-slate-300",
  warning: "text-amber-700 dark:text-amber-300",
  danger: "text-red-700 dark:text-red-300",
} as const;

type Fields = Record<string, { errors?: string[] } | undefined>;
const errorsOf = (fields: unknown, name: string) => (fields as Fields)[name]?.errors;

const control =
  "rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

/** The counter: n/5000, yellow above 4000, red above 4500 (spec 002 section 5). */
export function PostCounter({ length, id }: { length: number; id: string }) {
  return (
    <span id={id} className={`text-xs ${TONE_CLASS[postCounterTone(length)]}`} data-testid="post-counter">
      {length}/{POST_LIMITS.contentMax}
    </span>
  );
}

function ChoiceFields({
  prefix,
  postType,
  visibility,
  types,
  organizationName,
  errors,
}: {
  prefix: string;
  postType: PostType;
  visibility: PostVisibility;
  types: readonly PostType[];
  organizationName: string | null;
  errors?: string[];
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${prefix}-postType`} className="text-sm font-medium">
          Post type
        </label>
        <select id={`${prefix}-postType`} name="postType" defaultValue={postType} className={control}>
          {types.map((t) => (
            <option key={t} value={t}>
              {POST_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      {/* min-w-0 and max-w-full: an option's hint is long, and a phone's screen is 390 px wide. */}
      <div className="flex min-w-0 max-w-full flex-col gap-1">
        <label htmlFor={`${prefix}-visibility`} className="text-sm font-medium">
          Visibility
        </label>
        <select
          id={`${prefix}-visibility`}
          name="visibility"
          defaultValue={visibility}
          className={`${control} max-w-full`}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${prefix}-visibility-error` : undefined}
        >
          {POST_VISIBILITIES.map((v) => (
            <option key={v} value={v}>
              {VISIBILITY_LABELS[v]}
              {v === "organization" && organizationName ? ` (${organizationName})` : ""} ·{" "}
              {VISIBILITY_HINTS[v]}
            </option>
          ))}
        </select>
        {errors?.length ? (
          <p id={`${prefix}-visibility-error`} className="text-sm text-red-700 dark:text-red-400">
            {errors.join(" ")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The post composer (spec 002 sections 2 and 5): a collapsed box that expands once text is typed or
 * through More Options; the counter n/5000; Post is off while the content is empty or the post is
 * being sent. Without JavaScript every field shows and the form posts normally.
 */
export function PostComposer({
  redirectTo,
  answer,
  organizationName,
  remainingHint,
  limited,
  forum,
}: {
  redirectTo: string;
  answer: PostFormAnswer | undefined;
  organizationName: string | null;
  /** "N posts remaining" when fewer than 5 remain (spec 002 section 5). */
  remainingHint: string | null;
  /** Over create_post's limit: Post is off. */
  limited: boolean;
  /** Forums (issue 29, part 5): post in this category, with the question box and forum tags. */
  forum?: ForumComposerOptions;
}) {
  const mine = answer?.intent === "create" ? answer : undefined;
  const [form, fields] = useForm({
    id: "post-composer",
    lastResult: mine?.result ?? undefined,
    shouldValidate: "onSubmit",
  });
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [hydrated, setHydrated] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [length, setLength] = useState(0);
  useEffect(() => setHydrated(true), []);
  const collapsed = hydrated && !expanded && length === 0;
  const [text, setText] = useState("");
  // The server's content rules, shown as they are typed (domain/community/content-rules.ts).
  const typedErrors = hydrated && text.trim().length > 0 ? checkContent("post", text).errors : [];
  const contentErrors = typedErrors.length > 0 ? typedErrors : errorsOf(fields, "content");
  // The media's rules checked as files are picked (the server checks each by its content again).
  const fileInput = useRef<HTMLInputElement>(null);
  const [pickedErrors, setPickedErrors] = useState<string[]>([]);
  const [serverMediaDismissed, setServerMediaDismissed] = useState(false);
  // A post that went through starts a fresh composer (text, files, tags, the announcement and question
  // boxes): its form is mounted again once the page has loaded after the redirect. A refused one keeps
  // what was typed (the answer carries its errors).
  const [generation, setGeneration] = useState(0);
  const sent = useRef(false);
  useEffect(() => {
    if (sending) sent.current = true;
    else if (sent.current && navigation.state === "idle") {
      sent.current = false;
      if (!mine) {
        setGeneration((g) => g + 1);
        setText("");
        setLength(0);
        setExpanded(false);
        setPickedErrors([]);
      }
    }
  }, [sending, navigation.state, mine]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer shows its own media errors
  useEffect(() => setServerMediaDismissed(false), [mine]);
  const mediaErrors = pickedErrors.length
    ? pickedErrors
    : serverMediaDismissed
      ? []
      : (errorsOf(fields, "media") ?? []);
  const onFiles = (list: FileList | null) =>
    setPickedErrors(
      checkFiles(Array.from(list ?? []).map(pickedFileCandidate), false, POST_MEDIA_RULES).errors,
    );
  const clearFiles = () => {
    if (fileInput.current) fileInput.current.value = "";
    setPickedErrors([]);
    setServerMediaDismissed(true);
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      key={`${form.key ?? ""}-${generation}`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="post-composer"
      aria-label="Create a post"
    >
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {forum ? <input type="hidden" name="categoryId" value={forum.categoryId} /> : null}
      <IdempotencyKey />
      {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
      <label htmlFor="post-content" className="sr-only">
        What do you want to share?
      </label>
      <textarea
        id="post-content"
        name="content"
        rows={collapsed ? 1 : 4}
        maxLength={POST_LIMITS.contentMax}
        placeholder="What do you want to share?"
        defaultValue={
          typeof mine?.result?.initialValue?.content === "string" ? mine.result.initialValue.content : ""
        }
        onChange={(e) => {
          setText(e.currentTarget.value);
          setLength(e.currentTarget.value.trim().length);
        }}
        onFocus={() => setExpanded(true)}
        aria-invalid={contentErrors?.length ? true : undefined}
        aria-describedby={contentErrors?.length ? "post-content-error post-counter" : "post-counter"}
        className={`${control} w-full`}
      />
      {contentErrors?.length ? (
        <ul
          id="post-content-error"
          className="list-disc pl-5 text-sm text-red-700 dark:text-red-400"
          data-testid="content-errors"
        >
          {contentErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      {collapsed ? (
        <div>
          <button
            type="button"
            onClick={() => setExpanded(true)}
            className="text-sm text-blue-700 underline dark:text-blue-300"
          >
            More Options
          </button>
        </div>
      ) : (
        <>
          <ChoiceFields
            prefix="composer"
            postType="text"
            visibility="public"
            types={COMPOSER_POST_TYPES}
            organizationName={organizationName}
            errors={errorsOf(fields, "visibility")}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="post-media" className="text-sm font-medium">
              Photos, videos or documents{" "}
              <span className="font-normal text-slate-600 dark:text-slate-300">
                (up to {POST_LIMITS.mediaMax} files, {POST_MEDIA_RULES.maxMb} MB each)
              </span>
            </label>
            <input
              ref={fileInput}
              id="post-media"
              name="media"
              type="file"
              multiple
              accept={POST_MEDIA_ACCEPT}
              onChange={(e) => onFiles(e.currentTarget.files)}
              aria-invalid={mediaErrors.length ? true : undefined}
              aria-describedby={mediaErrors.length ? "post-media-error" : undefined}
              className="max-w-full text-sm"
            />
            {mediaErrors.length ? (
              <div id="post-media-error" className="flex flex-col gap-1" data-testid="media-errors">
                <ul className="list-disc pl-5 text-sm text-red-700 dark:text-red-400">
                  {mediaErrors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
                {hydrated ? (
                  <button
                    type="button"
                    onClick={clearFiles}
                    className="self-start text-sm text-blue-700 underline dark:text-blue-300"
                  >
                    Clear files
                  </button>
                ) : null}
              </div>
            ) : null}
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Posts follow the <GuidelinesLink className="text-blue-700 underline dark:text-blue-300" />; anyone
            can report a post that breaks them.
          </p>
          {forum ? <ForumPostFields options={forum} tagErrors={errorsOf(fields, "tags")} /> : null}
          <div className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-3">
              <PostCounter id="post-counter" length={length} />
              {remainingHint ? (
                <span className="text-xs text-amber-800 dark:text-amber-300" data-testid="posts-remaining">
                  {remainingHint}
                </span>
              ) : null}
            </span>
            <Button
              disabled={
                limited ||
                (hydrated && (length === 0 || sending || typedErrors.length > 0 || pickedErrors.length > 0))
              }
            >
              {sending ? "Posting..." : "Post"}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}

/** The author's edit form for a post (the card's Edit; ?edit= on the feed, ?edit=1 on the post page). */
export function PostEditForm({
  post,
  answer,
  redirectTo,
  cancelHref,
  organizationName,
}: {
  post: { id: string; content: string; version: number; postType: PostType; visibility: PostVisibility };
  answer: PostFormAnswer | undefined;
  redirectTo: string;
  cancelHref: string;
  organizationName: string | null;
}) {
  const mine = answer?.intent === "edit" && answer.postId === post.id ? answer : undefined;
  const current = mine?.current ?? null;
  const base = current ?? post;
  const [form, fields] = useForm({
    id: `edit-post-${post.id}-${base.version}`,
    lastResult: current ? undefined : (mine?.result ?? undefined),
    shouldValidate: "onSubmit",
  });
  const [length, setLength] = useState(base.content.length);
  const types: readonly PostType[] =
    base.postType === "document" ? [...COMPOSER_POST_TYPES, "document"] : COMPOSER_POST_TYPES;
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3" data-testid="post-edit-form">
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="postId" value={post.id} />
      <input type="hidden" name="version" value={base.version} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
      <label htmlFor={`edit-content-${post.id}`} className="text-sm font-medium">
        Edit post
      </label>
      <textarea
        id={`edit-content-${post.id}`}
        name="content"
        rows={5}
        maxLength={POST_LIMITS.contentMax}
        defaultValue={base.content}
        onChange={(e) => setLength(e.currentTarget.value.trim().length)}
        aria-invalid={errorsOf(fields, "content")?.length ? true : undefined}
        aria-describedby={`edit-counter-${post.id}`}
        className={`${control} w-full`}
      />
      {errorsOf(fields, "content")?.length ? (
        <p className="text-sm text-red-700 dark:text-red-400">{errorsOf(fields, "content")?.join(" ")}</p>
      ) : null}
      <ChoiceFields
        prefix={`edit-${post.id}`}
        postType={base.postType}
        visibility={base.visibility}
        types={types}
        organizationName={organizationName}
        errors={errorsOf(fields, "visibility")}
      />
      <div className="flex items-center justify-between gap-3">
        <PostCounter id={`edit-counter-${post.id}`} length={length} />
        <div className="flex gap-2">
          <a href={cancelHref} className="btn btn-secondary">
            Cancel
          </a>
          <Button>Save</Button>
        </div>
      </div>
    </Form>
  );
}
