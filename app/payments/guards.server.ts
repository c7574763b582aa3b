import { forbidden, requireContext } from "~/auth/guards.server";

export const VENDOR_ONLY_MESSAGE = "Vendor credits are for vendors. Switch to your vendor role to use them.";

export const VENDOR_PAGES_MESSAGE = "This page is for vendors. Switch to your vendor role to use it.";

/**
 * A signed-in person acting in a vendor context (spec 000 section 6: Vendor Credits, My Proposals and
 * the Vendor Dashboard, vendor only), else 403 with `message`.
 */
export async function requireVendorContext(request: Request, message = VENDOR_ONLY_MESSAGE) {
  const viewer = await requireContext(request);
  if (viewer.context.contextType !== "vendor") forbidden(message);
  return viewer;
}
