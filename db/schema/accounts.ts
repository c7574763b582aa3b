import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    /** Set when the owner proves the address (confirmation link, or a provider's verified e-mail). */
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true, mode: "string" }),
    /** An administrator disabled the account: no sign-in, sessions refused. */
    disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    /** The few disabled accounts (left out of connection suggestions, issue 28). */
    index("users_disabled_idx").on(t.id).where(sql`${t.disabledAt} is not null`),
  ],
);

/** The user profile of spec 000 section 3, with its defaults. */
export const userProfiles = pgTable(
  "user_profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    fullName: text("full_name"),
    /** The profile's address, /professional/{username}: lower-case letters, digits and dashes, unique. */
    username: text("username"),
    avatarUrl: text("avatar_url"),
    phone: text("phone"),
    location: text("location"),
    bio: text("bio"),
    displayName: text("display_name"),
    websiteUrl: text("website_url"),
    linkedinUrl: text("linkedin_url"),
    twitterHandle: text("twitter_handle"),
    companyName: text("company_name"),
    jobTitle: text("job_title"),
    professionalSummary: text("professional_summary"),
    yearsExperience: integer("years_experience"),
    subscriptionStatus: text("subscription_status").notNull().default("incomplete"),
    subscriptionTier: text("subscription_tier").notNull().default("free"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true, mode: "string" }),
    onboardingStep: text("onboarding_step").notNull().default("welcome"),
    onboardingCompleted: boolean("onboarding_completed").notNull().default(false),
    isPublic: boolean("is_public").notNull().default(true),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    timezone: text("timezone"),
    language: text("language").notNull().default("en"),
    activeRoleContext: uuid("active_role_context"),
    /** The association the board room, financials, documents and calendar show (app/auth/association.server.ts). */
    activeAssociationId: uuid("active_association_id"),
    lastContextSwitch: timestamp("last_context_switch", { withTimezone: true, mode: "string" }),
    /** Appearance (spec 000 section 2.3), kept on the server so the first render is right. */
    theme: text("theme").notNull().default("system"),
    compactMode: boolean("compact_mode").notNull().default(false),
    reducedMotion: boolean("reduced_motion").notNull().default(false),
    sidebarCollapsed: boolean("sidebar_collapsed").notNull().default(false),
    onboardingNudgeDismissed: boolean("onboarding_nudge_dismissed").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_profiles_username_unique").on(sql`lower(${t.username})`),
    /** People in the same city (connection suggestions, issue 28): the location compared trimmed, any case. */
    index("user_profiles_city_idx").on(sql`lower(trim(${t.location}))`),
  ],
);

/** Server-side sessions: the cookie holds only the id (256 random bits). */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Single-use e-mail tokens (confirm an address, reset a password). Only a SHA-256 of the token is
 * stored; the token itself travels in the e-mailed link.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["confirm_email", "reset_password", "sign_in_link"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [index("email_tokens_user_idx").on(t.userId, t.purpose)],
);

/**
 * The outbox of "e-mail me a link" requests (password reset, sign-in link; issue 26, part 4.2). The
 * request only inserts the address as typed; the background job (app/mail/email-link-requests.server.ts)
 * claims each row (FOR UPDATE SKIP LOCKED), looks the account up, issues the token and sends the mail,
 * then deletes the row. So the answer to the request does the same work whether or not the address
 * has an account.
 */
export const emailLinkRequests = pgTable(
  "email_link_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose", { enum: ["reset_password", "sign_in_link"] }).notNull(),
    /** The address as asked for (trimmed, lower-cased); removed with the row once handled. */
    email: text("email").notNull(),
    /** pending, or sending (claimed by an app server's job). */
    state: text("state", { enum: ["pending", "sending"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "string" }),
    /** Not claimed before this (a failed attempt waits: app/mail/outbox.server.ts). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "string" })
      .notNull()
      .defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [index("email_link_requests_created_idx").on(t.createdAt)],
);

/** Accounts at external OAuth2 providers linked to a user. */
export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("oauth_accounts_provider_unique").on(t.provider, t.providerAccountId),
    index("oauth_accounts_user_idx").on(t.userId),
  ],
);

/**
 * Fixed-window counters for rate limits, shared by every app server (no in-memory limits).
 * key is "{action}:{ip|account}:{value}"; rows of past windows are pruned.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true, mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_window_idx").on(t.windowStart)],
);

/** Messages sent through the public contact form. */
export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  organization: text("organization"),
  topic: text("topic").notNull(),
  message: text("message").notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  ipAddress: text("ip_address"),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  handledAt: timestamp("handled_at", { withTimezone: true, mode: "string" }),
});
