import { CONNECTION_TEXTS, type ConnectionState, reachability } from "@domain/network/connections";
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";

/**
 * What one person can do about another (issue 28 part 3): Connect, Pending (Cancel), Accept / Decline,
 * Connected (Message, Remove), Blocked (Unblock). Plain forms posting to /connections (they work
 * without JavaScript) that come back to `redirectTo`. Nothing for oneself, nothing when the other
 * blocked the viewer. The state comes from pairState / pairStates (app/queries/connections.server.ts).
 */

export interface ConnectionPair {
  state: ConnectionState;
  connectionId: string | null;
  version: number;
}

export const CONNECTIONS_ACTION = "/connections";

const small = "px-3 py-1.5 text-sm";

function Hidden({ fields }: { fields: Record<string, string | number | null | undefined> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) =>
        value === null || value === undefined ? null : (
          <input key={name} type="hidden" name={name} value={String(value)} />
        ),
      )}
    </>
  );
}

export function ConnectionActions({
  viewerId,
  person,
  pair,
  redirectTo,
  showBlock = false,
  showRemove = true,
  hideBlocked = false,
}: {
  viewerId: string;
  person: { id: string; name: string };
  pair: ConnectionPair;
  /** Where to come back after the post (a same-site path); default /connections. */
  redirectTo?: string;
  /** Also offer Block (a profile page); the /connections page offers it in the card's menu. */
  showBlock?: boolean;
  showRemove?: boolean;
  /** Elsewhere than /connections and the profile: nothing at all across a block (no Unblock either). */
  hideBlocked?: boolean;
}) {
  const can = reachability(viewerId, person.id, pair.state);
  if (viewerId === person.id || pair.state === "blocked_by_them") return null;
  if (hideBlocked && !can.visible) return null;
  const byId = { connectionId: pair.connectionId, version: pair.version, redirectTo };
  const block = showBlock ? (
    <Form method="post" action={CONNECTIONS_ACTION}>
      <Hidden fields={{ intent: "block", userId: person.id, version: pair.version, redirectTo }} />
      <button
        type="submit"
        className={buttonClass("ghost", small)}
        aria-label={`${CONNECTION_TEXTS.block} ${person.name}`}
      >
        {CONNECTION_TEXTS.block}
      </button>
    </Form>
  ) : null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="connection-actions">
      {can.connect ? (
        <Form method="post" action={CONNECTIONS_ACTION}>
          <IdempotencyKey />
          <Hidden fields={{ intent: "request", userId: person.id, version: pair.version, redirectTo }} />
          <button
            type="submit"
            className={buttonClass("primary", small)}
            aria-label={`${CONNECTION_TEXTS.connect} with ${person.name}`}
          >
            {CONNECTION_TEXTS.connect}
          </button>
        </Form>
      ) : null}
      {pair.state === "outgoing" ? (
        <>
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
            {CONNECTION_TEXTS.pending}
          </span>
          <Form method="post" action={CONNECTIONS_ACTION}>
            <Hidden fields={{ intent: "cancel", ...byId }} />
            <button
              type="submit"
              className={buttonClass("secondary", small)}
              aria-label={`${CONNECTION_TEXTS.cancel} the request to ${person.name}`}
            >
              {CONNECTION_TEXTS.cancel}
            </button>
          </Form>
        </>
      ) : null}
      {pair.state === "incoming" ? (
        <>
          <Form method="post" action={CONNECTIONS_ACTION}>
            <Hidden fields={{ intent: "accept", ...byId }} />
            <button
              type="submit"
              className={buttonClass("primary", small)}
              aria-label={`${CONNECTION_TEXTS.accept} ${person.name}'s request`}
            >
              {CONNECTION_TEXTS.accept}
            </button>
          </Form>
          <Form method="post" action={CONNECTIONS_ACTION}>
            <Hidden fields={{ intent: "decline", ...byId }} />
            <button
              type="submit"
              className={buttonClass("secondary", small)}
              aria-label={`${CONNECTION_TEXTS.decline} ${person.name}'s request`}
            >
              {CONNECTION_TEXTS.decline}
            </button>
          </Form>
        </>
      ) : null}
      {can.message ? (
        <>
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
            {CONNECTION_TEXTS.connected}
          </span>
          <Link
            to={`/messages?user=${person.id}`}
            className={buttonClass("secondary", small)}
            aria-label={`${CONNECTION_TEXTS.message} ${person.name}`}
          >
            {CONNECTION_TEXTS.message}
          </Link>
          {showRemove ? (
            <Form method="post" action={CONNECTIONS_ACTION}>
              <Hidden fields={{ intent: "remove", ...byId }} />
              <button
                type="submit"
                className={buttonClass("ghost", small)}
                aria-label={`${CONNECTION_TEXTS.remove} with ${person.name}`}
              >
                {CONNECTION_TEXTS.remove}
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
      {pair.state === "blocked_by_me" ? (
        <>
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900 dark:bg-red-900 dark:text-red-100">
            Blocked
          </span>
          <Form method="post" action={CONNECTIONS_ACTION}>
            <Hidden fields={{ intent: "unblock", ...byId }} />
            <button
              type="submit"
              className={buttonClass("secondary", small)}
              aria-label={`${CONNECTION_TEXTS.unblock} ${person.name}`}
            >
              {CONNECTION_TEXTS.unblock}
            </button>
          </Form>
        </>
      ) : null}
      {pair.state !== "blocked_by_me" ? block : null}
    </div>
  );
}
