import { type Database, type Queryable, queryRows } from "@db/client";
import { legalResources } from "@db/schema";
import {
  LEGAL_KIND_LABELS,
  LEGAL_MESSAGES,
  type LegalKind,
  type LegalState,
  type LegalTopic,
  slugify,
} from "@domain/legal/resources";
import { sql } from "drizzle-orm";
import { notify } from "./notifications.server";

/**
 * Legal Resources' writes (issue 30, part 9; decision 080): the platform's own content published by
 * the seed, an attorney's submission (pending), and an administrator's review, which publishes or
 * rejects it and notifies the submitter in the same transaction. Who may call these is the route's
 * guard (domain/legal/resources.ts legalAccess); the review locks the row, so two admins cannot both decide.
 */

export interface LegalResourceDefinition {
  slug: string;
  title: string;
  kind: LegalKind;
  state: LegalState;
  topic: LegalTopic;
  summary: string;
  body: string;
}

export type LegalRefusal = { ok: false; kind: "not_found" | "conflict"; message: string };

/** An administrator's decision on a submission or a revision. */
export interface LegalReviewInput {
  reviewerId: string;
  id: string;
  decision: { approve: true } | { approve: false; reason: string };
}

/** Tells the author of a submission or a revision what the review decided (reason: rejected). */
function notifyReviewed(
  tx: Queryable,
  n: {
    userId: string;
    what: string;
    approvedBody: string;
    reason: string | null;
    slug: string;
    metadata: Record<string, string>;
  },
) {
  const approved = n.reason === null;
  return notify(tx, {
    userId: n.userId,
    type: "legal_resource_reviewed",
    title: approved ? `Your ${n.what} is published` : `Your ${n.what} was not published`,
    body: approved ? n.approvedBody : `Reason: ${n.reason}`,
    priority: approved ? "normal" : "high",
    actionUrl: approved ? `/legal/${n.slug}` : "/legal/submissions",
    metadata: { ...n.metadata, approved },
  });
}

/** Publishes the platform's own resource once per slug, as its version 1 (a second run changes nothing). */
export async function publishLegalResource(db: Queryable, def: LegalResourceDefinition): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with created as (
          insert into legal_resources (slug, title, kind, state, topic, summary, body_markdown, status, published_at)
          values (${def.slug}, ${def.title}, ${def.kind}, ${def.state}, ${def.topic}, ${def.summary},
                  ${def.body}, 'published', now())
          on conflict (slug) do nothing
          returning id, title, state, topic, summary, body_markdown, published_at
        )
        insert into legal_resource_versions
          (resource_id, version, title, state, topic, summary, body_markdown, published_at)
        select id, 1, title, state, topic, summary, body_markdown, published_at from created
        returning resource_id as id`,
  );
  return rows.length > 0;
}

export interface LegalSubmission {
  title: string;
  kind: LegalKind;
  state: LegalState;
  topic: LegalTopic;
  summary: string;
  body: string;
}

/**
 * A verified attorney's submission: pending until an administrator reviews it. Its slug is the
 * title's with a random suffix, so it never takes a published resource's address nor a page's
 * (/legal/review, /legal/submissions).
 */
export async function submitLegalResource(
  db: Database,
  input: { userId: string; creditName: string; submission: LegalSubmission },
): Promise<{ ok: true; id: string; slug: string }> {
  const { submission } = input;
  const suffix = crypto.randomUUID().slice(0, 8);
  const slug = `${slugify(submission.title).slice(0, 70).replace(/-+$/, "")}-${suffix}`;
  const [row] = await db
    .insert(legalResources)
    .values({
      slug,
      title: submission.title,
      kind: submission.kind,
      state: submission.state,
      topic: submission.topic,
      summary: submission.summary,
      bodyMarkdown: submission.body,
      status: "pending",
      submittedBy: input.userId,
      creditName: input.creditName,
    })
    .returning({ id: legalResources.id, slug: legalResources.slug });
  return { ok: true, id: (row as { id: string }).id, slug: (row as { slug: string }).slug };
}

/**
 * An administrator's decision on a pending submission: published (credited to the attorney) or
 * rejected with a reason; the attorney gets a notification either way, in the same transaction.
 */
export async function reviewLegalResource(
  db: Database,
  input: LegalReviewInput,
): Promise<{ ok: true; slug: string } | LegalRefusal> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{
      id: string;
      slug: string;
      title: string;
      kind: LegalKind;
      status: string;
      submitted_by: string | null;
    }>(
      tx,
      sql`select id, slug, title, kind, status, submitted_by from legal_resources
          where id = ${input.id} for update`,
    );
    if (!row) return { ok: false, kind: "not_found", message: LEGAL_MESSAGES.notFound } as const;
    if (row.status !== "pending") {
      return { ok: false, kind: "conflict", message: LEGAL_MESSAGES.alreadyReviewed } as const;
    }
    const approve = input.decision.approve;
    const reason = input.decision.approve ? null : input.decision.reason;
    await tx.execute(
      sql`update legal_resources
          set status = ${approve ? "published" : "rejected"},
              reviewed_by = ${input.reviewerId}, reviewed_at = now(),
              rejection_reason = ${reason},
              published_at = ${approve ? sql`now()` : null},
              updated_at = now()
          where id = ${row.id}`,
    );
    // Its version 1, as published (decision 089).
    if (approve)
      await tx.execute(
        sql`insert into legal_resource_versions
              (resource_id, version, title, state, topic, summary, body_markdown, published_by, published_at)
            select id, version, title, state, topic, summary, body_markdown, ${input.reviewerId}, now()
            from legal_resources where id = ${row.id}
            on conflict do nothing`,
      );
    if (row.submitted_by) {
      const what = LEGAL_KIND_LABELS[row.kind].toLowerCase();
      await notifyReviewed(tx, {
        userId: row.submitted_by,
        what: `${what} "${row.title}"`,
        approvedBody: "It is now in Legal Resources, credited to you. Thank you for contributing.",
        reason,
        slug: row.slug,
        metadata: { legal_resource_id: row.id, reviewer_id: input.reviewerId },
      });
    }
    return { ok: true, slug: row.slug } as const;
  });
}

/**
 * The submitter edits a pending or rejected submission and submits it again (decision 089): its content
 * is replaced and it waits for review; a rejection's reason is kept as the previous one. `expected` is
 * the `updated_at` the form was rendered from (stale: 409). Anyone else's, or a missing one: not found.
 */
export async function resubmitLegalResource(
  db: Database,
  input: { userId: string; id: string; expected: string; submission: LegalSubmission },
): Promise<{ ok: true; slug: string } | LegalRefusal> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{
      id: string;
      slug: string;
      status: string;
      submitted_by: string | null;
      rejection_reason: string | null;
      updated_at: string;
    }>(
      tx,
      sql`select id, slug, status, submitted_by, rejection_reason, updated_at from legal_resources
          where id = ${input.id} for update`,
    );
    if (!row || row.submitted_by !== input.userId) {
      return { ok: false, kind: "not_found", message: LEGAL_MESSAGES.notFound } as const;
    }
    if (row.status === "published") {
      return { ok: false, kind: "conflict", message: LEGAL_MESSAGES.notEditable } as const;
    }
    if (new Date(row.updated_at).toISOString() !== input.expected) {
      return { ok: false, kind: "conflict", message: LEGAL_MESSAGES.stale } as const;
    }
    const s = input.submission;
    await tx.execute(
      sql`update legal_resources
          set title = ${s.title}, kind = ${s.kind}, state = ${s.state}, topic = ${s.topic},
              summary = ${s.summary}, body_markdown = ${s.body}, status = 'pending',
              previous_rejection_reason = coalesce(rejection_reason, previous_rejection_reason),
              rejection_reason = null, reviewed_by = null, reviewed_at = null,
              resubmitted_at = ${row.status === "rejected" ? sql`now()` : sql`resubmitted_at`},
              updated_at = clock_timestamp()
          where id = ${row.id}`,
    );
    return { ok: true, slug: row.slug } as const;
  });
}

export interface LegalRevisionInput {
  title: string;
  state: LegalState;
  topic: LegalTopic;
  summary: string;
  body: string;
  note: string;
}

/** Applies a revision to its resource as the next version, inside the caller's transaction. */
async function publishVersion(
  tx: Queryable,
  resourceId: string,
  version: number,
  r: LegalRevisionInput,
  publishedBy: string,
) {
  await tx.execute(
    sql`update legal_resources
        set title = ${r.title}, state = ${r.state}, topic = ${r.topic}, summary = ${r.summary},
            body_markdown = ${r.body}, version = ${version}, updated_at = clock_timestamp()
        where id = ${resourceId}`,
  );
  await tx.execute(
    sql`insert into legal_resource_versions
          (resource_id, version, title, state, topic, summary, body_markdown, note, published_by)
        values (${resourceId}, ${version}, ${r.title}, ${r.state}, ${r.topic}, ${r.summary}, ${r.body},
                ${r.note}, ${publishedBy})`,
  );
}

/**
 * A revision of a published resource (decision 089), written on `baseVersion` (stale: 409). Its
 * attorney's waits for review (one at a time per resource); an administrator's is published at once as
 * the next version. Anyone else's: not found.
 */
export async function proposeLegalRevision(
  db: Database,
  input: { userId: string; reviewer: boolean; id: string; baseVersion: number; revision: LegalRevisionInput },
): Promise<{ ok: true; slug: string; published: number | null } | LegalRefusal> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{
      id: string;
      slug: string;
      status: string;
      submitted_by: string | null;
      version: number;
    }>(
      tx,
      sql`select id, slug, status, submitted_by, version from legal_resources where id = ${input.id} for update`,
    );
    if (!row || (!input.reviewer && row.submitted_by !== input.userId)) {
      return { ok: false, kind: "not_found", message: LEGAL_MESSAGES.notFound } as const;
    }
    if (row.status !== "published") {
      return { ok: false, kind: "conflict", message: LEGAL_MESSAGES.notFound } as const;
    }
    if (row.version !== input.baseVersion) {
      return { ok: false, kind: "conflict", message: LEGAL_MESSAGES.stale } as const;
    }
    const r = input.revision;
    if (input.reviewer) {
      const version = row.version + 1;
      await publishVersion(tx, row.id, version, r, input.userId);
      await tx.execute(
        sql`insert into legal_resource_revisions
              (resource_id, base_version, title, state, topic, summary, body_markdown, note, proposed_by,
               status, reviewed_by, reviewed_at)
            values (${row.id}, ${row.version}, ${r.title}, ${r.state}, ${r.topic}, ${r.summary}, ${r.body},
                    ${r.note}, ${input.userId}, 'published', ${input.userId}, now())`,
      );
      return { ok: true, slug: row.slug, published: version } as const;
    }
    const [waiting] = await queryRows<{ id: string }>(
      tx,
      sql`select id from legal_resource_revisions where resource_id = ${row.id} and status = 'pending'`,
    );
    if (waiting) return { ok: false, kind: "conflict", message: LEGAL_MESSAGES.revisionPending } as const;
    await tx.execute(
      sql`insert into legal_resource_revisions
            (resource_id, base_version, title, state, topic, summary, body_markdown, note, proposed_by)
          values (${row.id}, ${row.version}, ${r.title}, ${r.state}, ${r.topic}, ${r.summary}, ${r.body},
                  ${r.note}, ${input.userId})`,
    );
    return { ok: true, slug: row.slug, published: null } as const;
  });
}

/**
 * An administrator's decision on a waiting revision: published as the next version (only on the
 * version it was written on) or rejected with a reason; its author is notified in the same transaction.
 */
export async function reviewLegalRevision(
  db: Database,
  input: LegalReviewInput,
): Promise<{ ok: true; slug: string } | LegalRefusal> {
  return db.transaction(async (tx) => {
    const [rev] = await queryRows<{
      id: string;
      resource_id: string;
      base_version: number;
      title: string;
      state: LegalState;
      topic: LegalTopic;
      summary: string;
      body_markdown: string;
      note: string;
      proposed_by: string | null;
      status: string;
    }>(
      tx,
      sql`select id, resource_id, base_version, title, state, topic, summary, body_markdown, note, proposed_by, status
          from legal_resource_revisions where id = ${input.id}`,
    );
    if (!rev) return { ok: false, kind: "not_found", message: LEGAL_MESSAGES.notFound } as const;
    // The resource first, then the revision: the order proposeLegalRevision locks in.
    const [resource] = await queryRows<{ id: string; slug: string; kind: LegalKind; version: number }>(
      tx,
      sql`select id, slug, kind, version from legal_resources where id = ${rev.resource_id} for update`,
    );
    const [locked] = await queryRows<{ status: string }>(
      tx,
      sql`select status from legal_resource_revisions where id = ${rev.id} for update`,
    );
    if (!resource || !locked)
      return { ok: false, kind: "not_found", message: LEGAL_MESSAGES.notFound } as const;
    if (locked.status !== "pending") {
      return { ok: false, kind: "conflict", message: LEGAL_MESSAGES.alreadyReviewed } as const;
    }
    const approve = input.decision.approve;
    if (approve && resource.version !== rev.base_version) {
      return { ok: false, kind: "conflict", message: LEGAL_MESSAGES.revisionOutdated } as const;
    }
    const reason = input.decision.approve ? null : input.decision.reason;
    if (approve) {
      await publishVersion(
        tx,
        resource.id,
        resource.version + 1,
        {
          title: rev.title,
          state: rev.state,
          topic: rev.topic,
          summary: rev.summary,
          body: rev.body_markdown,
          note: rev.note,
        },
        input.reviewerId,
      );
    }
    await tx.execute(
      sql`update legal_resource_revisions
          set status = ${approve ? "published" : "rejected"}, rejection_reason = ${reason},
              reviewed_by = ${input.reviewerId}, reviewed_at = now()
          where id = ${rev.id}`,
    );
    if (rev.proposed_by) {
      const what = LEGAL_KIND_LABELS[resource.kind].toLowerCase();
      await notifyReviewed(tx, {
        userId: rev.proposed_by,
        what: `revision of the ${what} "${rev.title}"`,
        approvedBody: `It is now version ${resource.version + 1}. Thank you for keeping it current.`,
        reason,
        slug: resource.slug,
        metadata: { legal_resource_id: resource.id, revision_id: rev.id, reviewer_id: input.reviewerId },
      });
    }
    return { ok: true, slug: resource.slug } as const;
  });
}
