// The baseline of the page benchmarks (scripts/bench/pages.ts): a bare Node HTTP handler running the
// very SQL statements the app's loaders ran for one page (captured once in the benchmark process), all at
// once over postgres-js, and answering their rows as JSON. No framework, no session code, no rendering:
// what the database and the wire cost on their own for that page.
//
//   node scripts/bench/bare-page-server.mjs <spec.json> <port>
import { readFileSync } from "node:fs";
import http from "node:http";
import postgres from "postgres";

const [specPath, port] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specPath, "utf8"));
const sql = postgres(spec.url, { max: spec.max, onnotice: () => {} });

const server = http.createServer(async (req, res) => {
  try {
    const q = new URL(req.url ?? "/", "http://localhost").searchParams.get("q") ?? "";
    const results = await Promise.all(
      spec.statements.map((s) =>
        sql.unsafe(
          s.sql,
          s.params.map((p) =>
            spec.qSentinel && typeof p === "string" ? p.replaceAll(spec.qSentinel, q) : p,
          ),
          { prepare: true },
        ),
      ),
    );
    const body = JSON.stringify(results);
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  } catch (error) {
    res.writeHead(500, { "Content-Type": "text/plain" });
    res.end(String(error));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), () => console.log(`bare page listening on ${port}`));
for (const signal of ["SIGTERM", "SIGINT"])
  process.once(signal, () => server.close(() => sql.end().then(() => process.exit(0))));
