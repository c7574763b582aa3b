import { parseWithZod } from "@conform-to/zod";
import { ASSOCIATION_LIMITS, ASSOCIATION_MESSAGES, propertyTypeLabel } from "@domain/associations";
import { JoinRequestSchema } from "@domain/associations/forms";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireContext } from "~/auth/guards.server";
import { requestToJoin } from "~/commands/associations.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { listMyJoinRequests, searchAssociationsToJoin } from "~/queries/associations.server";

/**
 * A homeowner finds their association by name or city and asks to join with their unit (issue 12,
 * section 1); a board member or the manager approves on the association's page.
 */
export async function joinLoader({ request }: LoaderFunctionArgs) {
  const viewer = await requireContext(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, ASSOCIATION_LIMITS.searchMax);
  const db = await getDb();
  const [results, requests] = await Promise.all([
    searchAssociationsToJoin(db, viewer.user.id, q),
    listMyJoinRequests(db, viewer.user.id),
  ]);
  const requested = new Set(requests.map((r) => r.associationId));
  return json({
    q,
    results: results.map((r) => ({
      ...r,
      propertyTypeLabel: propertyTypeLabel(r.propertyType),
      requested: requested.has(r.id),
    })),
  });
}

export async function joinAction({ request }: ActionFunctionArgs) {
  const viewer = await requireContext(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: JoinRequestSchema });
  if (submission.status !== "success") {
    // The association is a hidden field: its error is the form's, shown beside the unit's.
    const associationErrors = submission.error?.association_id;
    return json(
      {
        associationId: String(submission.payload.association_id ?? ""),
        result: submission.reply(associationErrors ? { formErrors: associationErrors } : {}),
      },
      { status: 400 },
    );
  }
  const { association_id: associationId, unit } = submission.value;
  const outcome = await once(request, viewer.user.id, formData, (db) =>
    requestToJoin(db, associationId, viewer.user.id, unit),
  );
  if (!outcome.ok) {
    return json(
      { associationId, result: submission.reply({ formErrors: [outcome.error.message] }) },
      { status: domainErrorStatus(outcome.error.kind) },
    );
  }
  return redirectWithFlash("/properties", { tone: "success", message: ASSOCIATION_MESSAGES.requestSent });
}
