import { collapseText, ENDORSEMENT_TEXT } from "@domain/network/endorsements";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ShownEndorsement } from "~/queries/network-endorsements.server";

/**
 * Endorsements on a profile and on /professional/endorsements (spec 002 section 2, "Endorsements
 * section"; issue 28 part 5): a card with Read More / Show Less over 200 characters (a <details>
 * without JavaScript), Helpful (a count, once per person), the endorsee's Respond and hide, and the
 * compact variant (first 3 and View all) for the profile page, fed by
 * `profileEndorsements(db, ownerId, viewerId)` (app/queries/network-endorsements.server.ts). Their forms
 * post to /professional/endorsements and come back to `redirectTo`.
 */

export const ENDORSEMENTS_ACTION = "/professional/endorsements";

/** The text, cut at 200 characters plus an ellipsis with Read More / Show Less when longer. */
export function ReadMore({ text }: { text: string }) {
  const { collapsed } = collapseText(text);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!collapsed) return <p className="whitespace-pre-line text-sm">{text}</p>;
  if (!hydrated) {
    return (
      <div className="text-sm">
        <p className="whitespace-pre-line">{collapsed}</p>
        <details>
          <summary className="cursor-pointer text-blue-700 underline dark:text-blue-300">
            {ENDORSEMENT_TEXT.readMore}
          </summary>
          <p className="mt-1 whitespace-pre-line">{text}</p>
        </details>
      </div>
    );
  }
  return (
    <div className="text-sm">
      <p className="whitespace-pre-line" data-testid="endorsement-text">
        {open ? text : collapsed}
      </p>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="text-blue-700 underline dark:text-blue-300"
      >
        {open ? ENDORSEMENT_TEXT.showLess : ENDORSEMENT_TEXT.readMore}
      </button>
    </div>
  );
}

const small =
  "rounded-md border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800";

function Hidden({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}

export function EndorsementCard({
  e,
  viewerId,
  redirectTo,
  manage = true,
}: {
  e: ShownEndorsement;
  viewerId: string;
  redirectTo: string;
  /** Owner actions (edit, delete, hide) are offered here; the profile page may leave them out. */
  manage?: boolean;
}) {
  const isEndorsee = e.endorseeId === viewerId;
  const isEndorser = e.endorserId === viewerId;
  const profile = (username: string | null, name: string) =>
    username ? (
      <Link
        to={`/professional/${username}`}
        className="font-semibold text-blue-700 hover:underline dark:text-blue-300"
      >
        {name}
      </Link>
    ) : (
      <span className="font-semibold">{name}</span>
    );
  return (
    <article
      data-testid="endorsement-card"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          {profile(e.endorserUsername, e.endorserName)} endorsed{" "}
          {isEndorsee ? "you" : profile(e.endorseeUsername, e.endorseeName)} for{" "}
          <span className="font-semibold">{e.skillName}</span>
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {e.relationshipLabel} · {new Date(e.createdAt).toLocaleDateString("en-US", { dateStyle: "long" })}
          {e.isPublic ? "" : " · Private"}
          {e.hiddenByEndorsee ? " · Hidden from profile" : ""}
        </p>
      </header>
      <ReadMore text={e.endorsementText} />
      {e.workingRelationshipContext ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">Context: {e.workingRelationshipContext}</p>
      ) : null}
      {e.responseText ? (
        <div
          className="ml-4 border-l-2 border-slate-300 pl-3 text-sm dark:border-slate-700"
          data-testid="endorsement-response"
        >
          <p className="text-xs font-semibold">Response from {e.endorseeName}</p>
          <p className="whitespace-pre-line">{e.responseText}</p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Form method="post" action={ENDORSEMENTS_ACTION}>
          <Hidden name="intent" value="helpful" />
          <Hidden name="endorsementId" value={e.id} />
          <Hidden name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            aria-pressed={e.helpfulByViewer}
            className={`${small} ${e.helpfulByViewer ? "bg-blue-50 text-blue-800 dark:bg-slate-800 dark:text-blue-200" : ""}`}
          >
            {ENDORSEMENT_TEXT.helpful} ({e.helpfulCount})
          </button>
        </Form>
        {isEndorsee ? (
          <details className="text-sm">
            <summary className={`${small} inline-block cursor-pointer`}>{ENDORSEMENT_TEXT.respond}</summary>
            <Form method="post" action={ENDORSEMENTS_ACTION} className="mt-2 flex flex-col gap-2">
              <Hidden name="intent" value="respond" />
              <Hidden name="endorsementId" value={e.id} />
              <Hidden name="redirectTo" value={redirectTo} />
              <label htmlFor={`respond-${e.id}`} className="text-xs font-medium">
                Your response
              </label>
              <textarea
                id={`respond-${e.id}`}
                name="responseText"
                required
                maxLength={1000}
                rows={2}
                defaultValue={e.responseText ?? ""}
                className="rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
              />
              <button type="submit" className={`${small} self-start`}>
                Save response
              </button>
            </Form>
          </details>
        ) : null}
        {manage && isEndorsee ? (
          <Form method="post" action={ENDORSEMENTS_ACTION}>
            <Hidden name="intent" value={e.hiddenByEndorsee ? "unhide" : "hide"} />
            <Hidden name="endorsementId" value={e.id} />
            <Hidden name="redirectTo" value={redirectTo} />
            <button type="submit" className={small}>
              {e.hiddenByEndorsee ? "Show on profile" : "Hide from profile"}
            </button>
          </Form>
        ) : null}
        {manage && isEndorser ? (
          <>
            <Link to={`${ENDORSEMENTS_ACTION}?edit=${e.id}`} className={small}>
              Edit<span className="sr-only"> endorsement for {e.skillName}</span>
            </Link>
            <Form method="post" action={ENDORSEMENTS_ACTION}>
              <Hidden name="intent" value="delete" />
              <Hidden name="endorsementId" value={e.id} />
              <button type="submit" className={`${small} text-red-700 dark:text-red-400`}>
                Delete<span className="sr-only"> endorsement for {e.skillName}</span>
              </button>
            </Form>
          </>
        ) : null}
      </div>
    </article>
  );
}

/** The compact variant for the profile page: the first 3 and a View all link. */
export function EndorsementsCompact({
  data,
  viewerId,
  viewAllHref,
  redirectTo,
}: {
  data: { isOwner: boolean; endorsements: ShownEndorsement[]; total: number };
  viewerId: string;
  viewAllHref: string;
  redirectTo: string;
}) {
  return (
    <section aria-labelledby="endorsements-compact-heading" data-testid="endorsements-compact">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="endorsements-compact-heading" className="text-lg font-semibold">
          Endorsements
        </h2>
        {data.total > 0 ? (
          <Link to={viewAllHref} className="text-sm text-blue-700 underline dark:text-blue-300">
            View all ({data.total})
          </Link>
        ) : null}
      </div>
      {data.endorsements.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{ENDORSEMENT_TEXT.empty}</p>
      ) : (
        <div className="mt-2 flex flex-col gap-3">
          {data.endorsements.map((e) => (
            <EndorsementCard key={e.id} e={e} viewerId={viewerId} redirectTo={redirectTo} manage={false} />
          ))}
        </div>
      )}
    </section>
  );
}
