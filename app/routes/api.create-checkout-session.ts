import { findCreditPackage } from "@domain/credits";
import {
  PURCHASE_ERROR_CODES,
  PURCHASE_MESSAGES,
  VENDOR_CREDITS_PRODUCT_TYPE,
} from "@domain/credits/checkout";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { requireVerifiedRole } from "~/auth/guards.server";
import { createCreditCheckout } from "~/commands/credit-checkout.server";
import { readForm } from "~/forms.server";
import { stripeIdempotencyKey } from "~/idempotency.server";

/**
 * POST /api/create-checkout-session (spec 001 section 7). JSON in, `{ sessionId, url }` or `{ error }`
 * out; a plain form post (no JavaScript) is sent straight on to Stripe's hosted checkout (303), or back
 * to the purchase dialog with the error. Only verified vendors may buy credits.
 */
const JsonBody = z.object({
  priceId: z.string().min(1),
  quantity: z.literal(1).default(1),
  metadata: z.object({
    productType: z.literal(VENDOR_CREDITS_PRODUCT_TYPE),
    packageId: z.string().min(1),
    credits: z.string().optional(),
    bonusCredits: z.string().optional(),
  }),
});

const FormBody = z.object({ packageId: z.string().min(1) });

const wantsJson = (request: Request) =>
  (request.headers.get("Content-Type") ?? "").toLowerCase().includes("application/json");

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  const isJson = wantsJson(request);
  let vendorId: string;
  try {
    vendorId = (await requireVerifiedRole(request, ["vendor"])).user.id;
  } catch (thrown) {
    // A JSON caller gets a JSON answer, not the sign-in page.
    if (isJson && thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      return json({ error: "User not authenticated" }, { status: 401 });
    }
    throw thrown;
  }

  if (isJson) {
    const parsed = JsonBody.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return json({ error: PURCHASE_MESSAGES.invalidPackage }, { status: 400 });
    const { priceId, metadata } = parsed.data;
    const pkg = findCreditPackage(metadata.packageId);
    // The catalogue decides credits: a client that disagrees has a stale or forged package.
    if (
      pkg &&
      ((metadata.credits !== undefined && metadata.credits !== String(pkg.credits)) ||
        (metadata.bonusCredits !== undefined && metadata.bonusCredits !== String(pkg.bonus_credits)))
    ) {
      return json({ error: PURCHASE_MESSAGES.invalidPackage }, { status: 400 });
    }
    const outcome = await createCreditCheckout(
      vendorId,
      { packageId: metadata.packageId, priceId },
      { idempotencyKey: stripeIdempotencyKey(request, vendorId, null, "credit-checkout") },
    );
    if (!outcome.ok) return json({ error: PURCHASE_ERROR_CODES[outcome.code] }, { status: outcome.status });
    return json({ sessionId: outcome.sessionId, url: outcome.url });
  }

  const fields = Object.fromEntries(await readForm(request));
  const form = FormBody.safeParse(fields);
  const back = (code: keyof typeof PURCHASE_ERROR_CODES, packageId?: string) =>
    redirect(
      `/credits?${new URLSearchParams({ dialog: "purchase", error: code, ...(packageId ? { package: packageId } : {}) })}`,
      303,
    );
  if (!form.success) return back("invalid_package");
  const outcome = await createCreditCheckout(
    vendorId,
    { packageId: form.data.packageId },
    { idempotencyKey: stripeIdempotencyKey(request, vendorId, fields, "credit-checkout") },
  );
  if (!outcome.ok) return back(outcome.code, form.data.packageId);
  return redirect(outcome.url, 303);
}
