import { MESSAGE_MAX_LENGTH, SHARE_POST_TEXTS } from "@domain/messages";
import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";

const control =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

/** What /posts/{id}/share's loader gives the form (app/routes/_app.posts.$id_.share.server.ts). */
export interface ShareFormData {
  post: { id: string; authorName: string; excerpt: string };
  q: string;
  recipients: {
    conversations: { value: string; label: string }[];
    people: { value: string; label: string }[];
  };
  preselected: string;
  remainingHint: string | null;
  limited: boolean;
}

/** What its action answers when it refuses (a send that went goes to the conversation instead). */
export interface ShareFormAnswer {
  error: string | null;
  fieldErrors: { to?: string[]; note?: string[] };
  values: { to: string; note: string };
}

/**
 * "Send in a message" (issue 29, part 1; decision 072): the post, a search over the people and
 * conversations offered, the recipient, an optional note and Send. The page renders it with Remix's
 * <Form> (a plain GET and POST without JavaScript); the post card's dialog passes its fetchers' forms.
 */
export function ShareForm({
  data,
  answer,
  idPrefix,
  SearchForm = Form,
  SendForm = Form,
  busy = false,
}: {
  data: ShareFormData;
  answer?: ShareFormAnswer | null;
  idPrefix: string;
  SearchForm?: typeof Form;
  SendForm?: typeof Form;
  busy?: boolean;
}) {
  const action = `/posts/${data.post.id}/share`;
  const { conversations, people } = data.recipients;
  const none = conversations.length === 0 && people.length === 0;
  const toErrors = answer?.fieldErrors.to ?? [];
  const noteErrors = answer?.fieldErrors.note ?? [];
  const formError = answer?.error ?? null;
  const ids = { q: `${idPrefix}-q`, to: `${idPrefix}-to`, note: `${idPrefix}-note` };
  return (
    <div className="flex flex-col gap-3" data-testid="share-form">
      <blockquote className="rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900">
        <p className="font-semibold">{data.post.authorName}</p>
        <p className="mt-1 whitespace-pre-wrap break-words">{data.post.excerpt}</p>
      </blockquote>
      <SearchForm method="get" action={action} className="flex items-end gap-2" role="search">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={ids.q} className="text-sm font-medium">
            {SHARE_POST_TEXTS.search}
          </label>
          <input
            id={ids.q}
            name="q"
            type="search"
            defaultValue={data.q}
            maxLength={100}
            className={control}
          />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Search
        </button>
      </SearchForm>
      {none ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {data.q ? `Nobody matches "${data.q}".` : SHARE_POST_TEXTS.noRecipients}
        </p>
      ) : (
        <SendForm method="post" action={action} className="flex flex-col gap-2">
          <IdempotencyKey />
          {formError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {formError}
            </p>
          ) : null}
          <label htmlFor={ids.to} className="text-sm font-medium">
            {SHARE_POST_TEXTS.recipient}
          </label>
          <select
            id={ids.to}
            name="to"
            required
            defaultValue={answer?.values.to || data.preselected}
            className={control}
            aria-invalid={toErrors.length ? true : undefined}
            aria-describedby={toErrors.length ? `${ids.to}-error` : undefined}
          >
            <option value="">{SHARE_POST_TEXTS.chooseRecipient}</option>
            {conversations.length > 0 ? (
              <optgroup label={SHARE_POST_TEXTS.conversations}>
                {conversations.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {people.length > 0 ? (
              <optgroup label={SHARE_POST_TEXTS.people}>
                {people.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
          {toErrors.length ? (
            <p id={`${ids.to}-error`} className="text-sm text-red-700 dark:text-red-400">
              {toErrors.join(" ")}
            </p>
          ) : null}
          <label htmlFor={ids.note} className="text-sm font-medium">
            {SHARE_POST_TEXTS.note}
          </label>
          <textarea
            id={ids.note}
            name="note"
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            defaultValue={answer?.values.note ?? ""}
            className={control}
            aria-invalid={noteErrors.length ? true : undefined}
            aria-describedby={noteErrors.length ? `${ids.note}-error` : undefined}
          />
          {noteErrors.length ? (
            <p id={`${ids.note}-error`} className="text-sm text-red-700 dark:text-red-400">
              {noteErrors.join(" ")}
            </p>
          ) : null}
          {data.remainingHint ? (
            <p className="text-sm text-amber-800 dark:text-amber-300">{data.remainingHint}</p>
          ) : null}
          <div>
            <button type="submit" className={buttonClass("primary")} disabled={data.limited || busy}>
              {SHARE_POST_TEXTS.submit}
            </button>
          </div>
        </SendForm>
      )}
    </div>
  );
}
