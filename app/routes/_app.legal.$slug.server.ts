import { json } from "@remix-run/node";
import { pageNotFound } from "~/auth/guards.server";
import { requireLegal } from "~/auth/legal.server";
import { getDb } from "~/db.server";
import { legalResourceView } from "~/queries/legal.server";

/**
 * /legal/{slug} (issue 30, part 9): a published resource for every reader; a pending or rejected one
 * only for its submitter and administrators (404 for anyone else, as if it did not exist).
 */
export async function legalResourceLoader(request: Request, slug: string | undefined) {
  const viewer = await requireLegal(request, "read");
  const view = await legalResourceView(await getDb(), (slug ?? "").slice(0, 200), {
    userId: viewer.user.id,
    reviewer: viewer.access.review,
  });
  if (!view) pageNotFound();
  const { body: _body, ...resource } = view;
  return json({ resource, access: viewer.access });
}
