// The baseline of the /rfps search benchmark: a bare Node HTTP handler running the app's search SQL
// (the very statement drizzle builds for /rfps, read once at start) with postgres-js, answering JSON.
// No framework, no session, no rendering: what the database and the wire cost on their own.
//
//   node scripts/bench/bare-search-server.mjs <spec.json> <port>
import { readFileSync } from "node:fs";
import http from "node:http";
import postgres from "postgres";

const [specPath, port] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specPath, "utf8"));
const sql = postgres(spec.url, { max: spec.max, onnotice: () => {} });

const server = http.createServer(async (req, res) => {
  try {
    const q = new URL(req.url ?? "/", "http://localhost").searchParams.get("q") ?? "";
    const now = new Date().toISOString();
    const params = spec.params.map((p) => (p === spec.qSentinel ? q : p === spec.nowSentinel ? now : p));
    const rows = await sql.unsafe(spec.sql, params, { prepare: true });
    const body = JSON.stringify({ rfps: rows, total: rows[0]?.total ?? 0 });
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  } catch (error) {
    res.writeHead(500, { "Content-Type": "text/plain" });
    res.end(String(error));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), () => console.log(`bare search listening on ${port}`));
for (const signal of ["SIGTERM", "SIGINT"])
  process.once(signal, () => server.close(() => sql.end().then(() => process.exit(0))));
