import { libraryHref, parseLibraryParams } from "@domain/legal/resources";
import { json } from "@remix-run/node";
import { requireLegal } from "~/auth/legal.server";
import { getDb } from "~/db.server";
import { listLegalResources } from "~/queries/legal.server";

/** /legal (issue 30, part 9): the library, searched and filtered by one GET form, a page at a time. */
export async function legalLibraryLoader(request: Request) {
  const viewer = await requireLegal(request, "read");
  const params = parseLibraryParams(new URL(request.url).searchParams);
  const found = await listLegalResources(await getDb(), params);
  return json({
    params: { ...params, page: found.page },
    here: libraryHref({ ...params, page: found.page }),
    ...found,
    access: viewer.access,
  });
}
