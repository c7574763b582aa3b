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

/** Publishes the platform's own resource once per slug (a second run changes nothing). */
export async function publishLegalResource(db: Queryable, def: LegalResourceDefinition): Promise<boolean> {
  const rows = await db
    .insert(legalResources)
    .values({
      slug: def.slug,
      title: def.title,
      kind: def.kind,
      state: def.state,
      topic: def.topic,
      summary: def.summary,
      bodyMarkdown: def.body,
      status: "published",
      publishedAt: sql`now()` as unknown as string,
    })
    .onConflictDoNothing({ target: legalResources.slug })
    .returning({ id: legalResources.id });
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
  input: { reviewerId: string; id: string; decision: { approve: true } | { approve: false; reason: string } },
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
    if (row.submitted_by) {
      const what = LEGAL_KIND_LABELS[row.kind].toLowerCase();
      await notify(tx, {
        userId: row.submitted_by,
        type: "legal_resource_reviewed",
        title: approve
          ? `Your ${what} "${row.title}" is published`
          : `Your ${what} "${row.title}" was not published`,
        body: approve
          ? "It is now in Legal Resources, credited to you. Thank you for contributing."
          : `Reason: ${reason}`,
        priority: approve ? "normal" : "high",
        actionUrl: approve ? `/legal/${row.slug}` : "/legal/submissions",
        metadata: { legal_resource_id: row.id, reviewer_id: input.reviewerId, approved: approve },
      });
    }
    return { ok: true, slug: row.slug } as const;
  });
}
