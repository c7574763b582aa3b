import type { Database } from "@db/client";
import { executeCreditsCommand } from "~/commands/credits.server";
import { findVendorByEmail } from "~/queries/credit-history.server";

export type GrantOutcome =
  | { ok: true; vendorEmail: string; vendorName: string | null; balance: number; duplicate: boolean }
  | { ok: false; field: "email" | "amount" | "reason"; message: string };

export const VENDOR_NOT_FOUND = "No vendor with this e-mail address";

/**
 * An administrator grants bonus credits to a vendor found by e-mail, with a reason, through the bonus
 * command. `requestKey` (one per rendered form) makes a double submit grant once.
 */
export async function grantBonusCreditsByEmail(
  db: Database,
  adminId: string,
  input: { email: string; amount: number; reason: string; requestKey: string },
): Promise<GrantOutcome> {
  const vendor = await findVendorByEmail(db, input.email);
  if (!vendor) return { ok: false, field: "email", message: VENDOR_NOT_FOUND };
  const outcome = await executeCreditsCommand(
    db,
    {
      type: "GrantBonusCredits",
      vendorId: vendor.id,
      amount: input.amount,
      reason: input.reason,
      grantedBy: adminId,
    },
    { idempotencyKey: `admin-bonus:${adminId}:${input.requestKey}`, metadata: { actorUserId: adminId } },
  );
  if (!outcome.ok) {
    return {
      ok: false,
      field: outcome.error.message.includes("reason") ? "reason" : "amount",
      message: outcome.error.message,
    };
  }
  return {
    ok: true,
    vendorEmail: vendor.email,
    vendorName: vendor.fullName,
    balance: outcome.result.balance,
    duplicate: outcome.duplicate,
  };
}
