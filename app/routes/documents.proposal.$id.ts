import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { rfpActor } from "~/auth/actors.server";
import { type ActiveViewer, requireViewer } from "~/auth/guards.server";
import { getProposalDocumentForDownload } from "~/commands/proposal-documents.server";
import { getDb } from "~/db.server";
import { openStoredFile, privateDownload } from "~/storage/files.server";

const ParamsSchema = z.object({ id: z.string().uuid() });

const notFound = () => new Response("Resource not found", { status: 404 });

/**
 * Streams a proposal's document to the vendor who attached it, to the RFP's author once the proposal
 * is submitted, and to admins. Anyone else gets 404, as if the file did not exist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) throw notFound();
  const document = await getProposalDocumentForDownload(await getDb(), parsed.data.id);
  if (!document) throw notFound();
  const isAdmin =
    Boolean(viewer.context && viewer.role && viewer.permissions) && rfpActor(viewer as ActiveViewer).isAdmin;
  const may =
    document.vendorId === viewer.user.id ||
    isAdmin ||
    (document.authorId === viewer.user.id &&
      document.proposalStatus !== "draft" &&
      document.rfpDeleted === null);
  if (!may) throw notFound();
  let file: Awaited<ReturnType<typeof openStoredFile>>;
  try {
    file = await openStoredFile(document.storageKey);
  } catch {
    throw notFound();
  }
  return privateDownload(file, { fileName: document.fileName, contentType: document.fileType });
}
