import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_DATABASE_CONNECT_TIMEOUT_SECONDS, DEFAULT_DATABASE_POOL_SIZE } from "@db/pool";
import { z } from "zod";

/** An empty variable (STRIPE_SECRET_KEY=) counts as unset. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalSecret = z.preprocess(blankToUndefined, z.string().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  /** PostgreSQL connection string; unset: the embedded PGlite database in ./data. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * Connections to PostgreSQL per app process (decision 039). PostgreSQL runs no more statements at once
   * than it has cores; statements beyond the open connections are pipelined onto busy ones.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(DEFAULT_DATABASE_POOL_SIZE),
  /** Seconds a new connection to PostgreSQL may take before the request answers 503 (db/pool.ts). */
  DATABASE_CONNECT_TIMEOUT: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(DEFAULT_DATABASE_CONNECT_TIMEOUT_SECONDS),
  /** Where the embedded database and generated development secrets live. */
  DATA_DIR: z.string().default("data"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  APP_URL: z.string().url().optional(),
  /** Outgoing mail, e.g. smtp://user:pass@smtp.example.com:587; unset: mail lands in DATA_DIR/outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Association Commons <no-reply@association-commons.local>"),
  /** An OAuth2 provider for "Continue with ..." sign-in; all of ID, secret and the three URLs, or none. */
  OAUTH_PROVIDER_NAME: z.string().default("OAuth"),
  OAUTH_CLIENT_ID: z.string().optional(),
  OAUTH_CLIENT_SECRET: z.string().optional(),
  OAUTH_AUTHORIZATION_URL: z.string().url().optional(),
  OAUTH_TOKEN_URL: z.string().url().optional(),
  OAUTH_USERINFO_URL: z.string().url().optional(),
  OAUTH_SCOPES: z.string().default("openid email profile"),
  /** Where uploaded files (verification documents) are kept; default DATA_DIR/uploads. */
  UPLOAD_DIR: z.string().optional(),
  /** Stripe (credit checkout); unset: purchases show "Payment system is not configured". */
  STRIPE_SECRET_KEY: optionalSecret,
  STRIPE_PUBLISHABLE_KEY: optionalSecret,
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  /** Stripe price ids of the four credit packages. */
  STRIPE_PRICE_SINGLE: optionalSecret,
  STRIPE_PRICE_STARTER: optionalSecret,
  STRIPE_PRICE_PROFESSIONAL: optionalSecret,
  STRIPE_PRICE_BUSINESS: optionalSecret,
  /** Stripe price ids of the subscription plans (domain/billing/plans.ts); unset: that plan cannot be bought. */
  STRIPE_PRICE_PRO_MONTHLY: optionalSecret,
  STRIPE_PRICE_PRO_YEARLY: optionalSecret,
  STRIPE_PRICE_ASSOCIATION_MONTHLY: optionalSecret,
  STRIPE_PRICE_ASSOCIATION_YEARLY: optionalSecret,
  /** A Stripe-compatible API server instead of https://api.stripe.com, e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: z.preprocess(blankToUndefined, z.string().url().optional()),
  /** Multiplies every sign-in, sign-up, reset and contact limit (the browser tests raise it). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /**
   * The most live streams (tabs) one person holds open on one app server; the next closes their oldest
   * (decision 096). Bounds what one signed-in client can make a server hold. The benchmarks raise it.
   */
  LIVE_STREAMS_PER_PERSON: z.coerce.number().int().min(1).max(100_000).default(100),
  /**
   * The shortest time (seconds) between rendering a public form and sending it; quicker is a bot
   * (app/honeypot.server.ts). The browser tests, which type instantly, set 0.
   */
  /**
   * TEST ONLY: comma-separated `host:port` origins the link preview fetcher may reach although they are
   * private addresses or odd ports (e.g. 127.0.0.1:4567 for a local test server). Never set in production:
   * it opens exactly those origins to anyone who writes a post (decision 071).
   */
  LINK_PREVIEW_ALLOW_HOSTS: z.string().optional(),
  HONEYPOT_MIN_SECONDS: z.coerce.number().min(0).max(60).default(2),
  /**
   * The private Ed25519 key (a JWK: {"kty":"OKP","crv":"Ed25519","d":...,"x":...}) that signs the
   * learning hub's Open Badges credentials (decision 077); its public part is published at
   * /.well-known/jwks.json. Unset: derived from SESSION_SECRET, so it survives restarts and is the same
   * on every app server that shares the secret (set it to keep credentials verifiable across a change
   * of SESSION_SECRET).
   */
  CREDENTIAL_SIGNING_KEY: optionalSecret,
});

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string; APP_URL: string; UPLOAD_DIR: string };

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
  return {
    ...env,
    SESSION_SECRET: secret,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    UPLOAD_DIR: path.resolve(env.UPLOAD_DIR ?? path.join(env.DATA_DIR, "uploads")),
  };
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/** Tests change process.env between cases; this makes the next env() read it again. */
export function resetEnvForTests() {
  cached = undefined;
}

/** The OAuth2 provider, when fully configured; the sign-in button is hidden otherwise. */
export function oauthConfig() {
  const e = env();
  if (
    !e.OAUTH_CLIENT_ID ||
    !e.OAUTH_CLIENT_SECRET ||
    !e.OAUTH_AUTHORIZATION_URL ||
    !e.OAUTH_TOKEN_URL ||
    !e.OAUTH_USERINFO_URL
  )
    return null;
  return {
    name: e.OAUTH_PROVIDER_NAME,
    clientId: e.OAUTH_CLIENT_ID,
    clientSecret: e.OAUTH_CLIENT_SECRET,
    authorizationEndpoint: e.OAUTH_AUTHORIZATION_URL,
    tokenEndpoint: e.OAUTH_TOKEN_URL,
    userInfoEndpoint: e.OAUTH_USERINFO_URL,
    scopes: e.OAUTH_SCOPES.split(/[\s,]+/).filter(Boolean),
    redirectURI: new URL("/auth/callback", e.APP_URL).toString(),
  };
}
