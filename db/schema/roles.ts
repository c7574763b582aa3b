import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";

/** Organizations people work for (spec 000 section 3: organization type labels). */
export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    organizationType: text("organization_type").notNull().default("other"),
    isVerified: boolean("is_verified").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("organizations_name_type_unique").on(sql`lower(${t.name})`, t.organizationType)],
);

/** A professional role a person holds (the "multi-hat" idea): user_professional_roles. */
export const userProfessionalRoles = pgTable(
  "user_professional_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleType: text("role_type").notNull(),
    title: text("title").notNull(),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    organizationName: text("organization_name"),
    description: text("description"),
    responsibilities: jsonb("responsibilities").$type<string[]>().notNull().default([]),
    isPrimary: boolean("is_primary").notNull().default(false),
    isCurrent: boolean("is_current").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    /** not_required, pending, submitted, verified or rejected. */
    verificationStatus: text("verification_status").notNull().default("pending"),
    verificationMethod: text("verification_method"),
    /** license_number, bar_number or registration_number, as the method needs. */
    verificationReference: text("verification_reference"),
    verificationSubmittedAt: ts("verification_submitted_at"),
    verifiedAt: ts("verified_at"),
    verifiedBy: uuid("verified_by").references(() => users.id, { onDelete: "set null" }),
    rejectionReason: text("rejection_reason"),
    startDate: text("start_date"),
    endDate: text("end_date"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("roles_user_order_idx").on(t.userId, t.displayOrder),
    index("roles_verification_idx").on(t.verificationStatus),
    uniqueIndex("roles_one_primary_per_user").on(t.userId).where(sql`${t.isPrimary}`),
  ],
);

/** The context a role opens, with its 12 permission flags (spec 000 sections 3 and 6). */
export const roleContexts = pgTable(
  "role_contexts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    professionalRoleId: uuid("professional_role_id")
      .notNull()
      .references(() => userProfessionalRoles.id, { onDelete: "cascade" }),
    contextName: text("context_name").notNull(),
    contextType: text("context_type").notNull(),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    isDefault: boolean("is_default").notNull().default(false),
    lastAccessed: ts("last_accessed"),
    accessCount: integer("access_count").notNull().default(0),
    contextEmail: text("context_email"),
    emailNotificationsEnabled: boolean("email_notifications_enabled").notNull().default(true),
    canCreateRfp: boolean("can_create_rfp").notNull().default(false),
    canSubmitProposals: boolean("can_submit_proposals").notNull().default(false),
    canAccessBoardTools: boolean("can_access_board_tools").notNull().default(false),
    canManageProperties: boolean("can_manage_properties").notNull().default(false),
    canViewFinancials: boolean("can_view_financials").notNull().default(false),
    canModerateForums: boolean("can_moderate_forums").notNull().default(false),
    canAdminOrganization: boolean("can_admin_organization").notNull().default(false),
    canVerifyUsers: boolean("can_verify_users").notNull().default(false),
    canCreateEvents: boolean("can_create_events").notNull().default(false),
    canManageDocuments: boolean("can_manage_documents").notNull().default(false),
    canAccessAcademy: boolean("can_access_academy").notNull().default(true),
    canMessageUsers: boolean("can_message_users").notNull().default(true),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("role_contexts_role_unique").on(t.professionalRoleId),
    index("role_contexts_user_idx").on(t.userId),
  ],
);

/** Files a person uploaded to prove a role; private to the owner and administrators. */
export const verificationDocuments = pgTable(
  "verification_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    professionalRoleId: uuid("professional_role_id")
      .notNull()
      .references(() => userProfessionalRoles.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("verification_documents_role_idx").on(t.professionalRoleId)],
);

/** In-app notifications (spec 000 section 3). */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    body: text("body"),
    isRead: boolean("is_read").notNull().default(false),
    readAt: ts("read_at"),
    isArchived: boolean("is_archived").notNull().default(false),
    archivedAt: ts("archived_at"),
    expiresAt: ts("expires_at"),
    actionUrl: text("action_url"),
    priority: text("priority").notNull().default("normal"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts("created_at").notNull().defaultNow(),
    /** E-mail state (domain/notifications/email.ts, EMAIL_STATES); rows written before e-mail existed: skipped. */
    emailState: text("email_state").notNull().default("skipped"),
    emailAttempts: integer("email_attempts").notNull().default(0),
    emailClaimedAt: ts("email_claimed_at"),
    emailedAt: ts("emailed_at"),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx").on(t.userId).where(sql`not ${t.isRead} and not ${t.isArchived}`),
    /** The e-mail dispatcher's queue: only rows still to send are indexed. */
    index("notifications_email_queue_idx")
      .on(t.createdAt)
      .where(sql`${t.emailState} in ('pending', 'sending')`),
    index("notifications_email_digest_idx").on(t.createdAt).where(sql`${t.emailState} = 'digest'`),
  ],
);

/** When each person's last daily digest went out (at most one a day, domain/notifications/email.ts). */
export const notificationDigests = pgTable("notification_digests", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastSentAt: ts("last_sent_at").notNull(),
  /** The earliest the next one may go (nextDigestDue): lets the dispatcher skip everyone not yet due. */
  nextDueAt: ts("next_due_at").notNull(),
});
