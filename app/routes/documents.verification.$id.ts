import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { z } from "zod";
import { requireViewer } from "~/auth/guards.server";
import { openStoredDocument } from "~/commands/verification.server";
import { getDb } from "~/db.server";
import { getVerificationDocument } from "~/queries/verification.server";

const ParamsSchema = z.object({ id: z.string().uuid() });

/** An RFC 6266 Content-Disposition for a user-supplied file name (ASCII fallback plus UTF-8). */
function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

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
  return new Response(createReadableStreamFromReadable(file.stream), {
    headers: {
      "Content-Type": document.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(document.fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}
