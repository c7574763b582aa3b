import { parseWithZod } from "@conform-to/zod";
import type { Database } from "@db/client";
import { EmailLinkRequestSchema, type EmailTokenPurpose } from "@domain/rules/email-tokens";
import { json, redirect } from "@remix-run/node";
import { limitAttempts } from "~/auth/auth-limits.server";
import { peekEmailToken } from "~/commands/email-tokens.server";
import { getDb } from "~/db.server";
import { honeypotStamp } from "~/honeypot.server";

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
 * e-mail checked by the one schema, then the same redirect to `?sent=1` whatever became of the mail
 * (an error must not reveal whether the address has an account).
 */
export async function answerEmailLinkRequest(
  db: Database,
  formData: FormData,
  options: {
    ip: string;
    limits: { ip: "reset_ip" | "sign_in_link_ip"; account: "reset_account" | "sign_in_link_account" };
    failedTitle: string;
    send: (email: string) => Promise<void>;
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
  await options
    .send(submission.value.email)
    .catch((error) => console.error(`${options.sentUrl}: link mail not sent`, error));
  return redirect(options.sentUrl);
}
