import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "~/env.server";

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  createdAt: string;
}

/**
 * Points DATA_DIR (and so the mail outbox, app/mail/mailer.server.ts) at a temporary folder for this
 * test file, without SMTP_URL, so sent mail can be read back.
 */
export function useTempOutbox() {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "outbox-test-"));
    process.env.DATA_DIR = dir;
    delete process.env.SMTP_URL;
    resetEnvForTests();
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** Every mail sent so far, oldest first. */
    mails(): OutboxMail[] {
      const outbox = path.join(dir, "outbox");
      let names: string[] = [];
      try {
        names = readdirSync(outbox).filter((n) => n.endsWith(".json"));
      } catch {
        return [];
      }
      return names
        .map((n) => JSON.parse(readFileSync(path.join(outbox, n), "utf8")) as OutboxMail)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
    /** The newest mail to `to`, and the link with a token in it. */
    lastTo(to: string) {
      const mail = this.mails()
        .filter((m) => m.to === to)
        .at(-1);
      if (!mail) throw new Error(`no mail to ${to}`);
      const link = mail.text.match(/https?:\/\/\S+token=\S+/)?.[0] ?? null;
      return { mail, link, token: link ? new URL(link).searchParams.get("token") : null };
    },
  };
}
