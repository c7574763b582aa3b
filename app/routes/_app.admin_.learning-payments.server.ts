import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { readForm } from "~/forms.server";

/**
 * The Learning payments tab's two row forms (Enrol, Refund a held Checkout Session), one union on
 * `intent` parsed on the server only (decision 056). Each form carries its idempotency key.
 */
export const HeldSessionActionSchema = z.object({
  intent: z.enum(["enrol", "refund"]),
  sessionId: z.string().trim().min(1).max(255),
});

export async function parseHeldSessionAction(request: Request) {
  const form = await readForm(request, { maxBytes: 4096 });
  return { form, submission: parseWithZod(form, { schema: HeldSessionActionSchema }) };
}
