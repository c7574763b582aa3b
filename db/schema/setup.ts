import { pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

/**
 * One-time links to /debug/admin-setup, printed at server start while no administrator exists. Only a
 * SHA-256 of the token is stored; a token is used once (used_at) and expires.
 */
export const adminSetupTokens = pgTable("admin_setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  createdAt: ts("created_at").notNull().defaultNow(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});
