import { TZDate } from "@date-fns/tz";
import type { Queryable } from "@db/client";
import {
  associationMembers,
  meetingActionItems,
  meetingAgendaItems,
  meetingAttendees,
  meetingMotions,
  meetings,
  userProfiles,
  users,
} from "@db/schema";
import {
  averageAttendance,
  MEETING_STATUSES,
  MEETING_TYPES,
  type MeetingStatus,
  type MeetingType,
} from "@domain/meeting";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";

/**
 * Board room reads (issue 12): from the meeting projections, always within one association (the
 * caller's, from requireAssociation). Only the columns the pages need.
 */

export interface MeetingFilters {
  search?: string;
  status?: MeetingStatus;
  meetingType?: MeetingType;
}

/** Parses the dashboard's and the API's filters from a URL (unknown values are ignored). */
export function meetingFilters(url: URL): MeetingFilters {
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 200);
  const status = url.searchParams.get("status") ?? "";
  const type = url.searchParams.get("meeting_type") ?? url.searchParams.get("type") ?? "";
  return {
    search: search || undefined,
    status: (MEETING_STATUSES as readonly string[]).includes(status) ? (status as MeetingStatus) : undefined,
    meetingType: (MEETING_TYPES as readonly string[]).includes(type) ? (type as MeetingType) : undefined,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const listColumns = {
  id: meetings.id,
  title: meetings.title,
  description: meetings.description,
  meetingType: meetings.meetingType,
  status: meetings.status,
  startTime: meetings.startTime,
  endTime: meetings.endTime,
  location: meetings.location,
  meetingUrl: meetings.meetingUrl,
  attendeeCount: meetings.attendeeCount,
  presentCount: meetings.presentCount,
  minutesStatus: meetings.minutesStatus,
  cancelReason: meetings.cancelReason,
  createdAt: meetings.createdAt,
  updatedAt: meetings.updatedAt,
};
const live = (associationId: string) =>
  and(eq(meetings.associationId, associationId), isNull(meetings.deletedAt));

/** The association's meetings, newest start first, filtered by search (title, description, location). */
export async function listMeetings(db: Queryable, associationId: string, filters: MeetingFilters = {}) {
  const conditions = [live(associationId)];
  if (filters.status) conditions.push(eq(meetings.status, filters.status));
  if (filters.meetingType) conditions.push(eq(meetings.meetingType, filters.meetingType));
  if (filters.search) {
    const like = `%${escapeLike(filters.search)}%`;
    conditions.push(
      or(
        ilike(meetings.title, like),
        ilike(meetings.description, like),
        ilike(meetings.location, like),
      ) as ReturnType<typeof eq>,
    );
  }
  return db
    .select(listColumns)
    .from(meetings)
    .where(and(...conditions))
    .orderBy(desc(meetings.startTime))
    .limit(200);
}

/** The dashboard's four figures and the next meeting (spec 001 section 2.8). */
export async function boardRoomSummary(db: Queryable, associationId: string, now: Date, timeZone: string) {
  const nowIso = now.toISOString();
  const year = new TZDate(now.getTime(), timeZone).getFullYear();
  const yearStart = new Date(new TZDate(year, 0, 1, 0, 0, 0, timeZone).getTime()).toISOString();
  const nextYearStart = new Date(new TZDate(year + 1, 0, 1, 0, 0, 0, timeZone).getTime()).toISOString();
  const [upcoming, thisYear, attended, openItems, next] = await Promise.all([
    db
      .select({ n: count() })
      .from(meetings)
      .where(and(live(associationId), eq(meetings.status, "scheduled"), gte(meetings.startTime, nowIso))),
    db
      .select({ n: count() })
      .from(meetings)
      .where(
        and(
          live(associationId),
          ne(meetings.status, "cancelled"),
          gte(meetings.startTime, yearStart),
          lt(meetings.startTime, nextYearStart),
        ),
      ),
    db
      .select({ present: meetings.presentCount, attendees: meetings.attendeeCount })
      .from(meetings)
      .where(and(live(associationId), eq(meetings.status, "completed"))),
    db
      .select({ n: count() })
      .from(meetingActionItems)
      .innerJoin(meetings, eq(meetings.id, meetingActionItems.meetingId))
      .where(and(live(associationId), ne(meetingActionItems.status, "completed"))),
    db
      .select(listColumns)
      .from(meetings)
      .where(and(live(associationId), eq(meetings.status, "scheduled"), gte(meetings.startTime, nowIso)))
      .orderBy(asc(meetings.startTime))
      .limit(1),
  ]);
  return {
    upcoming: upcoming[0]?.n ?? 0,
    thisYear: thisYear[0]?.n ?? 0,
    averageAttendance: averageAttendance(attended),
    openActionItems: openItems[0]?.n ?? 0,
    next: next[0] ?? null,
  };
}

/**
 * A live meeting's association and title, whichever association it belongs to, or undefined. Only for
 * the board room's guard (openOrOfferSwitch in app/auth/board-room.server.ts), which decides whether the
 * person may learn even that much.
 */
export async function meetingAssociation(db: Queryable, meetingId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(meetingId)) return undefined;
  const [row] = await db
    .select({
      associationId: meetings.associationId,
      title: meetings.title,
      minutesApproved: sql<boolean>`${meetings.minutesStatus} = 'approved'`,
      minutesShared: sql<boolean>`${meetings.minutesSharedAt} is not null`,
    })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), isNull(meetings.deletedAt)));
  return row;
}

/** One meeting of the association with its agenda, attendees, motions and action items; null if none. */
export async function meetingDetail(db: Queryable, associationId: string, meetingId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(meetingId)) return null;
  const [meeting] = await db
    .select({
      ...listColumns,
      version: meetings.version,
      minutesContent: meetings.minutesContent,
      minutesApprovedAt: meetings.minutesApprovedAt,
      minutesSharedAt: meetings.minutesSharedAt,
    })
    .from(meetings)
    .where(and(live(associationId), eq(meetings.id, meetingId)));
  if (!meeting) return null;
  const [agenda, attendees, motions, actionItems] = await Promise.all([
    db
      .select({
        id: meetingAgendaItems.id,
        title: meetingAgendaItems.title,
        description: meetingAgendaItems.description,
        itemType: meetingAgendaItems.itemType,
        durationMinutes: meetingAgendaItems.durationMinutes,
        assignedTo: meetingAgendaItems.assignedTo,
        position: meetingAgendaItems.position,
      })
      .from(meetingAgendaItems)
      .where(eq(meetingAgendaItems.meetingId, meetingId))
      .orderBy(asc(meetingAgendaItems.position)),
    db
      .select({
        id: meetingAttendees.id,
        userId: meetingAttendees.userId,
        email: meetingAttendees.email,
        fullName: meetingAttendees.fullName,
        role: meetingAttendees.role,
        attendance: meetingAttendees.attendance,
        response: meetingAttendees.response,
      })
      .from(meetingAttendees)
      .where(eq(meetingAttendees.meetingId, meetingId))
      .orderBy(asc(meetingAttendees.position)),
    db
      .select({
        id: meetingMotions.id,
        motion: meetingMotions.motion,
        movedBy: meetingMotions.movedBy,
        secondedBy: meetingMotions.secondedBy,
        voteResult: meetingMotions.voteResult,
        votesFor: meetingMotions.votesFor,
        votesAgainst: meetingMotions.votesAgainst,
        votesAbstain: meetingMotions.votesAbstain,
        quorumPresent: meetingMotions.quorumPresent,
        quorumRequired: meetingMotions.quorumRequired,
        rfpId: meetingMotions.rfpId,
        proposalId: meetingMotions.proposalId,
      })
      .from(meetingMotions)
      .where(eq(meetingMotions.meetingId, meetingId))
      .orderBy(asc(meetingMotions.position)),
    db
      .select({
        id: meetingActionItems.id,
        description: meetingActionItems.description,
        assigneeId: meetingActionItems.assigneeId,
        assigneeName: meetingActionItems.assigneeName,
        dueDate: meetingActionItems.dueDate,
        status: meetingActionItems.status,
      })
      .from(meetingActionItems)
      .where(eq(meetingActionItems.meetingId, meetingId))
      .orderBy(asc(meetingActionItems.dueDate), asc(meetingActionItems.createdAt)),
  ]);
  return { meeting, agenda, attendees, motions, actionItems };
}
export type MeetingDetail = NonNullable<Awaited<ReturnType<typeof meetingDetail>>>;

/** The association's board members and managers: who an action item may be assigned to. */
export async function assignableMembers(db: Queryable, associationId: string) {
  const rows = await db
    .select({
      userId: associationMembers.userId,
      email: users.email,
      fullName: userProfiles.fullName,
      displayName: userProfiles.displayName,
    })
    .from(associationMembers)
    .innerJoin(users, eq(users.id, associationMembers.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, associationMembers.userId))
    .where(
      and(
        eq(associationMembers.associationId, associationId),
        eq(associationMembers.status, "active"),
        inArray(associationMembers.memberRole, ["board_member", "property_manager"]),
      ),
    )
    .orderBy(asc(associationMembers.createdAt));
  return rows.map((r) => ({
    userId: r.userId,
    name: r.fullName?.trim() || r.displayName?.trim() || r.email,
  }));
}

/** The person's action items in the association, open ones first, by due date. */
export async function myActionItems(db: Queryable, associationId: string, userId: string) {
  return db
    .select({
      id: meetingActionItems.id,
      meetingId: meetingActionItems.meetingId,
      meetingTitle: meetings.title,
      description: meetingActionItems.description,
      dueDate: meetingActionItems.dueDate,
      status: meetingActionItems.status,
    })
    .from(meetingActionItems)
    .innerJoin(meetings, eq(meetings.id, meetingActionItems.meetingId))
    .where(and(live(associationId), eq(meetingActionItems.assigneeId, userId)))
    .orderBy(
      sql`case when ${meetingActionItems.status} = 'completed' then 1 else 0 end`,
      asc(meetingActionItems.dueDate),
    );
}

/** Approved minutes the board shared with the association's homeowners, newest meeting first. */
export async function sharedMinutesList(db: Queryable, associationId: string) {
  return db
    .select({
      id: meetings.id,
      title: meetings.title,
      meetingType: meetings.meetingType,
      startTime: meetings.startTime,
      endTime: meetings.endTime,
      approvedAt: meetings.minutesApprovedAt,
    })
    .from(meetings)
    .where(
      and(
        live(associationId),
        eq(meetings.minutesStatus, "approved"),
        sql`${meetings.minutesSharedAt} is not null`,
      ),
    )
    .orderBy(desc(meetings.startTime));
}

/** One meeting's shared minutes (content, motions, action items), or null when not shared. */
export async function sharedMinutes(db: Queryable, associationId: string, meetingId: string) {
  const detail = await meetingDetail(db, associationId, meetingId);
  if (detail?.meeting.minutesStatus !== "approved" || !detail.meeting.minutesSharedAt) return null;
  return detail;
}
