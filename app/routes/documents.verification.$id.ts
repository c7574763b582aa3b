import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireViewer } from "~/auth/guards.server";
import { openStoredDocument } from "~/commands/verification.server";
import { getDb } from "~/db.server";
import { getVerificationDocument } from "~/queries/verification.server";
import { privateDownload } from "~/storage/files.server";

const ParamsSchema = z.object({ id: z.string().uuid() });

/**
 * Streams a verification document. Documents are private: only their owner, or an administrator (an
 * active admin context that may verify users), may download one; anyone else gets 404, as if it did
 * not exist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  const document = await getVerificationDocument(await getDb(), parsed.data.id);
  const admin = viewer.context?.contextType === "admin" && viewer.permissions?.can_verify_users === true;
  if (!document || (document.userId !== viewer.user.id && !admin)) {
    throw new Response("Not found", { status: 404 });
  }
  let file: Awaited<ReturnType<typeof openStoredDocument>>;
  try {
    file = await openStoredDocument(document.storageKey);
  } catch {
    throw new Response("Not found", { status: 404 });
  }
  return privateDownload(file, { fileName: document.fileName, contentType: document.contentType });
}
