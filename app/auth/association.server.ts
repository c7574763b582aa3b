import { preparedPerDatabase } from "@db/prepared";
import { associationMembers, associations } from "@db/schema";
import type { BoardOffice, MemberRole } from "@domain/associations";
import { json, redirect } from "@remix-run/node";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db.server";
import { activeAssociationIdOf } from "~/queries/associations.server";
import { type ActiveViewer, forbidden, pageNotFound, requireContext } from "./guards.server";
import { namesRecordOutside } from "./named-record.server";
import { oncePerRequest } from "./request-scope.server";

/**
 * Association scoping (DESIGN.md, "Associations"): every association-scoped loader and action starts
 * here. The association comes from the signed-in person's own active membership, never from a form
 * field alone: a URL or form may name an association, but a person who is not an active member of it
 * gets 404, so ids reveal nothing. A member whose role may not use the page gets 403 (refuseRole),
 * unless the address names a record outside their association: that is the outsider's 404.
 */

export interface AssociationMembership {
  associationId: string;
  associationName: string;
  memberId: string;
  memberRole: MemberRole;
  boardOffice: BoardOffice | null;
  unit: string | null;
}

export interface ActiveAssociation {
  id: string;
  name: string;
  propertyType: string;
  timeZone: string;
  fiscalYearStartMonth: number;
  currency: string;
  unitCount: number;
  boardSeats: number;
  quorumMinimum: number | null;
}

export interface AssociationViewer extends ActiveViewer {
  association: ActiveAssociation;
  membership: AssociationMembership;
  /** Every association the person is an active member of, for the switcher. */
  memberships: AssociationMembership[];
}

/** The statement behind getMemberships (every signed-in page runs it), built once per handle. */
const membershipsOf = preparedPerDatabase((db) =>
  db
    .select({
      associationId: associationMembers.associationId,
      associationName: associations.name,
      memberId: associationMembers.id,
      memberRole: associationMembers.memberRole,
      boardOffice: associationMembers.boardOffice,
      unit: associationMembers.unit,
    })
    .from(associationMembers)
    .innerJoin(associations, eq(associations.id, associationMembers.associationId))
    .where(
      and(eq(associationMembers.userId, sql.placeholder("userId")), eq(associationMembers.status, "active")),
    )
    .orderBy(asc(associationMembers.createdAt), asc(associations.name))
    .prepare("memberships_of"),
);

/**
 * The person's active memberships, oldest first: loaded once per request (./request-scope.server), as
 * the shell, the page's guard and the page itself each ask for them.
 */
export function getMemberships(userId: string): Promise<AssociationMembership[]> {
  return oncePerRequest(`memberships:${userId}`, async () => {
    const rows = await membershipsOf(await getDb()).execute({ userId });
    return rows.map((r) => ({
      ...r,
      memberRole: r.memberRole as MemberRole,
      boardOffice: (r.boardOffice as BoardOffice | null) ?? null,
    }));
  });
}

/**
 * The person's memberships and the one they work in: the profile's choice while it is still a
 * membership, else the oldest (undefined when they belong to none). Once per request, like
 * getMemberships; the shell's switcher and findAssociation both decide the active association here.
 */
export async function activeMembershipOf(userId: string) {
  const [memberships, chosen] = await Promise.all([
    getMemberships(userId),
    oncePerRequest(`active-association:${userId}`, async () => activeAssociationIdOf(await getDb(), userId)),
  ]);
  const membership = memberships.find((m) => m.associationId === chosen) ?? memberships[0];
  return { memberships, membership };
}

/**
 * The association this request works in, or null when the person belongs to none: `associationId`
 * when given (404 unless the person is an active member), else the person's active association (the
 * profile's choice while it is still a membership, else the oldest membership).
 */
export async function findAssociation(
  viewer: ActiveViewer,
  associationId?: string,
): Promise<AssociationViewer | null> {
  let memberships: AssociationMembership[];
  let membership: AssociationMembership | undefined;
  if (associationId !== undefined) {
    memberships = await getMemberships(viewer.user.id);
    membership = memberships.find((m) => m.associationId === associationId);
    if (!membership) pageNotFound();
  } else {
    ({ memberships, membership } = await activeMembershipOf(viewer.user.id));
  }
  if (!membership) return null;
  const association = await associationById(membership.associationId);
  if (!association) pageNotFound();
  return { ...viewer, association, membership, memberships };
}

/** An association as the scoped pages use it, or undefined when there is none with this id. */
export async function associationById(id: string): Promise<ActiveAssociation | undefined> {
  const db = await getDb();
  const [association] = await db
    .select({
      id: associations.id,
      name: associations.name,
      propertyType: associations.propertyType,
      timeZone: associations.timeZone,
      fiscalYearStartMonth: associations.fiscalYearStartMonth,
      currency: associations.currency,
      unitCount: associations.unitCount,
      boardSeats: associations.boardSeats,
      quorumMinimum: associations.quorumMinimum,
    })
    .from(associations)
    .where(eq(associations.id, id));
  return association;
}

/**
 * A signed-in member of the active association (or of `associationId`), whose member role is one of
 * `roles` when given. A person in no association is sent to /properties to create or join one.
 */
export async function requireAssociation(
  request: Request,
  options: { roles?: readonly MemberRole[]; associationId?: string } = {},
): Promise<AssociationViewer> {
  const viewer = await requireContext(request);
  const scoped = await findAssociation(viewer, options.associationId);
  if (!scoped) throw redirect("/properties");
  if (options.roles && !options.roles.includes(scoped.membership.memberRole))
    await refuseRole(request, scoped);
  return scoped;
}

/**
 * Refuses a member of the association whose role may not use the page (issue 26): 403 inside their
 * association; but an address naming a record of another association, or one that does not exist, is
 * the 404 anyone outside gets, so a homeowner learns no more from an id than an outsider does.
 */
export async function refuseRole(request: Request, viewer: AssociationViewer): Promise<never> {
  if (await namesRecordOutside(await getDb(), request, viewer.association.id)) pageNotFound();
  forbidden();
}

/**
 * An association page guard for a JSON endpoint: what a page answers with a redirect (not signed in,
 * no association yet) is a 401 or 403 `{ error }` here (`noAssociation` names what needs one), and
 * every other refusal keeps its status with an `{ error }` body.
 */
export async function asApiGuard<T>(guard: () => Promise<T>, noAssociation: string): Promise<T> {
  try {
    return await guard();
  } catch (thrown) {
    if (thrown instanceof Response) {
      if (thrown.status >= 300 && thrown.status < 400) {
        const location = thrown.headers.get("Location") ?? "";
        if (location.startsWith("/auth/sign-in")) throw json({ error: "Please sign in" }, { status: 401 });
        throw json(
          {
            error: location.startsWith("/properties")
              ? noAssociation
              : "Finish setting up your account first",
          },
          { status: 403 },
        );
      }
      if (thrown.status === 404) throw json({ error: "Not found" }, { status: 404 });
      if (thrown.status === 403)
        throw json({ error: "You do not have permission to do this." }, { status: 403 });
    }
    throw thrown;
  }
}
