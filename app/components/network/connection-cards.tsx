import {
  CONNECTION_MESSAGE_MAX,
  CONNECTION_STATUS_LABELS,
  CONNECTION_TEXTS,
  type ConnectionStatus,
  connectionTypeText,
  mutualConnectionsText,
} from "@domain/network/connections";
import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { MapPin, X } from "~/components/ui/icons";
import { CONNECTIONS_ACTION } from "./connection-actions";

/** The cards and panels of /connections (spec 002 "Connections and Professional Network"). */

export interface CardPerson {
  id: string;
  fullName: string;
  username: string | null;
  professionalTitle: string | null;
  organization: string | null;
  summary?: string | null;
  location: string | null;
}

export interface CardItem {
  id: string;
  status: ConnectionStatus;
  connectionType: string;
  version: number;
  state: string;
  person: CardPerson;
  requestMessage: string | null;
  responseMessage: string | null;
  acceptedAt: string | null;
  requestedAt: string;
  mutualConnections: number;
}

const card = "rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";
const small = "px-3 py-1.5 text-sm";

export const longDay = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
  });

const STATUS_STYLE: Record<ConnectionStatus, string> = {
  accepted: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  declined: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  blocked: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
};

export function StatusBadge({ status }: { status: ConnectionStatus }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status]}`}
      data-testid="connection-status"
    >
      {CONNECTION_STATUS_LABELS[status]}
    </span>
  );
}

export function PersonName({ person }: { person: CardPerson }) {
  return person.username ? (
    <Link to={`/professional/${person.username}`} className="font-semibold hover:underline">
      {person.fullName}
    </Link>
  ) : (
    <span className="font-semibold">{person.fullName}</span>
  );
}

function Hidden({ fields }: { fields: Record<string, string | number> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
    </>
  );
}

/** A connection (accepted, or pending either way under the Pending filter). */
export function ConnectionCard({ item }: { item: CardItem }) {
  const p = item.person;
  const subtitle = [p.professionalTitle, p.organization].filter(Boolean).join(" · ");
  return (
    <li className={card} data-testid="connection-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <PersonName person={p} />
            <StatusBadge status={item.status} />
          </p>
          {subtitle ? <p className="text-sm text-slate-600 dark:text-slate-300">{subtitle}</p> : null}
          <p className="text-sm capitalize text-slate-600 dark:text-slate-300" data-testid="connection-type">
            {connectionTypeText(item.connectionType)}
          </p>
        </div>
        {item.status === "accepted" ? (
          <div className="flex items-center gap-2">
            <Link
              to={`/messages?user=${p.id}`}
              className={buttonClass("secondary", small)}
              aria-label={`${CONNECTION_TEXTS.message} ${p.fullName}`}
            >
              {CONNECTION_TEXTS.message}
            </Link>
            <details className="relative">
              <summary
                className={`${buttonClass("ghost", small)} cursor-pointer list-none`}
                aria-label={`More actions for ${p.fullName}`}
              >
                ...
              </summary>
              <div className="absolute right-0 z-10 mt-1 flex w-56 flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
                <Link
                  to={`/messages?user=${p.id}`}
                  className="rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  {CONNECTION_TEXTS.message}
                </Link>
                <Form method="post" action={CONNECTIONS_ACTION}>
                  <Hidden fields={{ intent: "remove", connectionId: item.id, version: item.version }} />
                  <button
                    type="submit"
                    className="w-full rounded px-2 py-1 text-left text-sm text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
                  >
                    {CONNECTION_TEXTS.remove}
                  </button>
                </Form>
                <Form method="post" action={CONNECTIONS_ACTION}>
                  <Hidden fields={{ intent: "block", userId: p.id, version: item.version }} />
                  <button
                    type="submit"
                    className="w-full rounded px-2 py-1 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                  >
                    {CONNECTION_TEXTS.block} {p.fullName}
                  </button>
                </Form>
              </div>
            </details>
          </div>
        ) : null}
      </div>
      {p.summary ? <p className="mt-2 text-sm">{p.summary}</p> : null}
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        {p.location ? (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
            {p.location}
          </span>
        ) : null}
        {item.acceptedAt ? <span>Connected {longDay(item.acceptedAt)}</span> : null}
        {item.status === "pending" ? (
          <span>
            {item.state === "incoming" ? "Asked you" : "You asked"} {longDay(item.requestedAt)}
          </span>
        ) : null}
        {item.mutualConnections > 0 ? <span>{mutualConnectionsText(item.mutualConnections)}</span> : null}
      </div>
    </li>
  );
}

/**
 * The accept / decline form with an optional message: the same form in a dialog (JavaScript) or on the
 * page (?respond={id}&answer=accept|decline, without JavaScript).
 */
export function RespondForm({
  item,
  answer,
  onCancelHref = "/connections",
}: {
  item: CardItem;
  answer: "accept" | "decline";
  onCancelHref?: string;
}) {
  const label = answer === "accept" ? "Welcome message (optional)" : "Message (optional)";
  const fieldId = `respond-${answer}-${item.id}`;
  return (
    <Form method="post" action={CONNECTIONS_ACTION} className="flex flex-col gap-3">
      <Hidden fields={{ intent: answer, connectionId: item.id, version: item.version }} />
      {item.requestMessage ? (
        <blockquote className="border-l-4 border-slate-300 pl-3 text-sm italic dark:border-slate-600">
          {item.requestMessage}
        </blockquote>
      ) : null}
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={fieldId}
        name="message"
        maxLength={CONNECTION_MESSAGE_MAX}
        rows={3}
        className="rounded-md border border-slate-300 p-2 text-sm dark:border-slate-700 dark:bg-slate-950"
      />
      <div className="flex gap-2">
        <button type="submit" className={buttonClass(answer === "accept" ? "primary" : "secondary", small)}>
          {answer === "accept" ? CONNECTION_TEXTS.accept : CONNECTION_TEXTS.decline}
        </button>
        <Link to={onCancelHref} className={buttonClass("ghost", small)}>
          {CONNECTION_TEXTS.cancel}
        </Link>
      </div>
    </Form>
  );
}

/** Accept / Decline: links to the respond page that open the form in a dialog when JavaScript runs. */
function RespondButton({ item, answer }: { item: CardItem; answer: "accept" | "decline" }) {
  const [open, setOpen] = useState(false);
  const text = answer === "accept" ? CONNECTION_TEXTS.accept : CONNECTION_TEXTS.decline;
  const title = `${text} ${item.person.fullName}'s request`;
  return (
    <>
      <Link
        to={`/connections?respond=${item.id}&answer=${answer}`}
        className={buttonClass(answer === "accept" ? "primary" : "secondary", small)}
        aria-label={title}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {text}
      </Link>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed left-1/2 top-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl dark:bg-slate-900"
          >
            <div className="mb-3 flex items-center justify-between">
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              <Dialog.Close
                aria-label="Close"
                className="rounded-md p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </Dialog.Close>
            </div>
            <RespondForm item={item} answer={answer} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

/** Spec 002: "Connection Requests (incoming) and Sent Requests sections". */
export function RequestsPanel({ incoming, sent }: { incoming: CardItem[]; sent: CardItem[] }) {
  return (
    <section id="requests" aria-labelledby="requests-title" className={card}>
      <h2 id="requests-title" className="text-lg font-semibold">
        {CONNECTION_TEXTS.requests} ({incoming.length})
      </h2>
      {incoming.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No pending requests</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-3">
          {incoming.map((item) => (
            <li key={item.id} className="flex flex-col gap-2" data-testid="incoming-request">
              <div>
                <PersonName person={item.person} />
                <p className="text-xs capitalize text-slate-600 dark:text-slate-300">
                  {connectionTypeText(item.connectionType)} · {longDay(item.requestedAt)}
                </p>
                {item.requestMessage ? <p className="text-sm">{item.requestMessage}</p> : null}
              </div>
              <div className="flex flex-wrap gap-2">
                <RespondButton item={item} answer="accept" />
                <RespondButton item={item} answer="decline" />
              </div>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-5 text-lg font-semibold">
        {CONNECTION_TEXTS.sentRequests} ({sent.length})
      </h2>
      {sent.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No sent requests</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-3">
          {sent.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-2"
              data-testid="sent-request"
            >
              <div>
                <PersonName person={item.person} />
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  <StatusBadge status={item.status} /> {longDay(item.requestedAt)}
                </p>
              </div>
              <Form method="post" action={CONNECTIONS_ACTION}>
                <Hidden fields={{ intent: "cancel", connectionId: item.id, version: item.version }} />
                <button
                  type="submit"
                  className={buttonClass("secondary", small)}
                  aria-label={`${CONNECTION_TEXTS.cancel} the request to ${item.person.fullName}`}
                >
                  {CONNECTION_TEXTS.cancel}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function BlockedPanel({ blocked }: { blocked: CardItem[] }) {
  if (blocked.length === 0) return null;
  return (
    <section aria-labelledby="blocked-title" className={card}>
      <h2 id="blocked-title" className="text-lg font-semibold">
        {CONNECTION_TEXTS.blockedPeople} ({blocked.length})
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {blocked.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-2"
            data-testid="blocked-person"
          >
            <span className="flex items-center gap-2">
              <span className="font-semibold">{item.person.fullName}</span>
              <StatusBadge status="blocked" />
            </span>
            <Form method="post" action={CONNECTIONS_ACTION}>
              <Hidden fields={{ intent: "unblock", connectionId: item.id, version: item.version }} />
              <button
                type="submit"
                className={buttonClass("secondary", small)}
                aria-label={`${CONNECTION_TEXTS.unblock} ${item.person.fullName}`}
              >
                {CONNECTION_TEXTS.unblock}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
