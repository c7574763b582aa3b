/**
 * Whether `npm start` seeds the demo data into an empty database: the embedded database (trying the
 * product) always, unless SEED_DEMO=0; PostgreSQL (DATABASE_URL, a real deployment) only with SEED_DEMO=1.
 */
export function shouldSeedDemo(engine: "pglite" | "postgres", seedDemo: string | undefined): boolean {
  if (seedDemo === "1") return true;
  if (seedDemo === "0") return false;
  return engine === "pglite";
}
