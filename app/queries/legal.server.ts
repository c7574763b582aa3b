import { type Queryable, queryRows } from "@db/client";
import {
  LEGAL_LIMITS,
  type LegalKind,
  type LegalStatus,
  type LibraryParams,
  pageWindow,
  placeholdersOf,
  statesMatching,
} from "@domain/legal/resources";
import { sql } from "drizzle-orm";
import { micromark } from "micromark";

/**
 * Legal Resources' reads (issue 30, part 9; decision 080). The library lists published resources only;
 * a pending or rejected one opens for its submitter and for administrators, never for anyone else.
 * Markdown is rendered by micromark, which escapes raw HTML and drops dangerous link protocols.
 */

export interface LegalCard {
  id: string;
  slug: string;
  title: string;
  kind: LegalKind;
  state: string;
  topic: string;
  summary: string;
  creditName: string | null;
}

interface CardRow {
  id: string;
  slug: string;
  title: string;
  kind: LegalKind;
  state: string;
  topic: string;
  summary: string;
  credit_name: string | null;
}

const cardOf = (r: CardRow): LegalCard => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  kind: r.kind,
  state: r.state,
  topic: r.topic,
  summary: r.summary,
  creditName: r.credit_name,
});

/** The escaped ILIKE pattern of a search (its % _ and \ are literal). */
const likeOf = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The library: published resources matching the search (every word in the title, summary or body) and
 * the filters, by title, one page at a time.
 */
export async function listLegalResources(db: Queryable, params: LibraryParams) {
  const words = params.search.split(" ").filter(Boolean).slice(0, 8);
  const states = statesMatching(params.state);
  const conditions = [sql`r.status = 'published'`];
  for (const word of words) {
    const like = likeOf(word);
    conditions.push(sql`(r.title ilike ${like} or r.summary ilike ${like} or r.body_markdown ilike ${like})`);
  }
  if (states)
    conditions.push(
      sql`r.state in (${sql.join(
        states.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (params.topic) conditions.push(sql`r.topic = ${params.topic}`);
  if (params.kind) conditions.push(sql`r.kind = ${params.kind}`);
  const where = sql.join(conditions, sql` and `);
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from legal_resources r where ${where}`,
  );
  const total = Number(count?.total ?? 0);
  const window = pageWindow(total, params.page);
  const rows =
    total === 0
      ? []
      : await queryRows<CardRow>(
          db,
          sql`select r.id, r.slug, r.title, r.kind, r.state, r.topic, r.summary, r.credit_name
              from legal_resources r where ${where}
              order by r.title, r.id
              limit ${LEGAL_LIMITS.pageSize} offset ${window.offset}`,
        );
  return { items: rows.map(cardOf), total, page: window.page, pages: window.pages };
}

export interface LegalVersionEntry {
  version: number;
  publishedAt: string;
  note: string | null;
}

export interface LegalResourceView extends LegalCard {
  status: LegalStatus;
  html: string;
  placeholders: string[];
  rejectionReason: string | null;
  publishedAt: string | null;
  mine: boolean;
  /** The current published version (decision 089), and the one shown (an earlier one with ?version=). */
  version: number;
  shownVersion: number;
  /** Published versions, newest first (empty before the first publication). */
  versions: LegalVersionEntry[];
  /** The `updated_at` an edit of a pending or rejected submission is checked against. */
  updatedAt: string;
  /** May propose (attorney) or publish (administrator) a revision: published, and theirs or a reviewer. */
  canRevise: boolean;
  /** The revision waiting for review, for its author and reviewers. */
  pendingRevision: { id: string; createdAt: string; mine: boolean } | null;
}

/**
 * A resource by slug as `viewer` may see it: published for every reader; pending or rejected only for
 * its submitter and for an administrator (`reviewer`). Anything else is null (the page's 404).
 * `version`: an earlier published version to show instead of the current one (unknown: null).
 */
export async function legalResourceView(
  db: Queryable,
  slug: string,
  viewer: { userId: string; reviewer: boolean },
  version: number | null = null,
): Promise<(LegalResourceView & { body: string }) | null> {
  const [row] = await queryRows<
    CardRow & {
      status: LegalStatus;
      body_markdown: string;
      rejection_reason: string | null;
      published_at: string | null;
      submitted_by: string | null;
      version: number;
      updated_at: string;
    }
  >(
    db,
    sql`select id, slug, title, kind, state, topic, summary, credit_name, status, body_markdown,
               rejection_reason, published_at, submitted_by, version, updated_at
        from legal_resources where slug = ${slug}`,
  );
  if (!row) return null;
  const mine = row.submitted_by !== null && row.submitted_by === viewer.userId;
  if (row.status !== "published" && !mine && !viewer.reviewer) return null;
  const [versions, revisions] = await Promise.all([
    queryRows<{ version: number; published_at: string; note: string | null }>(
      db,
      sql`select version, published_at, note from legal_resource_versions
          where resource_id = ${row.id} order by version desc limit 200`,
    ),
    mine || viewer.reviewer
      ? queryRows<{ id: string; created_at: string; proposed_by: string | null }>(
          db,
          sql`select id, created_at, proposed_by from legal_resource_revisions
              where resource_id = ${row.id} and status = 'pending'`,
        )
      : Promise.resolve([]),
  ]);
  let content = row;
  let shownVersion = row.version;
  if (version !== null && version !== row.version && row.status === "published") {
    const [old] = await queryRows<{
      title: string;
      state: string;
      topic: string;
      summary: string;
      body_markdown: string;
    }>(
      db,
      sql`select title, state, topic, summary, body_markdown from legal_resource_versions
          where resource_id = ${row.id} and version = ${version}`,
    );
    if (!old) return null;
    content = { ...row, ...old };
    shownVersion = version;
  }
  const pending = revisions[0];
  return {
    ...cardOf(content),
    status: row.status,
    body: content.body_markdown,
    html: micromark(content.body_markdown),
    placeholders: row.kind === "template" ? placeholdersOf(content.body_markdown) : [],
    rejectionReason: mine || viewer.reviewer ? row.rejection_reason : null,
    publishedAt: row.published_at,
    mine,
    version: row.version,
    shownVersion,
    versions: versions.map((v) => ({
      version: v.version,
      publishedAt: new Date(v.published_at).toISOString(),
      note: v.note,
    })),
    updatedAt: new Date(row.updated_at).toISOString(),
    canRevise: row.status === "published" && (mine || viewer.reviewer),
    pendingRevision: pending
      ? {
          id: pending.id,
          createdAt: new Date(pending.created_at).toISOString(),
          mine: pending.proposed_by === viewer.userId,
        }
      : null,
  };
}

export interface LegalSubmissionRow {
  id: string;
  slug: string;
  title: string;
  kind: LegalKind;
  state: string;
  topic: string;
  status: LegalStatus;
  rejectionReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

/** A submitter's own submissions, newest first, in every state. */
export async function submissionsOf(db: Queryable, userId: string): Promise<LegalSubmissionRow[]> {
  const rows = await queryRows<{
    id: string;
    slug: string;
    title: string;
    kind: LegalKind;
    state: string;
    topic: string;
    status: LegalStatus;
    rejection_reason: string | null;
    created_at: string;
    reviewed_at: string | null;
  }>(
    db,
    sql`select id, slug, title, kind, state, topic, status, rejection_reason, created_at, reviewed_at
        from legal_resources where submitted_by = ${userId}
        order by created_at desc, id limit 200`,
  );
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    kind: r.kind,
    state: r.state,
    topic: r.topic,
    status: r.status,
    rejectionReason: r.rejection_reason,
    createdAt: new Date(r.created_at).toISOString(),
    reviewedAt: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
  }));
}

/** The review queue: pending submissions, oldest first, with their content rendered for reading. */
export async function pendingLegalResources(db: Queryable) {
  const rows = await queryRows<
    CardRow & {
      body_markdown: string;
      created_at: string;
      resubmitted_at: string | null;
      previous_rejection_reason: string | null;
    }
  >(
    db,
    sql`select id, slug, title, kind, state, topic, summary, credit_name, body_markdown, created_at,
               resubmitted_at, previous_rejection_reason
        from legal_resources where status = 'pending'
        order by coalesce(resubmitted_at, created_at), id limit 100`,
  );
  return rows.map((r) => ({
    ...cardOf(r),
    html: micromark(r.body_markdown),
    createdAt: new Date(r.created_at).toISOString(),
    resubmittedAt: r.resubmitted_at ? new Date(r.resubmitted_at).toISOString() : null,
    previousRejectionReason: r.previous_rejection_reason,
  }));
}

/** The review queue's revisions: waiting ones, oldest first, with the current text beside the proposed. */
export async function pendingLegalRevisions(db: Queryable) {
  const rows = await queryRows<{
    id: string;
    slug: string;
    resource_title: string;
    kind: LegalKind;
    version: number;
    base_version: number;
    title: string;
    state: string;
    topic: string;
    summary: string;
    body_markdown: string;
    note: string;
    proposer: string | null;
    created_at: string;
  }>(
    db,
    sql`select v.id, r.slug, r.title as resource_title, r.kind, r.version, v.base_version, v.title, v.state,
               v.topic, v.summary, v.body_markdown, v.note, coalesce(p.full_name, p.display_name) as proposer,
               v.created_at
        from legal_resource_revisions v
        join legal_resources r on r.id = v.resource_id
        left join user_profiles p on p.id = v.proposed_by
        where v.status = 'pending'
        order by v.created_at, v.id limit 100`,
  );
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    resourceTitle: r.resource_title,
    kind: r.kind,
    version: r.version,
    baseVersion: r.base_version,
    title: r.title,
    state: r.state,
    topic: r.topic,
    summary: r.summary,
    note: r.note,
    proposer: r.proposer,
    html: micromark(r.body_markdown),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** A person's revisions of published resources, newest first, in every state. */
export async function revisionsOf(db: Queryable, userId: string) {
  const rows = await queryRows<{
    id: string;
    slug: string;
    title: string;
    base_version: number;
    status: LegalStatus;
    rejection_reason: string | null;
    created_at: string;
  }>(
    db,
    sql`select v.id, r.slug, v.title, v.base_version, v.status, v.rejection_reason, v.created_at
        from legal_resource_revisions v join legal_resources r on r.id = v.resource_id
        where v.proposed_by = ${userId}
        order by v.created_at desc, v.id limit 100`,
  );
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    baseVersion: r.base_version,
    status: r.status,
    rejectionReason: r.rejection_reason,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
