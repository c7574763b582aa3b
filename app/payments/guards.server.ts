import { forbidden, requireContext } from "~/auth/guards.server";

export const VENDOR_ONLY_MESSAGE = "Vendor credits are for vendors. Switch to your vendor role to use them.";

/** A signed-in person acting in a vendor context (spec 000 section 6: Vendor Credits, vendor only). */
export async function requireVendorContext(request: Request) {
  const viewer = await requireContext(request);
  if (viewer.context.contextType !== "vendor") forbidden(VENDOR_ONLY_MESSAGE);
  return viewer;
}
