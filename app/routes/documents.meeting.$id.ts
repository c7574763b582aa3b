import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { pageNotFound, requireContext } from "~/auth/guards.server";
import { requirePacketAccess } from "~/auth/meeting-packet.server";
import { getDb } from "~/db.server";
import { packetDocumentForDownload } from "~/queries/meeting-packet.server";
import { openStoredFile, privateDownload } from "~/storage/files.server";

const ParamsSchema = z.object({ id: z.string().uuid() });

/**
 * Streams one document of a meeting's board packet (issue 12) to whoever may read the packet
 * (requirePacketAccess: the association's board and managers, and the invited attendees). A document
 * taken out of the packet, or one the person may not see, is not found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireContext(request);
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) pageNotFound();
  const document = await packetDocumentForDownload(await getDb(), parsed.data.id);
  if (!document) pageNotFound();
  await requirePacketAccess(request, document.meetingId);
  let file: Awaited<ReturnType<typeof openStoredFile>>;
  try {
    file = await openStoredFile(document.storageKey);
  } catch {
    pageNotFound();
  }
  return privateDownload(file, { fileName: document.fileName, contentType: document.contentType });
}
