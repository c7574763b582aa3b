import { userProfiles } from "@db/schema";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { requireUser, safeRedirect } from "~/auth/session.server";
import { getDb } from "~/db.server";
import { readForm } from "~/forms.server";

const PreferenceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sidebar"), collapsed: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("dismiss-nudge") }),
]);

/** Small layout preferences the shell saves (sidebar collapsed, onboarding nudge dismissed). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const parsed = PreferenceSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return json({ error: "Invalid preference" }, { status: 400 });
  const db = await getDb();
  const set =
    parsed.data.intent === "sidebar"
      ? { sidebarCollapsed: parsed.data.collapsed === "true" }
      : { onboardingNudgeDismissed: true };
  await db
    .update(userProfiles)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, user.id));
  // Without JavaScript the form posts here directly: go back where the person was.
  if (request.headers.get("Accept")?.includes("text/html")) {
    return redirect(
      safeRedirect(
        form.get("redirectTo") ??
          new URL(request.headers.get("Referer") ?? "/dashboard", "http://x").pathname,
      ),
    );
  }
  return json({ ok: true });
}

export function loader() {
  return redirect("/dashboard");
}
