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
  // ?version=N: an earlier published version (decision 089); anything not a version number is ignored.
  const asked = new URL(request.url).searchParams.get("version") ?? "";
  const version = /^\d{1,6}$/.test(asked) ? Number(asked) : null;
  const view = await legalResourceView(
    await getDb(),
    (slug ?? "").slice(0, 200),
    { userId: viewer.user.id, reviewer: viewer.access.review },
    version,
  );
  if (!view) pageNotFound();
  const { body: _body, ...resource } = view;
  return json({ resource, access: viewer.access });
}
