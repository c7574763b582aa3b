import { mayViewRfp, RFP_MESSAGES } from "@domain/rfp";
import { isRoleVerified } from "@domain/roles";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { rfpViewer } from "~/auth/actors.server";
import type { ActiveViewer } from "~/auth/guards.server";
import { requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { getRfpDocumentForDownload } from "~/queries/rfp-wizard.server";
import { openStoredFile, privateDownload } from "~/storage/files.server";

const ParamsSchema = z.object({ id: z.string().uuid() });

const notFound = () => new Response(RFP_MESSAGES.notFound, { status: 404 });

/**
 * Streams an RFP attachment (spec 001 section 3: rfp_documents) to whoever may view the RFP: the
 * author, an admin, or a viewer the RFP's visibility admits once published (domain/rfp/access.ts).
 * Anyone else gets 404, as if the file did not exist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) throw notFound();
  const document = await getRfpDocumentForDownload(await getDb(), parsed.data.id);
  if (!document) throw notFound();
  const who =
    viewer.context && viewer.role && viewer.permissions
      ? rfpViewer(viewer as ActiveViewer)
      : {
          userId: viewer.user.id,
          isAdmin: false,
          hasVerifiedRole: viewer.roles.some((r) => r.isCurrent && isRoleVerified(r.verificationStatus)),
        };
  if (!mayViewRfp(document.access, who)) throw notFound();
  let file: Awaited<ReturnType<typeof openStoredFile>>;
  try {
    file = await openStoredFile(document.storageKey);
  } catch {
    throw notFound();
  }
  return privateDownload(file, { fileName: document.fileName, contentType: document.fileType });
}
