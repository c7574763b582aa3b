import { json } from "@remix-run/node";
import { requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { listCertificates } from "~/queries/learning-certificates.server";

/** /learning-hub/certifications (issue 30, part 5): the person's own certificates. */
export async function certificationsLoader(request: Request) {
  const viewer = await requireViewer(request);
  return json({ certificates: await listCertificates(await getDb(), viewer.user.id) });
}
