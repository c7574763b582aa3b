import { json } from "@remix-run/node";
import { getDb } from "~/db.server";
import { checkHealth } from "~/queries/health.server";

export async function loader() {
  let health: Awaited<ReturnType<typeof checkHealth>>;
  try {
    health = await checkHealth(await getDb());
  } catch {
    health = { database: "unreachable", migration: null, migrationsPending: 0 };
  }
  const ok = health.database === "reachable" && health.migrationsPending === 0;
  return json(
    { status: ok ? "ok" : "unavailable", ...health },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
