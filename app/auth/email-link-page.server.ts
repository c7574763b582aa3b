import { parseWithZod } from "@conform-to/zod";
import type { Database } from "@db/client";
import { EmailLinkRequestSchema, type EmailTokenPurpose } from "@domain/rules/email-tokens";
import { json, redirect } from "@remix-run/node";
import { limitAttempts } from "~/auth/auth-limits.server";
import { peekEmailToken } from "~/commands/email-tokens.server";
import { getDb } from "~/db.server";
import { honeypotStamp } from "~/honeypot.server";
import { type EmailLinkPurpose, queueEmailLink } from "~/mail/email-link-requests.server";

/**
 * The pages that e-mail a single-use link (password reset, sign-in link) share one shape:
 *   ?            ask for a link
 *   ?sent=1      the same neutral answer whether or not the address has an account
 *   ?token=...   the link's own form (`usable`), or "problem" when it is used, expired or unknown
 */
export async function emailLinkPageState<Usable extends string>(
  request: Request,
  purpose: EmailTokenPurpose,
  usable: Usable,
) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token) {
    const check = await peekEmailToken(await getDb(), token, purpose);
    return { state: check.ok ? usable : ("problem" as const), token, honeypot: honeypotStamp() };
  }
  return {
    state: url.searchParams.has("sent") ? ("sent" as const) : ("request" as const),
    token: null,
    honeypot: honeypotStamp(),
  };
}

/**
 * The "send me a link" post: rate-limited by address and by account before anything is sent, the
 * e-mail checked by the one schema, queued for the background job, then the same redirect to `?sent=1`:
 * the same statements whether or not the address has an account.
 */
export async function answerEmailLinkRequest(
  db: Database,
  formData: FormData,
  options: {
    ip: string;
    limits: { ip: "reset_ip" | "sign_in_link_ip"; account: "reset_account" | "sign_in_link_account" };
    failedTitle: string;
    purpose: EmailLinkPurpose;
    sentUrl: string;
  },
) {
  const limitedByIp = await limitAttempts(db, [options.limits.ip, options.ip]);
  if (limitedByIp) return limitedByIp;
  const submission = parseWithZod(formData, { schema: EmailLinkRequestSchema });
  if (submission.status !== "success") {
    return json(
      {
        result: submission.reply(),
        formError: { title: options.failedTitle, message: "Please enter your email address." },
        linkProblem: false,
      },
      { status: 400 },
    );
  }
  const limited = await limitAttempts(db, [options.limits.account, submission.value.email]);
  if (limited) return limited;
  // One insert into the outbox, the same whether or not the address has an account; the background job
  // looks the account up and mails the link (issue 26, part 4.2), so the answer reveals nothing.
  await queueEmailLink(db, options.purpose, submission.value.email);
  return redirect(options.sentUrl);
}
