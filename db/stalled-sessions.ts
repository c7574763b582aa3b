import { sql } from "drizzle-orm";
import { type Queryable, queryRows } from "./client";
import { APPLICATION_NAME } from "./pool";

/** A session waiting this long for its client in the middle of a statement is stalled. */
export const STALLED_SESSION_SECONDS = 5;

export interface TerminatedSession {
  pid: number;
  query: string;
  stalledSeconds: number;
}

/**
 * Ends the app's PostgreSQL sessions that have waited more than `seconds` for their client in the middle
 * of a statement (state active, wait event ClientRead: the server has part of an extended-protocol
 * exchange, such as Parse and Describe, and waits for the rest). A client never leaves a statement half
 * sent on purpose; under terminated backends postgres-js was seen to do so (decision 018, amendment of
 * issue 28), and the session then waited forever, holding its transaction's locks, with the request
 * that sent it. Ending the session fails that request's statement with CONNECTION_CLOSED (a 503) and
 * the pool opens a new connection. COPY FROM STDIN, which waits on its client by design, is left alone.
 */
export async function terminateStalledSessions(
  db: Queryable,
  seconds = STALLED_SESSION_SECONDS,
): Promise<TerminatedSession[]> {
  return queryRows<TerminatedSession>(
    db,
    // Chosen first (materialized), ended after: a condition beside pg_terminate_backend in one WHERE
    // may be evaluated after it.
    sql`with stalled as materialized (
          select pid, left(query, 200) as query, extract(epoch from now() - state_change)::float8 as stalled
          from pg_stat_activity
          where datname = current_database()
            and application_name = ${APPLICATION_NAME}
            and pid <> pg_backend_pid()
            and state = 'active' and wait_event_type = 'Client' and wait_event = 'ClientRead'
            and state_change < now() - make_interval(secs => ${seconds})
            and query !~* '^\\s*copy\\s')
        select pid, query as "query", stalled as "stalledSeconds" from stalled where pg_terminate_backend(pid)`,
  );
}
