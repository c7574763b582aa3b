import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/env.server";
import { withCircuit } from "~/monitoring/circuits.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** A calendar invitation or cancellation (nodemailer's icalEvent: a text/calendar part and an .ics). */
  icalEvent?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
}

/** The frame every HTML mail shares: the product's name above a readable column of the body. */
export function mailHtml(body: string): string {
  return `<div style="font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;max-width:560px;margin:0 auto;padding:16px"><p style="font-weight:600;color:#1d4ed8;margin:0 0 16px">Association Commons</p>${body}</div>`;
}

/** Text made safe for an HTML mail body or attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

let transport: Transporter | undefined;

/** The outbox folder used when SMTP_URL is unset: one .eml (the message) and one .json per mail. */
export function outboxDir() {
  return path.resolve(env().DATA_DIR, "outbox");
}

/**
 * Sends a mail through SMTP_URL with nodemailer. Without SMTP_URL the same message is written to
 * the local outbox (DATA_DIR/outbox) for a developer to read.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  const message = { from: MAIL_FROM, ...mail };
  if (SMTP_URL) {
    transport ??= nodemailer.createTransport(SMTP_URL);
    const smtp = transport;
    // Through the SMTP circuit breaker: after repeated failures, sending fails fast for a while.
    await withCircuit("smtp", () => smtp.sendMail(message));
    return;
  }
  const local = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await local.sendMail(message);
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
  await writeFile(path.join(dir, `${name}.eml`), info.message as Buffer);
  // Written under another name and renamed, so a reader of the outbox never sees half a file.
  const json = path.join(dir, `${name}.json`);
  await writeFile(
    `${json}.tmp`,
    `${JSON.stringify({ ...message, createdAt: new Date().toISOString() }, null, 2)}\n`,
  );
  await rename(`${json}.tmp`, json);
}
