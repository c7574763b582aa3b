import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  /** PostgreSQL connection string; unset: the embedded PGlite database in ./data. */
  DATABASE_URL: z.string().url().optional(),
  /** Where the embedded database and generated development secrets live. */
  DATA_DIR: z.string().default("data"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  APP_URL: z.string().url().optional(),
});

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string; APP_URL: string };

function loadEnv(): Env {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const env = parsed.data;
  let secret = env.SESSION_SECRET;
  if (!secret) {
    if (env.NODE_ENV === "production" && env.DATABASE_URL) {
      throw new Error("SESSION_SECRET must be set when running in production against PostgreSQL");
    }
    // Development and the embedded database: generate once and keep it beside the data.
    const file = path.resolve(env.DATA_DIR, "session-secret");
    if (existsSync(file)) secret = readFileSync(file, "utf8").trim();
    else {
      mkdirSync(path.dirname(file), { recursive: true });
      secret = randomBytes(32).toString("base64url");
      writeFileSync(file, secret, { mode: 0o600 });
    }
  }
  return { ...env, SESSION_SECRET: secret, APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}` };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}
