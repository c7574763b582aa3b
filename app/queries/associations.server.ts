import type { Queryable } from "@db/client";
import { preparedPerDatabase } from "@db/prepared";
import {
  associationInvitations,
  associationMembers,
  associations,
  meetingActionItems,
  meetings,
  userProfiles,
  users,
} from "@db/schema";
import {
  ASSOCIATION_LIMITS,
  type BoardOffice,
  MEMBER_ROLES,
  type MemberRole,
  mayManageAssociation,
} from "@domain/associations";
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { AssociationMembership } from "~/auth/association.server";
import { meetingWhen } from "~/queries/meeting-present.server";

/**
 * Association reads (issue 12, section 1). Callers have scoped the association through
 * app/auth/association.server.ts (requireAssociation / findAssociation / getMemberships): these only
 * select, and only the columns a page needs.
 */

export interface AssociationFigures {
  associationId: string;
  name: string;
  propertyType: string;
  city: string | null;
  state: string | null;
  unitCount: number;
  membersByRole: Record<MemberRole, number>;
  /** Only for people who run the association (board members, managers); null otherwise. */
  pendingJoinRequests: number | null;
  pendingInvitations: number | null;
}

const zeroRoles = (): Record<MemberRole, number> =>
  Object.fromEntries(MEMBER_ROLES.map((r) => [r, 0])) as Record<MemberRole, number>;

/** The key figures of the person's associations (Properties Overview), in membership order. */
export async function associationFigures(
  db: Queryable,
  memberships: readonly AssociationMembership[],
): Promise<AssociationFigures[]> {
  const ids = memberships.map((m) => m.associationId);
  if (ids.length === 0) return [];
  const [rows, roleCounts, requestCounts, invitationCounts] = await Promise.all([
    db
      .select({
        id: associations.id,
        name: associations.name,
        propertyType: associations.propertyType,
        city: associations.city,
        state: associations.state,
        unitCount: associations.unitCount,
      })
      .from(associations)
      .where(inArray(associations.id, ids)),
    db
      .select({
        associationId: associationMembers.associationId,
        memberRole: associationMembers.memberRole,
        n: count(),
      })
      .from(associationMembers)
      .where(and(inArray(associationMembers.associationId, ids), eq(associationMembers.status, "active")))
      .groupBy(associationMembers.associationId, associationMembers.memberRole),
    db
      .select({ associationId: associationMembers.associationId, n: count() })
      .from(associationMembers)
      .where(and(inArray(associationMembers.associationId, ids), eq(associationMembers.status, "requested")))
      .groupBy(associationMembers.associationId),
    db
      .select({ associationId: associationInvitations.associationId, n: count() })
      .from(associationInvitations)
      .where(and(inArray(associationInvitations.associationId, ids), waitingInvitation()))
      .groupBy(associationInvitations.associationId),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return memberships.flatMap((m) => {
    const a = byId.get(m.associationId);
    if (!a) return [];
    const membersByRole = zeroRoles();
    for (const c of roleCounts) {
      if (c.associationId === a.id) membersByRole[c.memberRole as MemberRole] = Number(c.n);
    }
    const manages = mayManageAssociation(m.memberRole);
    const countOf = (list: { associationId: string; n: number }[]) =>
      Number(list.find((c) => c.associationId === a.id)?.n ?? 0);
    return [
      {
        associationId: a.id,
        name: a.name,
        propertyType: a.propertyType,
        city: a.city,
        state: a.state,
        unitCount: a.unitCount,
        membersByRole,
        pendingJoinRequests: manages ? countOf(requestCounts) : null,
        pendingInvitations: manages ? countOf(invitationCounts) : null,
      },
    ];
  });
}

/**
 * The board room's figures for the Properties Overview: the next scheduled meeting (in the
 * association's time zone) and the open action items of each association, read from the meeting
 * projections. Callers pass only the associations the person helps run (board members and managers).
 */
export interface BoardRoomFigures {
  nextMeetingAt: string | null;
  openActionItems: number;
}

export async function boardRoomFiguresFor(
  db: Queryable,
  associationIds: readonly string[],
): Promise<Map<string, BoardRoomFigures>> {
  const figures = new Map<string, BoardRoomFigures>();
  if (associationIds.length === 0) return figures;
  const ids = [...associationIds];
  const [next, open] = await Promise.all([
    db
      .selectDistinctOn([meetings.associationId], {
        associationId: meetings.associationId,
        startTime: meetings.startTime,
        endTime: meetings.endTime,
        timeZone: associations.timeZone,
      })
      .from(meetings)
      .innerJoin(associations, eq(associations.id, meetings.associationId))
      .where(
        and(
          inArray(meetings.associationId, ids),
          eq(meetings.status, "scheduled"),
          isNull(meetings.deletedAt),
          gt(meetings.startTime, sql`now()`),
        ),
      )
      .orderBy(meetings.associationId, asc(meetings.startTime)),
    db
      .select({ associationId: meetingActionItems.associationId, n: count() })
      .from(meetingActionItems)
      .where(
        and(
          inArray(meetingActionItems.associationId, ids),
          notInArray(meetingActionItems.status, ["completed"]),
        ),
      )
      .groupBy(meetingActionItems.associationId),
  ]);
  for (const id of ids) figures.set(id, { nextMeetingAt: null, openActionItems: 0 });
  for (const row of next) {
    const f = figures.get(row.associationId);
    if (f) f.nextMeetingAt = meetingWhen(row.startTime, row.endTime, row.timeZone);
  }
  for (const row of open) {
    const f = figures.get(row.associationId);
    if (f) f.openActionItems = Number(row.n);
  }
  return figures;
}

/** An invitation still waiting: neither accepted nor withdrawn, and not expired. */
const waitingInvitation = () =>
  and(
    isNull(associationInvitations.acceptedAt),
    isNull(associationInvitations.revokedAt),
    gt(associationInvitations.expiresAt, sql`now()`),
  );

export async function getAssociationDetails(db: Queryable, associationId: string) {
  const [row] = await db
    .select({
      id: associations.id,
      name: associations.name,
      propertyType: associations.propertyType,
      addressLine: associations.addressLine,
      city: associations.city,
      state: associations.state,
      zip: associations.zip,
      unitCount: associations.unitCount,
      timeZone: associations.timeZone,
      fiscalYearStartMonth: associations.fiscalYearStartMonth,
      boardSeats: associations.boardSeats,
      quorumMinimum: associations.quorumMinimum,
    })
    .from(associations)
    .where(eq(associations.id, associationId));
  return row ?? null;
}

export interface MemberRow {
  id: string;
  userId: string;
  name: string;
  email: string;
  memberRole: MemberRole;
  boardOffice: BoardOffice | null;
  unit: string | null;
  status: string;
  joinedAt: string | null;
  createdAt: string;
}

/** The association's members (active) and requests (requested), board first. */
export async function listAssociationMembers(db: Queryable, associationId: string): Promise<MemberRow[]> {
  const rows = await db
    .select({
      id: associationMembers.id,
      userId: associationMembers.userId,
      fullName: userProfiles.fullName,
      email: users.email,
      memberRole: associationMembers.memberRole,
      boardOffice: associationMembers.boardOffice,
      unit: associationMembers.unit,
      status: associationMembers.status,
      joinedAt: associationMembers.joinedAt,
      createdAt: associationMembers.createdAt,
    })
    .from(associationMembers)
    .innerJoin(users, eq(users.id, associationMembers.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, associationMembers.userId))
    .where(eq(associationMembers.associationId, associationId))
    .orderBy(
      sql`case ${associationMembers.memberRole} when 'board_member' then 0 when 'property_manager' then 1 else 2 end`,
      asc(associationMembers.createdAt),
    );
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    name: r.fullName?.trim() || r.email,
    email: r.email,
    memberRole: r.memberRole as MemberRole,
    boardOffice: (r.boardOffice as BoardOffice | null) ?? null,
    unit: r.unit,
    status: r.status,
    joinedAt: r.joinedAt,
    createdAt: r.createdAt,
  }));
}

/** Invitations still waiting, newest first. */
export async function listWaitingInvitations(db: Queryable, associationId: string) {
  return db
    .select({
      id: associationInvitations.id,
      email: associationInvitations.email,
      memberRole: associationInvitations.memberRole,
      boardOffice: associationInvitations.boardOffice,
      unit: associationInvitations.unit,
      expiresAt: associationInvitations.expiresAt,
    })
    .from(associationInvitations)
    .where(and(eq(associationInvitations.associationId, associationId), waitingInvitation()))
    .orderBy(desc(associationInvitations.createdAt));
}

export const ASSOCIATION_SEARCH_LIMIT = 20;

/**
 * Associations a person may ask to join, by name or city (the join page): not those they already
 * belong to or asked to join; each with whether a request is waiting.
 */
export async function searchAssociationsToJoin(db: Queryable, userId: string, q: string) {
  const query = q.trim().slice(0, ASSOCIATION_LIMITS.searchMax);
  if (!query) return [];
  const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const mine = db
    .select({ id: associationMembers.associationId })
    .from(associationMembers)
    .where(and(eq(associationMembers.userId, userId), eq(associationMembers.status, "active")));
  return db
    .select({
      id: associations.id,
      name: associations.name,
      propertyType: associations.propertyType,
      city: associations.city,
      state: associations.state,
      unitCount: associations.unitCount,
    })
    .from(associations)
    .where(
      and(
        or(ilike(associations.name, like), ilike(associations.city, like)),
        notInArray(associations.id, mine),
      ),
    )
    .orderBy(asc(associations.name))
    .limit(ASSOCIATION_SEARCH_LIMIT);
}

/** The associations the person asked to join and that have not decided yet. */
export async function listMyJoinRequests(db: Queryable, userId: string) {
  return db
    .select({ associationId: associations.id, name: associations.name, unit: associationMembers.unit })
    .from(associationMembers)
    .innerJoin(associations, eq(associations.id, associationMembers.associationId))
    .where(and(eq(associationMembers.userId, userId), eq(associationMembers.status, "requested")))
    .orderBy(asc(associations.name));
}

/** The active association the profile names (null: none chosen). */
export async function activeAssociationIdOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await activeAssociationOf(db).execute({ userId });
  return row?.id ?? null;
}

/** The statement behind activeAssociationIdOf (every signed-in page runs it), built once per handle. */
const activeAssociationOf = preparedPerDatabase((db) =>
  db
    .select({ id: userProfiles.activeAssociationId })
    .from(userProfiles)
    .where(eq(userProfiles.id, sql.placeholder("userId")))
    .prepare("active_association_of"),
);
