import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireDocumentAccess } from "~/auth/documents.server";
import { pageNotFound, requireContext } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { findVersion } from "~/queries/documents.server";
import { openStoredFile, privateDownload } from "~/storage/files.server";

const ParamsSchema = z.object({ versionId: z.string().uuid() });

/**
 * Streams one version of a library document (issue 12, part 1) after the same check as its page
 * (requireDocumentAccess): whoever may not see the document gets 404, as if the file did not exist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireContext(request);
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) pageNotFound();
  const version = await findVersion(await getDb(), parsed.data.versionId);
  if (!version) pageNotFound();
  await requireDocumentAccess(request, version.documentId);
  let file: Awaited<ReturnType<typeof openStoredFile>>;
  try {
    file = await openStoredFile(version.storageKey);
  } catch {
    pageNotFound();
  }
  return privateDownload(file, { fileName: version.fileName, contentType: version.contentType });
}
