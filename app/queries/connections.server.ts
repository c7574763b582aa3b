import { type Queryable, queryRows } from "@db/client";
import {
  type ConnectionState,
  type ConnectionStatus,
  type ConnectionStatusFilter,
  type ConnectionType,
  connectionState,
} from "@domain/network/connections";
import { type SQL, sql } from "drizzle-orm";
import { connectionBetween } from "./network-access.server";

/**
 * What /connections shows (spec 002 "Connections and Professional Network"; issue 28 part 3): the
 * person's connections, searched by name (case-insensitive) and filtered by type and status ON THE
 * SERVER (status pending: requests either way), the counts, the requests panel (incoming and sent)
 * and the people they blocked.
 */

export interface PersonCard {
  id: string;
  fullName: string;
  username: string | null;
  avatarUrl: string | null;
  professionalTitle: string | null;
  organization: string | null;
  summary: string | null;
  location: string | null;
}

export interface ConnectionItem {
  id: string;
  status: ConnectionStatus;
  connectionType: string;
  version: number;
  /** The viewer's side: outgoing / incoming for pending, connected for accepted. */
  state: ConnectionState;
  person: PersonCard;
  requestMessage: string | null;
  responseMessage: string | null;
  acceptedAt: string | null;
  requestedAt: string;
  mutualConnections: number;
}

export interface ConnectionFilters {
  q: string;
  type: ConnectionType | "all";
  status: ConnectionStatusFilter;
}

interface Row {
  id: string;
  requester_id: string;
  addressee_id: string;
  status: ConnectionStatus;
  connection_type: string;
  blocked_by: string | null;
  version: number;
  request_message: string | null;
  response_message: string | null;
  accepted_at: string | Date | null;
  created_at: string | Date;
  other_id: string;
  full_name: string | null;
  username: string | null;
  avatar_url: string | null;
  job_title: string | null;
  company_name: string | null;
  professional_summary: string | null;
  location: string | null;
  mutual: number;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** LIKE's wildcards taken literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function rowsOf(userId: string, where: SQL, withMutual: boolean): SQL {
  const mutual = withMutual
    ? sql`(
        select count(*)::int from (
          select case when a.requester_id = ${userId} then a.addressee_id else a.requester_id end as friend
          from connections a
          where (a.requester_id = ${userId} or a.addressee_id = ${userId}) and a.status = 'accepted'
        ) f
        join connections b on b.status = 'accepted'
          and ((b.requester_id = f.friend and b.addressee_id = x.other_id)
            or (b.addressee_id = f.friend and b.requester_id = x.other_id))
      )`
    : sql`0`;
  return sql`
    select x.*, p.full_name, p.username, p.avatar_url, p.job_title, p.company_name,
      p.professional_summary, p.location, ${mutual} as mutual
    from (
      select c.id, c.requester_id, c.addressee_id, c.status, c.connection_type, c.blocked_by, c.version,
        c.request_message, c.response_message, c.accepted_at, c.created_at,
        case when c.requester_id = ${userId} then c.addressee_id else c.requester_id end as other_id
      from connections c
      where (c.requester_id = ${userId} or c.addressee_id = ${userId})
    ) x
    join user_profiles p on p.id = x.other_id
    where ${where}`;
}

function itemOf(row: Row, userId: string): ConnectionItem {
  return {
    id: row.id,
    status: row.status,
    connectionType: row.connection_type,
    version: Number(row.version),
    state: connectionState(
      {
        requesterId: row.requester_id,
        addresseeId: row.addressee_id,
        status: row.status,
        blockedBy: row.blocked_by,
      },
      userId,
    ),
    person: {
      id: row.other_id,
      fullName: row.full_name?.trim() || "Anonymous User",
      username: row.username,
      avatarUrl: row.avatar_url,
      professionalTitle: row.job_title,
      organization: row.company_name,
      summary: row.professional_summary,
      location: row.location,
    },
    requestMessage: row.request_message,
    responseMessage: row.response_message,
    acceptedAt: iso(row.accepted_at),
    requestedAt: iso(row.created_at) as string,
    mutualConnections: Number(row.mutual),
  };
}

export interface ConnectionsPage {
  connections: ConnectionItem[];
  counts: { connections: number; pending: number };
  incoming: ConnectionItem[];
  sent: ConnectionItem[];
  blocked: ConnectionItem[];
}

/** The list (filtered), the counts and the panels, for one person. */
export async function connectionsPage(
  db: Queryable,
  userId: string,
  filters: ConnectionFilters,
): Promise<ConnectionsPage> {
  const status =
    filters.status === "connected"
      ? sql`x.status = 'accepted'`
      : filters.status === "pending"
        ? sql`x.status = 'pending'`
        : sql`x.status in ('accepted', 'pending')`;
  const type = filters.type === "all" ? sql`true` : sql`x.connection_type = ${filters.type}`;
  const q = filters.q.trim();
  const name = q === "" ? sql`true` : sql`p.full_name ilike ${likePattern(q)}`;
  const [listed, panels, counts] = await Promise.all([
    queryRows<Row>(
      db,
      sql`${rowsOf(userId, sql`${status} and ${type} and ${name}`, true)}
          order by (x.status = 'accepted') desc, coalesce(x.accepted_at, x.created_at) desc, x.id
          limit 500`,
    ),
    queryRows<Row>(
      db,
      sql`${rowsOf(userId, sql`x.status = 'pending' or (x.status = 'blocked' and x.blocked_by = ${userId})`, false)}
          order by x.created_at desc, x.id`,
    ),
    queryRows<{ connections: number; pending: number }>(
      db,
      sql`select count(*) filter (where status = 'accepted')::int as connections,
            count(*) filter (where status = 'pending')::int as pending
          from connections where requester_id = ${userId} or addressee_id = ${userId}`,
    ),
  ]);
  const panelItems = panels.map((r) => itemOf(r, userId));
  return {
    connections: listed.map((r) => itemOf(r, userId)),
    counts: { connections: Number(counts[0]?.connections ?? 0), pending: Number(counts[0]?.pending ?? 0) },
    incoming: panelItems.filter((i) => i.state === "incoming"),
    sent: panelItems.filter((i) => i.state === "outgoing"),
    blocked: panelItems.filter((i) => i.state === "blocked_by_me"),
  };
}

/** What ConnectionActions needs about the pair: the state for the viewer, the row's id and version. */
export interface PairState {
  state: ConnectionState;
  connectionId: string | null;
  version: number;
}

export async function pairState(db: Queryable, viewerId: string, otherId: string): Promise<PairState> {
  const row = await connectionBetween(db, viewerId, otherId);
  return {
    state: connectionState(row, viewerId),
    connectionId: row?.id ?? null,
    version: row?.version ?? 0,
  };
}

/** The pair states between one person and many others, in one statement (cards on a list). */
export async function pairStates(
  db: Queryable,
  viewerId: string,
  otherIds: readonly string[],
): Promise<Record<string, PairState>> {
  const ids = [...new Set(otherIds.filter((id) => id !== viewerId))];
  const result: Record<string, PairState> = {};
  for (const id of ids) result[id] = { state: "none", connectionId: null, version: 0 };
  if (ids.length === 0) return result;
  const rows = await queryRows<{
    id: string;
    requester_id: string;
    addressee_id: string;
    status: ConnectionStatus;
    blocked_by: string | null;
    version: number;
  }>(
    db,
    sql`select id, requester_id, addressee_id, status, blocked_by, version from connections
        where (requester_id = ${viewerId} and addressee_id in ${ids})
           or (addressee_id = ${viewerId} and requester_id in ${ids})`,
  );
  for (const r of rows) {
    const other = r.requester_id === viewerId ? r.addressee_id : r.requester_id;
    result[other] = {
      state: connectionState(
        {
          requesterId: r.requester_id,
          addresseeId: r.addressee_id,
          status: r.status,
          blockedBy: r.blocked_by,
        },
        viewerId,
      ),
      connectionId: r.id,
      version: Number(r.version),
    };
  }
  return result;
}
