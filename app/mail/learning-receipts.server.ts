import { type Queryable, queryRows } from "@db/client";
import { wallClock } from "@domain/calendar/time";
import { isTimeZone } from "@domain/time-zone";
import { sql } from "drizzle-orm";
import { env } from "~/env.server";
import { escapeHtml, type Mail, mailHtml, sendMail } from "~/mail/mailer.server";
import { type Outbox, type OutboxRoundResult, runOutboxRound } from "~/mail/outbox.server";

/**
 * Purchase receipts of the learning hub by e-mail (decision 092). `queueLearningReceipt` runs in the
 * transaction that enrols the buyer of a paid Checkout Session (once per session: a redelivered webhook
 * or a second enrol adds nothing); the background jobs send the waiting ones through the shared outbox
 * round, reading the purchase as it is then.
 */

export type Send = (mail: Mail) => Promise<void>;

const RECEIPT_OUTBOX: Outbox = {
  table: "learning_receipt_mails",
  columns: ["checkout_session_id"],
  label: "Learning receipt mail",
};

export async function queueLearningReceipt(db: Queryable, checkoutSessionId: string): Promise<void> {
  await db.execute(
    sql`insert into learning_receipt_mails (checkout_session_id) values (${checkoutSessionId}) on conflict do nothing`,
  );
}

export interface ReceiptFacts {
  to: string;
  name: string | null;
  kind: "course" | "path";
  title: string;
  slug: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  timeZone: string;
  checkoutSessionId: string;
}

/** "$49.00 USD" (a receipt shows the cents, unlike the catalogue's "$49"). */
export const receiptAmount = (cents: number, currency: string) =>
  `$${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function receiptMail(f: ReceiptFacts): Mail {
  const item = f.kind === "course" ? "Course" : "Learning path";
  const open = new URL(
    `/learning-hub/${f.kind === "course" ? "courses" : "paths"}/${encodeURIComponent(f.slug)}`,
    env().APP_URL,
  ).toString();
  const details = new URL(
    `/learning-hub/purchases/${encodeURIComponent(f.checkoutSessionId)}`,
    env().APP_URL,
  ).toString();
  const paidOn = wallClock(f.paidAt, f.timeZone).date;
  const rows: [string, string][] = [
    [item, f.title],
    ["Amount paid", receiptAmount(f.amountCents, f.currency)],
    ["Paid on", `${paidOn} (${f.timeZone})`],
    ["Reference", f.checkoutSessionId],
  ];
  const greeting = f.name ? `Hello ${f.name},` : "Hello,";
  const thanks = "Thank you for your purchase on Association Commons. This is your receipt.";
  const text = [
    greeting,
    "",
    thanks,
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    `Start learning: ${open}`,
    `Your purchase: ${details}`,
    "",
    "Card payments are processed by Stripe, whose own receipt may follow.",
  ].join("\n");
  const html = mailHtml(
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(thanks)}</p><table style="border-collapse:collapse">${rows
      .map(
        ([k, v]) =>
          `<tr><th style="text-align:left;padding:2px 12px 2px 0;font-weight:600">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
      )
      .join(
        "",
      )}</table><p><a href="${escapeHtml(open)}">Start learning</a> · <a href="${escapeHtml(details)}">Your purchase</a></p><p style="color:#475569;font-size:13px">Card payments are processed by Stripe, whose own receipt may follow.</p>`,
  );
  return { to: f.to, subject: `Your receipt for ${f.title}`, text, html };
}

/** What the receipt of a paid session says, read now; null when there is nothing to send any more. */
export async function receiptFacts(db: Queryable, checkoutSessionId: string): Promise<ReceiptFacts | null> {
  const [row] = await queryRows<{
    email: string;
    name: string | null;
    disabled_at: string | null;
    item_type: "course" | "path";
    title: string | null;
    slug: string | null;
    amount_cents: number;
    currency: string;
    status: string;
    paid_at: string | Date | null;
    timezone: string | null;
  }>(
    db,
    sql`select u.email, nullif(p.full_name, '') as name, u.disabled_at, lp.item_type,
          coalesce(c.title, lpa.title) as title, coalesce(c.slug, lpa.slug) as slug,
          lp.amount_cents, lp.currency, lp.status, lp.paid_at, p.timezone
        from learning_purchases lp join users u on u.id = lp.user_id
        left join user_profiles p on p.id = u.id
        left join courses c on c.id = lp.course_id
        left join learning_paths lpa on lpa.id = lp.path_id
        where lp.checkout_session_id = ${checkoutSessionId}`,
  );
  // Paid (a refund since then does not undo the payment it receipts); a person who still has an account.
  if (!row || row.disabled_at || !row.title || !row.slug || !row.paid_at) return null;
  if (row.status !== "paid" && row.status !== "refunded") return null;
  return {
    to: row.email,
    name: row.name,
    kind: row.item_type,
    title: row.title,
    slug: row.slug,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    paidAt: new Date(row.paid_at).toISOString(),
    timeZone: row.timezone && isTimeZone(row.timezone) ? row.timezone : "UTC",
    checkoutSessionId,
  };
}

/** Sends the waiting receipts (claimed once, retried with a growing wait; app/mail/outbox.server.ts). */
export async function sendLearningReceipts(
  db: Queryable,
  now = new Date(),
  send: Send = sendMail,
): Promise<OutboxRoundResult> {
  return runOutboxRound<{ checkout_session_id: string }>(
    db,
    RECEIPT_OUTBOX,
    async (row) => {
      const facts = await receiptFacts(db, row.checkout_session_id);
      if (!facts) return "skipped";
      await send(receiptMail(facts));
      return "sent";
    },
    now,
  );
}
