import { readFileSync } from "node:fs";
import path from "node:path";
import { MIGRATIONS_FOLDER, type Queryable, queryRows } from "@db/client";
import { sql } from "drizzle-orm";
import { env, oauthConfig } from "~/env.server";
import { paymentsConfig } from "~/payments/stripe.server";

export type SetupCheckStatus = "pass" | "warn" | "fail" | "not_configured";

export interface SetupCheck {
  id: "configuration" | "migrations" | "mail" | "payments" | "oauth";
  name: string;
  status: SetupCheckStatus;
  detail: string;
}

/** How many migrations the app ships (migrations/meta/_journal.json). */
function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function appliedMigrations(db: Queryable): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  ).catch(() => [{ n: 0 }]);
  return row?.n ?? 0;
}

/** The set-up checks of /debug/admin-setup: what a deployment still lacks. Reads configuration only (no network). */
export async function setupChecks(db: Queryable): Promise<SetupCheck[]> {
  const e = env();
  const missingConfig = [
    process.env.SESSION_SECRET ? null : "SESSION_SECRET (a generated one is kept in DATA_DIR)",
    process.env.APP_URL ? null : `APP_URL (links in e-mails use ${e.APP_URL})`,
  ].filter((m): m is string => m !== null);
  const shipped = shippedMigrations();
  const applied = await appliedMigrations(db);
  const payments = paymentsConfig();
  const oauth = oauthConfig();
  return [
    {
      id: "configuration",
      name: "Configuration",
      status: missingConfig.length === 0 ? "pass" : "warn",
      detail: [
        e.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "Embedded database (no DATABASE_URL): for trying only",
        missingConfig.length === 0
          ? "SESSION_SECRET and APP_URL are set"
          : `Not set: ${missingConfig.join("; ")}`,
      ].join(". "),
    },
    {
      id: "migrations",
      name: "Database migrations",
      status: applied >= shipped ? "pass" : "fail",
      detail:
        applied >= shipped
          ? `All ${shipped} migrations are applied`
          : `${applied} of ${shipped} migrations are applied: run \`npm run migrate\``,
    },
    {
      id: "mail",
      name: "Mail",
      status: e.SMTP_URL ? "pass" : "not_configured",
      detail: e.SMTP_URL
        ? `SMTP server ${new URL(e.SMTP_URL).host} (test it on /admin/diagnostics)`
        : "SMTP_URL is not set: mail goes to the local outbox, nobody receives it",
    },
    {
      id: "payments",
      name: "Payments (Stripe)",
      status:
        payments.missing.length === 0 ? "pass" : payments.missing.length === 7 ? "not_configured" : "fail",
      detail:
        payments.missing.length === 0
          ? "Keys, webhook secret and the four price ids are set"
          : payments.missing.length === 7
            ? "Stripe is not configured: purchases are switched off"
            : `Missing: ${payments.missing.join(", ")}`,
    },
    {
      id: "oauth",
      name: "OAuth sign-in",
      status: oauth ? "pass" : "not_configured",
      detail: oauth
        ? `${oauth.name} ("Continue with ${oauth.name}" is shown)`
        : "No OAuth provider is configured (OAUTH_*): password sign-in only",
    },
  ];
}
