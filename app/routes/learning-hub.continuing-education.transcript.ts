import { localDate } from "@domain/learning/continuing-education";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { ceOverview } from "~/queries/learning-ce.server";
import { renderCeTranscriptPdf } from "./learning-hub.continuing-education.transcript.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /learning-hub/continuing-education/transcript[?licence=id]: the signed-in person's CE
 * transcript as a PDF download, for one of their licences or all of them (issue 30, part 6). Another
 * person's licence, or no such licence, is 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const wanted = new URL(request.url).searchParams.get("licence");
  if (wanted !== null && !UUID.test(wanted)) pageNotFound();
  const now = new Date();
  const all = await ceOverview(await getDb(), viewer.user.id, now);
  const licences = wanted === null ? all : all.filter((l) => l.id === wanted);
  if (wanted !== null && licences.length === 0) pageNotFound();
  const pdf = await renderCeTranscriptPdf({
    holder: viewer.user.fullName || viewer.user.email,
    generatedOn: localDate(now, "UTC"),
    licences,
  });
  const file = `ce-transcript-${licences.length === 1 ? licences[0]?.shortName.replace(/\W+/g, "-").toLowerCase() : "all"}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
