import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ts } from "./columns";

/**
 * Associations, the tenant (DESIGN.md, "Associations"; domain/associations). Board room, financials,
 * documents and the association calendar belong to one. Every scoped read and write finds the
 * association through `association_members` for the signed-in person (app/auth/association.server.ts).
 */
export const associations = pgTable("associations", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** One of ASSOCIATION_PROPERTY_TYPES. */
  propertyType: text("property_type").notNull(),
  addressLine: text("address_line"),
  city: text("city"),
  state: text("state"),
  zip: text("zip"),
  unitCount: integer("unit_count").notNull().default(0),
  /** IANA zone: meetings and association events are shown in it. */
  timeZone: text("time_zone").notNull().default("America/New_York"),
  /** 1 (January) to 12. */
  fiscalYearStartMonth: integer("fiscal_year_start_month").notNull().default(1),
  currency: text("currency").notNull().default("USD"),
  boardSeats: integer("board_seats").notNull().default(5),
  /** Board members needed for quorum; null: a majority of board seats (domain quorumRequired). */
  quorumMinimum: integer("quorum_minimum"),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Who belongs to an association, and how (MEMBER_ROLES, BOARD_OFFICES, MEMBERSHIP_STATUSES). */
export const associationMembers = pgTable(
  "association_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    associationId: uuid("association_id")
      .notNull()
      .references(() => associations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    memberRole: text("member_role").notNull(),
    /** Board members only. */
    boardOffice: text("board_office"),
    /** Homeowners: their unit. */
    unit: text("unit"),
    status: text("status").notNull().default("active"),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    joinedAt: ts("joined_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("association_members_unique").on(t.associationId, t.userId),
    index("association_members_user_idx").on(t.userId),
  ],
);

/** Invitations by e-mail: a single-use link (only its hash is stored), valid INVITATION_VALID_DAYS. */
export const associationInvitations = pgTable(
  "association_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    associationId: uuid("association_id")
      .notNull()
      .references(() => associations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    memberRole: text("member_role").notNull(),
    boardOffice: text("board_office"),
    unit: text("unit"),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: ts("revoked_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("association_invitations_token_unique").on(t.tokenHash),
    index("association_invitations_association_idx").on(t.associationId),
    index("association_invitations_email_idx").on(sql`lower(${t.email})`),
  ],
);
