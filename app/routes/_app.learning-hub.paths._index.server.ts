import { json } from "@remix-run/node";
import { requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { listPaths } from "~/queries/learning.server";

/** /learning-hub/paths (issue 30, part 4): the learning paths with the person's state in each. */
export async function pathsLoader(request: Request) {
  const viewer = await requireViewer(request);
  return json({ paths: await listPaths(await getDb(), viewer.user.id) });
}
