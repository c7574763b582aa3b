import { isUuid } from "@domain/messages";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { getDb } from "~/db.server";
import { getAttachmentFor } from "~/queries/messages.server";
import { openStoredFile, privateDownload } from "~/storage/files.server";

const notFound = () => new Response("Attachment not found", { status: 404 });

/**
 * A message's attachment (issue 28, part 7), streamed privately to the participants of its
 * conversation. Anyone else, and anyone once the message was deleted, gets 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!isUuid(params.id)) throw notFound();
  const attachment = await getAttachmentFor(await getDb(), user.id, params.id);
  if (!attachment) throw notFound();
  let file: Awaited<ReturnType<typeof openStoredFile>>;
  try {
    file = await openStoredFile(attachment.storageKey);
  } catch {
    throw notFound();
  }
  return privateDownload(file, { fileName: attachment.fileName, contentType: attachment.mimeType });
}
