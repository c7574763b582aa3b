import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`)],
);

/** The user profile of spec 000 section 3, with its defaults. */
export const userProfiles = pgTable("user_profiles", {
  id: uuid("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  fullName: text("full_name"),
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
  lastContextSwitch: timestamp("last_context_switch", { withTimezone: true, mode: "string" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
});

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
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);
