import { catalogueHref, parseCatalogueParams } from "@domain/learning/courses";
import { json } from "@remix-run/node";
import { requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { listCourses } from "~/queries/learning.server";

/** /learning-hub/courses (issue 30, part 1): the catalogue, filtered by one GET form. */
export async function catalogueLoader(request: Request) {
  const viewer = await requireViewer(request);
  const params = parseCatalogueParams(new URL(request.url).searchParams);
  const courses = await listCourses(await getDb(), viewer.user.id, params);
  return json({ params, here: catalogueHref(params), courses });
}
