// The baseline of the page and search benchmarks (scripts/bench/pages.ts, rfp-search.ts): a bare Node
// HTTP handler running the very SQL statements the app's loaders ran for one request (captured in the
// benchmark process), in the same dependent rounds (round 1: who is asking; round 2: the page's queries,
// which need the answer), each round's statements at once over postgres-js with prepared statements,
// answering their rows as JSON. No framework, no session code, no rendering: what the database and the
// wire cost on their own for that request, so app / bare measures the framework and rendering.
//
//   node scripts/bench/bare-server.mjs <spec.json> <port>
//
// spec.json: { url, max, rounds: [[{ sql, params }]], sentinels: { "<text>": "q" | "now" } }: a parameter
// containing a sentinel text gets the request's ?q= (or the current time) in its place.
import { readFileSync } from "node:fs";
import http from "node:http";
import postgres from "postgres";

const [specPath, port] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specPath, "utf8"));
const sql = postgres(spec.url, { max: spec.max, onnotice: () => {} });
// As drizzle-orm's postgres-js driver sets up the app's client: date and time values pass as the text
// they are, and json/jsonb parameters go as the text the app wrote (not JSON-encoded a second time).
const asIs = (value) => value;
for (const type of ["1184", "1082", "1083", "1114", "1182", "1185", "1115", "1231"]) {
  sql.options.parsers[type] = asIs;
  sql.options.serializers[type] = asIs;
}
sql.options.serializers["114"] = asIs;
sql.options.serializers["3802"] = asIs;
const sentinels = Object.entries(spec.sentinels ?? {});

const server = http.createServer(async (req, res) => {
  try {
    const q = new URL(req.url ?? "/", "http://localhost").searchParams.get("q") ?? "";
    const values = { q, now: new Date().toISOString() };
    const bind = (p) => {
      if (typeof p !== "string") return p;
      let v = p;
      for (const [text, name] of sentinels) v = v.replaceAll(text, values[name]);
      return v;
    };
    const results = [];
    for (const round of spec.rounds) {
      results.push(
        await Promise.all(round.map((s) => sql.unsafe(s.sql, s.params.map(bind), { prepare: true }))),
      );
    }
    const body = JSON.stringify(results);
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  } catch (error) {
    res.writeHead(500, { "Content-Type": "text/plain" });
    res.end(String(error));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), () => console.log(`bare server listening on ${port}`));
for (const signal of ["SIGTERM", "SIGINT"])
  process.once(signal, () => server.close(() => sql.end().then(() => process.exit(0))));
