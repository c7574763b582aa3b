import { json } from "@remix-run/node";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { purchaseView } from "~/queries/learning-commerce.server";

/**
 * Where Stripe sends the buyer back (issue 30, part 3; decision 078). The redirect proves nothing: the
 * page reads the purchase, which only the signed webhook turns paid, and says "Payment received,
 * enrolling…" until it has (the page refreshes itself, with or without JavaScript). Only the buyer sees
 * their purchase; any other session id is a 404.
 */
export async function purchaseLoader(request: Request, sessionId: string | undefined) {
  const viewer = await requireViewer(request);
  const id = sessionId && /^[A-Za-z0-9_:-]{1,255}$/.test(sessionId) ? sessionId : "";
  const purchase = id ? await purchaseView(await getDb(), viewer.user.id, id) : null;
  if (!purchase) pageNotFound();
  return json({ purchase });
}
