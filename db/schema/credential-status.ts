import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { certificates } from "./learning-certificates";

/**
 * Where each certificate's Open Badge stands in the platform's signed status lists (decision 086):
 * W3C Bitstring Status Lists of 131,072 entries at /credentials/status/{list}, a certificate's bit set
 * once it is revoked. Positions are drawn at random when the credential is first signed, so a list
 * reveals nothing of the order certificates were issued in; (list, index) is unique.
 */
export const credentialStatusEntries = pgTable(
  "credential_status_entries",
  {
    certificateId: uuid("certificate_id")
      .notNull()
      .references(() => certificates.id, { onDelete: "cascade" }),
    listNumber: integer("list_number").notNull(),
    listIndex: integer("list_index").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.certificateId] }),
    uniqueIndex("credential_status_entries_position_key").on(t.listNumber, t.listIndex),
    check(
      "credential_status_entries_position_check",
      sql`${t.listNumber} >= 1 and ${t.listIndex} >= 0 and ${t.listIndex} < 131072`,
    ),
  ],
);
