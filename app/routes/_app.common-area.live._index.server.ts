import { parseWithZod } from "@conform-to/zod";
import {
  checkLiveDraft,
  LIVE_CATEGORIES,
  LIVE_DESCRIPTION_MAX,
  LIVE_DURATION_MAX,
  LIVE_MESSAGES,
  LIVE_TITLE_MAX,
  parseLiveListParams,
} from "@domain/community/live";
import { json } from "@remix-run/node";
import { z } from "zod";
import { requireViewer } from "~/auth/guards.server";
import { startLiveDiscussion } from "~/commands/live-discussions.server";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import { listLiveDiscussions } from "~/queries/live-discussions.server";

/**
 * /common-area/live (issue 29, part 6): the browser (search, category, Live now / Ended, the spec's
 * sorts, all in the query string) and the Start a discussion form, parsed here (decision 056); the
 * rules are domain/community/live.ts.
 */

// Bounded far above the limits so the rules (not the parser) give their messages.
export const StartSchema = z.object({
  intent: z.literal("start"),
  title: z
    .string()
    .max(LIVE_TITLE_MAX * 4)
    .default(""),
  description: z
    .string()
    .max(LIVE_DESCRIPTION_MAX * 4)
    .default(""),
  category: z.enum(LIVE_CATEGORIES, { errorMap: () => ({ message: LIVE_MESSAGES.CATEGORY }) }),
  tags: z.string().max(1000).default(""),
  estimated_minutes: z.coerce
    .number({ invalid_type_error: LIVE_MESSAGES.DURATION })
    .int(LIVE_MESSAGES.DURATION)
    .min(1, LIVE_MESSAGES.DURATION)
    .max(LIVE_DURATION_MAX * 4, LIVE_MESSAGES.DURATION),
});

const FIELD = {
  title: "title",
  description: "description",
  category: "category",
  tags: "tags",
  estimatedMinutes: "estimated_minutes",
} as const;

export async function liveBrowserLoader(request: Request) {
  await requireViewer(request);
  const params = parseLiveListParams(new URL(request.url).searchParams);
  const discussions = await listLiveDiscussions(await getDb(), params);
  return json({ params, discussions, now: new Date().toISOString() });
}

export async function liveBrowserAction(request: Request) {
  const viewer = await requireViewer(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: StartSchema });
  if (submission.status !== "success") {
    // The parser stops at what it cannot read (a category, a duration); the rules also word what is
    // wrong with the rest, so an empty form shows every field's error at once.
    const text = (v: unknown) => (typeof v === "string" ? v : "");
    const p = submission.payload;
    const { errors } = checkLiveDraft({
      title: text(p.title),
      description: text(p.description),
      category: text(p.category),
      tags: text(p.tags),
      estimatedMinutes: Number(p.estimated_minutes),
    });
    const fieldErrors: Record<string, string[]> = {};
    for (const [k, e] of Object.entries(submission.error ?? {})) if (k && e) fieldErrors[k] = [...e];
    for (const [k, e] of Object.entries(errors)) {
      const field = FIELD[k as keyof typeof FIELD];
      fieldErrors[field] = [...new Set([...(fieldErrors[field] ?? []), ...(e ?? [])])];
    }
    return json({ result: submission.reply({ fieldErrors }), error: null }, { status: 400 });
  }
  const v = submission.value;
  const started = await once(request, viewer.user.id, formData, (db) =>
    startLiveDiscussion(
      db,
      viewer.user.id,
      {
        title: v.title,
        description: v.description,
        category: v.category,
        tags: v.tags,
        estimatedMinutes: v.estimated_minutes,
      },
      new Date(),
    ),
  );
  if (!started.ok) {
    if (started.kind === "validation" && started.errors) {
      const fieldErrors = Object.fromEntries(
        Object.entries(started.errors).map(([k, e]) => [FIELD[k as keyof typeof FIELD], e]),
      );
      return json({ result: submission.reply({ fieldErrors }), error: null }, { status: 400 });
    }
    return json({ result: null, error: started.message }, { status: domainErrorStatus(started.kind) });
  }
  return redirectWithFlash(`/common-area/live/${started.id}`, {
    tone: "success",
    message: "Discussion started",
  });
}
