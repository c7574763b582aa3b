import {
  MEMBER_ROLE_LABELS,
  MEMBER_ROLES,
  mayManageAssociation,
  membershipLabel,
  propertyTypeLabel,
} from "@domain/associations";
import { isRoleVerified } from "@domain/roles";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getMemberships } from "~/auth/association.server";
import { requireContext } from "~/auth/guards.server";
import { buttonClass } from "~/components/ui/button";
import { getDb } from "~/db.server";
import { associationFigures, boardRoomFiguresFor, listMyJoinRequests } from "~/queries/associations.server";

export const meta: MetaFunction = () => [{ title: "Properties Overview · Association Commons" }];

/**
 * Properties Overview (spec 000 sidebar; issue 12, section 1): the person's associations with their
 * key figures, Create Association for a verified board member or manager, and for a person in none
 * how to create or join one. requireAssociation sends people in no association here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireContext(request);
  const db = await getDb();
  const memberships = await getMemberships(viewer.user.id);
  const [figures, boardRoom, requests] = await Promise.all([
    associationFigures(db, memberships),
    // The board room's figures are the board's and the manager's business.
    boardRoomFiguresFor(
      db,
      memberships.filter((m) => mayManageAssociation(m.memberRole)).map((m) => m.associationId),
    ),
    listMyJoinRequests(db, viewer.user.id),
  ]);
  const mayCreate = viewer.roles.some(
    (r) =>
      (r.roleType === "board_member" || r.roleType === "manager") &&
      r.isCurrent &&
      isRoleVerified(r.verificationStatus),
  );
  return json({
    mayCreate,
    requests,
    associations: figures.map((f) => {
      const m = memberships.find((x) => x.associationId === f.associationId);
      const room = boardRoom.get(f.associationId) ?? null;
      return {
        ...f,
        propertyTypeLabel: propertyTypeLabel(f.propertyType),
        myRole: m ? membershipLabel(m) : "",
        boardRoom: room,
      };
    }),
  });
}

function Figure({ label, value, wide = false }: { label: string; value: string | number; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd
        className={wide ? "text-sm font-semibold" : "text-lg font-semibold tabular-nums"}
        data-testid={`figure-${label}`}
      >
        {value}
      </dd>
    </div>
  );
}

export default function PropertiesOverview() {
  const { associations, mayCreate, requests } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Properties Overview</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/properties/join" className={buttonClass("secondary")}>
            Join an Association
          </Link>
          {mayCreate ? (
            <Link to="/properties/new" className={buttonClass("primary")}>
              Create Association
            </Link>
          ) : null}
        </div>
      </div>
      {requests.length > 0 ? (
        <section aria-labelledby="requests-title" className="mt-4">
          <h2 id="requests-title" className="sr-only">
            Your requests to join
          </h2>
          <ul className="flex flex-col gap-2">
            {requests.map((r) => (
              <li
                key={r.associationId}
                className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950"
              >
                Your request to join <strong>{r.name}</strong> (unit {r.unit}) is waiting for a board member
                or the manager.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {associations.length === 0 ? (
        <section
          aria-labelledby="empty-title"
          className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="empty-title" className="text-xl font-semibold">
            You are not in an association yet
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-slate-600 dark:text-slate-400">
            An association (a condominium, an HOA, a cooperative) holds its board room, documents and
            calendar. Homeowners find theirs and ask to join with their unit; a board member or the manager
            approves. Someone already in it can also invite you by e-mail.
            {mayCreate
              ? " As a verified board member or property manager, you can also create one."
              : " Verified board members and property managers can create one."}
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <Link to="/properties/join" className={buttonClass(mayCreate ? "secondary" : "primary")}>
              Find your association
            </Link>
            {mayCreate ? (
              <Link to="/properties/new" className={buttonClass("primary")}>
                Create Association
              </Link>
            ) : (
              <Link to="/settings/verification" className={buttonClass("secondary")}>
                Verify your role
              </Link>
            )}
          </div>
        </section>
      ) : (
        <ul aria-label="Your associations" className="mt-6 grid gap-4 lg:grid-cols-2">
          {associations.map((a) => (
            <li
              key={a.associationId}
              data-testid="association-card"
              className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <h2 className="text-lg font-semibold">
                <Link
                  to={`/properties/${a.associationId}`}
                  className="text-blue-700 underline dark:text-blue-400"
                >
                  {a.name}
                </Link>
              </h2>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {a.propertyTypeLabel}
                {a.city ? ` · ${a.city}${a.state ? `, ${a.state}` : ""}` : ""} · You: {a.myRole}
              </p>
              <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
                <Figure label="Units" value={a.unitCount} />
                {MEMBER_ROLES.map((r) => (
                  <Figure key={r} label={`${MEMBER_ROLE_LABELS[r]}s`} value={a.membersByRole[r]} />
                ))}
                {a.pendingJoinRequests !== null ? (
                  <Figure label="Join requests" value={a.pendingJoinRequests} />
                ) : null}
                {a.pendingInvitations !== null ? (
                  <Figure label="Open invitations" value={a.pendingInvitations} />
                ) : null}
                {a.boardRoom ? (
                  <>
                    <Figure label="Next meeting" value={a.boardRoom.nextMeetingAt ?? "None scheduled"} wide />
                    <Figure label="Open action items" value={a.boardRoom.openActionItems} />
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
