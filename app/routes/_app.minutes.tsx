import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAssociation } from "~/auth/association.server";
import { getDb } from "~/db.server";
import { meetingWhen } from "~/queries/meeting-present.server";
import { sharedMinutesList } from "~/queries/meetings.server";

export const meta: MetaFunction = () => [{ title: "Meeting Minutes · Association Commons" }];

/**
 * /minutes (issue 12): the approved minutes the board shared with the association, for every member
 * (homeowners included), read-only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireAssociation(request);
  const rows = await sharedMinutesList(await getDb(), viewer.association.id);
  const tz = viewer.association.timeZone;
  return json({
    association: viewer.association.name,
    minutes: rows.map((m) => ({ id: m.id, title: m.title, when: meetingWhen(m.startTime, m.endTime, tz) })),
  });
}

export default function SharedMinutes() {
  const { association, minutes } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div>
        <h1 className="text-3xl font-semibold">Meeting Minutes</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{association}</p>
      </div>
      {minutes.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <p className="text-lg font-semibold">No minutes have been shared yet.</p>
        </div>
      ) : (
        <ul className="space-y-2">
          {minutes.map((m) => (
            <li
              key={m.id}
              className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              data-testid="shared-minutes"
            >
              <Link
                to={`/minutes/${m.id}`}
                className="font-semibold text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
              >
                {m.title}
              </Link>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{m.when}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
