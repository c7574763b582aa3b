import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";
import { posts } from "./community";
import { roleContexts } from "./roles";

/**
 * The professional network of spec 002 (issue 28): profile views, connections, skills, endorsements and
 * endorsement requests. Ordinary relational data (DESIGN.md): every rule is enforced by the commands in
 * app/commands/network*.server.ts and by the constraints here.
 */

/** A profile seen by another signed-in person: one row per viewer per day (the Professional Center's count). */
export const profileViews = pgTable(
  "profile_views",
  {
    profileUserId: uuid("profile_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    viewerId: uuid("viewer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileUserId, t.day, t.viewerId] }),
    index("profile_views_viewer_idx").on(t.viewerId),
  ],
);

/**
 * One row per pair of people, whoever asked first (a unique index over the unordered pair): pending,
 * accepted, declined or blocked. A declined or cancelled request may be asked again (the row goes back to
 * pending); a block keeps `blocked_by`, and only that person can lift it.
 */
export const connections = pgTable(
  "connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requesterId: uuid("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addresseeId: uuid("addressee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** pending, accepted, declined, blocked. */
    status: text("status").notNull().default("pending"),
    /** professional, colleague, vendor_client, board_manager. */
    connectionType: text("connection_type").notNull().default("professional"),
    requesterContextId: uuid("requester_context_id").references(() => roleContexts.id, {
      onDelete: "set null",
    }),
    addresseeContextId: uuid("addressee_context_id").references(() => roleContexts.id, {
      onDelete: "set null",
    }),
    requestMessage: text("request_message"),
    responseMessage: text("response_message"),
    /** Who blocked the other (status blocked). */
    blockedBy: uuid("blocked_by").references(() => users.id, { onDelete: "cascade" }),
    acceptedAt: ts("accepted_at"),
    declinedAt: ts("declined_at"),
    blockedAt: ts("blocked_at"),
    /** Rises with every change: a form carries the version it was rendered from (409 when stale). */
    version: integer("version").notNull().default(1),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("connections_pair_unique").on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    /**
     * A person's rows by status, covering the other person (issue 28): their connections, their
     * connections' connections (mutual counts, suggestions) and the pairs to leave out are read by
     * index-only scans (scripts/bench/suggestions.ts).
     */
    index("connections_requester_status_idx").on(t.requesterId, t.status, t.addresseeId),
    index("connections_addressee_status_idx").on(t.addresseeId, t.status, t.requesterId),
  ],
);

/** A person's skill (spec 002 section 3, Skill). */
export const skills = pgTable(
  "skills",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    skillName: text("skill_name").notNull(),
    /** technical, management, legal, financial, communication, industry_specific, software, certification. */
    skillCategory: text("skill_category").notNull(),
    skillSubcategory: text("skill_subcategory"),
    /** beginner, intermediate, advanced, expert. */
    proficiencyLevel: text("proficiency_level").notNull().default("intermediate"),
    yearsExperience: integer("years_experience"),
    isCertified: boolean("is_certified").notNull().default(false),
    certificationDetails: text("certification_details"),
    /** Members who endorsed this skill (skill_endorsements), kept in the same transaction. */
    endorsementsCount: integer("endorsements_count").notNull().default(0),
    selfAssessed: boolean("self_assessed").notNull().default(true),
    isFeatured: boolean("is_featured").notNull().default(false),
    displayOrder: integer("display_order").notNull().default(0),
    isPublic: boolean("is_public").notNull().default(true),
    addedFromRoleId: uuid("added_from_role_id"),
    version: integer("version").notNull().default(1),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("skills_user_name_unique").on(t.userId, sql`lower(${t.skillName})`),
    index("skills_user_order_idx").on(t.userId, t.displayOrder),
    index("skills_name_lower_idx").on(sql`lower(${t.skillName})`),
  ],
);

/** One member's +1 on another's skill: once per person, never on one's own. */
export const skillEndorsements = pgTable(
  "skill_endorsements",
  {
    skillId: uuid("skill_id")
      .notNull()
      .references(() => skills.id, { onDelete: "cascade" }),
    endorserId: uuid("endorser_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.skillId, t.endorserId] }),
    index("skill_endorsements_endorser_idx").on(t.endorserId),
  ],
);

/** A written endorsement (spec 002 section 3, Endorsement). One per endorser, endorsee and skill. */
export const endorsements = pgTable(
  "endorsements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    skillId: uuid("skill_id").references(() => skills.id, { onDelete: "set null" }),
    skillName: text("skill_name").notNull(),
    endorserId: uuid("endorser_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endorseeId: uuid("endorsee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endorserContextId: uuid("endorser_context_id").references(() => roleContexts.id, {
      onDelete: "set null",
    }),
    endorsementText: text("endorsement_text").notNull(),
    /** colleague, supervisor, client, vendor, board_member, other. */
    relationshipType: text("relationship_type").notNull().default("colleague"),
    workingRelationshipContext: text("working_relationship_context"),
    isVerified: boolean("is_verified").notNull().default(false),
    verificationMethod: text("verification_method"),
    verifiedAt: ts("verified_at"),
    isPublic: boolean("is_public").notNull().default(true),
    isFeatured: boolean("is_featured").notNull().default(false),
    /** The endorsee hid it from their profile. */
    hiddenByEndorsee: boolean("hidden_by_endorsee").notNull().default(false),
    /** People who marked it Helpful (endorsement_helpful). */
    helpfulCount: integer("helpful_count").notNull().default(0),
    /** The endorsee's reply (Respond). */
    responseText: text("response_text"),
    respondedAt: ts("responded_at"),
    /** The request it answers, if any. */
    requestId: uuid("request_id"),
    version: integer("version").notNull().default(1),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("endorsements_once_per_skill").on(t.endorserId, t.endorseeId, sql`lower(${t.skillName})`),
    index("endorsements_endorsee_idx").on(t.endorseeId, t.createdAt),
    index("endorsements_endorser_idx").on(t.endorserId, t.createdAt),
  ],
);

/** "Helpful" on an endorsement: once per person. */
export const endorsementHelpful = pgTable(
  "endorsement_helpful",
  {
    endorsementId: uuid("endorsement_id")
      .notNull()
      .references(() => endorsements.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.endorsementId, t.userId] })],
);

/** A person asks a connection to endorse them: pending until written or declined. */
export const endorsementRequests = pgTable(
  "endorsement_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Who wants the endorsement (the endorsee). */
    requesterId: uuid("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who is asked to write it. */
    endorserId: uuid("endorser_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    skillName: text("skill_name").notNull(),
    message: text("message"),
    relationshipType: text("relationship_type").notNull().default("colleague"),
    /** The request modal's "Working Relationship Context" and "Make this endorsement publicly visible". */
    workingRelationshipContext: text("working_relationship_context"),
    isPublic: boolean("is_public").notNull().default(true),
    /** pending, fulfilled, declined. */
    status: text("status").notNull().default("pending"),
    createdAt: ts("created_at").notNull().defaultNow(),
    answeredAt: ts("answered_at"),
  },
  (t) => [
    index("endorsement_requests_endorser_idx").on(t.endorserId, t.status),
    index("endorsement_requests_requester_idx").on(t.requesterId, t.status),
  ],
);

/** Conversations (spec 002 section 3): direct (two people, one per pair) or a small group (up to 10). */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** direct or group. */
    conversationType: text("conversation_type").notNull().default("direct"),
    /** For direct conversations: the two user ids sorted and joined by ":", so a pair has one. */
    directKey: text("direct_key"),
    title: text("title"),
    description: text("description"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    lastMessageId: uuid("last_message_id"),
    lastMessageAt: ts("last_message_at"),
    lastActivityAt: ts("last_activity_at").notNull().defaultNow(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("conversations_direct_key_unique").on(t.directKey)],
);

/** A participant and their own view of the conversation: read position, archived, muted, starred. */
export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Messages up to this time are read (the read receipt the others see). */
    lastReadAt: ts("last_read_at"),
    isArchived: boolean("is_archived").notNull().default(false),
    isMuted: boolean("is_muted").notNull().default(false),
    isStarred: boolean("is_starred").notNull().default(false),
    joinedAt: ts("joined_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index("conversation_participants_user_idx").on(t.userId),
  ],
);

/** A message (spec 002 section 3). Deleted messages keep their row, shown as deleted. */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    senderContextId: uuid("sender_context_id").references(() => roleContexts.id, { onDelete: "set null" }),
    content: text("content").notNull().default(""),
    /** text or system. */
    messageType: text("message_type").notNull().default("text"),
    replyToMessageId: uuid("reply_to_message_id"),
    isEdited: boolean("is_edited").notNull().default(false),
    editedAt: ts("edited_at"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    deletedAt: ts("deleted_at"),
    systemMessageType: text("system_message_type"),
    systemMessageData: jsonb("system_message_data").$type<Record<string, unknown>>(),
    /**
     * A post sent in this message (issue 29, part 1; decision 072; message_type "shared_post"): shown
     * as a small card to a reader who may read the post, else as "This post isn't available.".
     */
    sharedPostId: uuid("shared_post_id").references(() => posts.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_time_idx").on(t.conversationId, t.createdAt),
    index("messages_shared_post_idx").on(t.sharedPostId),
    index("messages_sender_idx").on(t.senderId),
  ],
);

/** An edit's previous text (edits within 15 minutes; the history is kept). */
export const messageEdits = pgTable(
  "message_edits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    previousContent: text("previous_content").notNull(),
    editedAt: ts("edited_at").notNull().defaultNow(),
  },
  (t) => [index("message_edits_message_idx").on(t.messageId)],
);

/** A file sent with a message: stored privately, served only to the conversation's participants. */
export const messageAttachments = pgTable(
  "message_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    fileSize: integer("file_size").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("message_attachments_message_idx").on(t.messageId)],
);
