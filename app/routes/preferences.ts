import { userProfiles } from "@db/schema";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { requireUser, safeRedirect } from "~/auth/session.server";
import { getDb } from "~/db.server";
import { parseSubmission } from "~/forms.server";

/** The shell's two preference forms, told apart by their hidden intent (one schema, Conform). */
const PreferenceSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("sidebar"),
    collapsed: z.enum(["true", "false"]),
    redirectTo: z.string().max(2000).optional(),
  }),
  z.object({ intent: z.literal("dismiss-nudge"), redirectTo: z.string().max(2000).optional() }),
]);

/** Small layout preferences the shell saves (sidebar collapsed, onboarding nudge dismissed). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { submission } = await parseSubmission(request, PreferenceSchema);
  if (submission.status !== "success") {
    return json({ error: "Invalid preference", result: submission.reply() }, { status: 400 });
  }
  const preference = submission.value;
  const db = await getDb();
  const set =
    preference.intent === "sidebar"
      ? { sidebarCollapsed: preference.collapsed === "true" }
      : { onboardingNudgeDismissed: true };
  await db
    .update(userProfiles)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, user.id));
  // Without JavaScript the form posts here directly: go back where the person was.
  if (request.headers.get("Accept")?.includes("text/html")) {
    return redirect(
      safeRedirect(
        preference.redirectTo ?? new URL(request.headers.get("Referer") ?? "/dashboard", "http://x").pathname,
      ),
    );
  }
  return json({ ok: true });
}

export function loader() {
  return redirect("/dashboard");
}
