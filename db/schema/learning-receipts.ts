import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { mailOutboxColumns } from "./columns";
import { learningPurchases } from "./learning-commerce";

/**
 * The learning hub's purchase receipts by e-mail (issue 30; decision 092): one row per paid Checkout
 * Session, written in the transaction that enrols its buyer (the webhook's, or an administrator's enrol
 * of a held session), sent after commit by the shared outbox round (decision 058). The address and the
 * figures are read from the purchase when the mail is sent; the row holds none of them.
 */
export const learningReceiptMails = pgTable(
  "learning_receipt_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    checkoutSessionId: text("checkout_session_id")
      .notNull()
      .unique()
      .references(() => learningPurchases.checkoutSessionId, { onDelete: "cascade" }),
    ...mailOutboxColumns(),
  },
  (t) => [index("learning_receipt_mails_waiting_idx").on(t.state, t.nextAttemptAt)],
);
