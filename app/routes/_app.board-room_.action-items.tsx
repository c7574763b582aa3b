import {
  ACTION_ITEM_STATUS_LABELS,
  ACTION_ITEM_STATUSES,
  isOverdue,
  MEETING_MESSAGES,
  meetingMinutesUrl,
} from "@domain/meeting";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { meetingActor, requireBoardRoom } from "~/auth/board-room.server";
import { changeMeeting } from "~/commands/meetings.server";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { ArrowLeft } from "~/components/ui/icons";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, parseSubmission } from "~/forms.server";
import { todayIn } from "~/queries/meeting-present.server";
import { myActionItems } from "~/queries/meetings.server";

export const meta: MetaFunction = () => [{ title: "My Action Items · Board Room · Association Commons" }];

/** /board-room/action-items: the signed-in person's action items in the active association (issue 12). */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireBoardRoom(request);
  const today = todayIn(viewer.association.timeZone);
  const items = await myActionItems(await getDb(), viewer.association.id, viewer.user.id);
  return json({
    association: viewer.association.name,
    items: items.map((i) => ({
      ...i,
      statusLabel: ACTION_ITEM_STATUS_LABELS[i.status],
      overdue: isOverdue(i, today),
      next: ACTION_ITEM_STATUSES.filter(
        (s) => ACTION_ITEM_STATUSES.indexOf(s) > ACTION_ITEM_STATUSES.indexOf(i.status),
      ),
    })),
  });
}

const StatusSchema = z.object({
  intent: z.literal("status"),
  meeting_id: z.string().uuid(),
  action_item_id: z.string().uuid(),
  status: z.enum(ACTION_ITEM_STATUSES),
});

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireBoardRoom(request);
  const { submission } = await parseSubmission(request, StatusSchema);
  if (submission.status !== "success")
    return json({ error: MEETING_MESSAGES.actionItemNotFound }, { status: 400 });
  const v = submission.value;
  const outcome = await changeMeeting(await getDb(), {
    meetingId: v.meeting_id,
    associationId: viewer.association.id,
    actor: meetingActor(viewer),
    change: { type: "ChangeActionItemStatus", actionItemId: v.action_item_id, status: v.status },
  });
  if (!outcome.ok)
    return json({ error: outcome.error.message }, { status: domainErrorStatus(outcome.error.kind) });
  return redirectWithFlash("/board-room/action-items", { tone: "success", message: "Action item updated" });
}

export default function MyActionItems() {
  const { association, items } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <Link
        to="/board-room"
        className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to the board room
      </Link>
      <div>
        <h1 className="text-3xl font-semibold">My Action Items</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{association}</p>
      </div>
      {actionData?.error ? <Alert title={actionData.error} /> : null}
      {items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <p className="text-lg font-semibold">No action items are assigned to you.</p>
        </div>
      ) : (
        <ul className="space-y-2">
          {items.map((i) => (
            <li
              key={i.id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              data-testid="my-action-item"
            >
              <div>
                <p className="font-medium">{i.description}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  From{" "}
                  <Link
                    to={meetingMinutesUrl(i.meetingId)}
                    className="text-blue-700 underline dark:text-blue-400"
                  >
                    {i.meetingTitle}
                  </Link>{" "}
                  · due {i.dueDate} · {i.statusLabel}
                  {i.overdue ? (
                    <strong className="ml-1 text-red-700 dark:text-red-400">Overdue</strong>
                  ) : null}
                </p>
              </div>
              {i.next.length > 0 ? (
                <div className="flex flex-wrap gap-1">
                  {i.next.map((s) => (
                    <Form method="post" key={s}>
                      <input type="hidden" name="intent" value="status" />
                      <input type="hidden" name="meeting_id" value={i.meetingId} />
                      <input type="hidden" name="action_item_id" value={i.id} />
                      <input type="hidden" name="status" value={s} />
                      <button
                        type="submit"
                        className={buttonClass(
                          s === "completed" ? "primary" : "secondary",
                          "px-3 py-1 text-xs",
                        )}
                        disabled={busy}
                      >
                        {s === "completed" ? "Mark Completed" : "Start"}
                        <span className="sr-only"> {i.description}</span>
                      </button>
                    </Form>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
