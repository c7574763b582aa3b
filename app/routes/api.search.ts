import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiJson } from "~/api-json.server";
import { requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { siteSearch } from "~/queries/site-search.server";

/**
 * The command palette's record search: GET /api/search?q= answers { q, rfps, people, organizations },
 * a few of each, for signed-in people only (401 { error } otherwise). RFPs are only those the viewer
 * may see; people are shown by name and role titles only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // A JSON caller gets 401 rather than the sign-in redirect a page would.
  const viewer = await requireViewer(request).catch((thrown: unknown) => {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return null;
    throw thrown;
  });
  if (!viewer) return json({ error: "Please sign in to search." }, { status: 401 });
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim();
  const results = await siteSearch(await getDb(), viewer, q);
  return apiJson({ q, ...results }, { headers: { "Cache-Control": "private, no-store", Vary: "Cookie" } });
}
