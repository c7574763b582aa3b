/**
 * Malformed requests to every action (issue 11, part 2.3): every route module under app/routes that
 * exports an action gets bodies no form sends (empty, no Content-Type, JSON, text/plain, XML,
 * multipart without a boundary or with a broken one, wrong types, 1 MB strings, NUL bytes,
 * duplicate fields, unknown intents, a file name holding "="), from anonymous visitors and from
 * signed-in people of every kind. No answer may be a 5xx, and nothing may be written: the row count
 * of every table and the files in the upload directory are the same before and after.
 */

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LIBRARY_MAX_MB } from "@domain/documents";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { TINY_PDF } from "../support/files";
import { type FuzzWorld, fuzzWorld, peopleFor } from "../support/fuzz-world";
import { fetchBody, MALFORMED_BODIES, oversizedUpload, type RawBody } from "../support/malformed-bodies";
import { routeModules } from "../support/route-modules";

/** The signed Stripe webhook is another part's fuzz (signed malformed events); it reads no form. */
const SKIPPED: Record<string, string> = {
  "api.stripe.webhook": "signed Stripe events are fuzzed by the webhook tests",
  "auth.sign-out": "reads no body: it ends the session whatever is posted",
};

/** The one intent meant to fail: the error monitor's "trigger a test error" button answers 500. */
const DELIBERATE_500 = new Set(["_app.admin_.errors:test-error"]);

/** Tables that a refused request may still touch: the rate-limit counters count every attempt. */
const COUNTED_ANYWAY = new Set(["rate_limit_counters"]);

const routes = routeModules.filter((r) => typeof r.mod.action === "function" && !(r.id in SKIPPED));

/**
 * Routes whose companion module (`route.server.ts`) holds intents in camelCase ("editComment"): read
 * too, with the camelCase patterns (issue 29: the comment intents of /posts/{id}).
 */
const CAMEL_CASE_COMPANIONS = new Set(["_app.posts.$id"]);

/** The intents a route (or the controller it delegates to) knows, read from its source. */
function intentsOf(file: string): string[] {
  const source = (f: string) => readFileSync(path.resolve(path.dirname(import.meta.filename), f), "utf8");
  let text = source(file);
  for (const m of text.matchAll(/from "~\/(rfps\/[a-z-]+)\.server"/g)) {
    text += source(`../../app/${m[1]}.server.ts`);
  }
  // The route's own .server.ts (the thin-route pattern: the schema and the switch live there).
  const companion = file.replace(/\.tsx?$/, ".server.ts");
  if (companion !== file && existsSync(path.resolve(path.dirname(import.meta.filename), companion)))
    text += source(companion);
  const id = path.basename(file).replace(/\.tsx?$/, "");
  const name = CAMEL_CASE_COMPANIONS.has(id) ? "[A-Za-z_-]+" : "[a-z_-]+";
  const found = new Set<string>();
  const patterns = [
    new RegExp(`case "(${name})":`, "g"),
    new RegExp(`literal\\("(${name})"\\)`, "g"),
    new RegExp(`name="intent" value="(${name})"`, "g"),
    new RegExp(`intent === "(${name})"`, "g"),
  ];
  for (const p of patterns) for (const m of text.matchAll(p)) found.add(m[1] as string);
  return [...found];
}

/** Field names forms of this app use, given values of the wrong type. */
const WRONG_TYPES: Record<string, string> = {
  id: "not-a-uuid",
  rfpId: "1",
  proposal_id: "'; drop table users; --",
  document_id: "../../etc/passwd",
  role_id: "-1",
  userId: "[object Object]",
  notification_id: "NaN",
  total_price: "1e309",
  timeline_days: "-7",
  amount: "Infinity",
  credits: "12.5.6",
  email: "@@",
  password: "",
  full_name: "",
  token: "%%%",
  reason: "",
  status: "definitely-not-a-status",
  role_type: "emperor",
  direction: "sideways",
  method: "carrier-pigeon",
  step: "99",
  version: "-1",
  expectedVersion: "abc",
  packageId: "pkg_missing",
  redirectTo: "//evil.example",
  theme: "plaid",
  collapsed: "maybe",
  proposal_deadline: "2026-02-31",
  budget_min: "ten",
  budget_max: "-5",
  visibility: "everyone-ever",
  category: "spaceships",
};

const MB = "x".repeat(1024 * 1024);
const NUL = "a\u0000b";

interface Body {
  name: string;
  body?: BodyInit;
  contentType?: string;
  /** A body that breaks the reader, made afresh for each request (a stream is read once). */
  raw?: RawBody;
}

const urlencoded = (name: string, entries: [string, string][]): Body => ({
  name,
  body: new URLSearchParams(entries).toString(),
  contentType: "application/x-www-form-urlencoded",
});

/** A file under a name no form uses, with an unknown intent: parsed (the name too), never kept. */
function multipartWithFile(fileName: string): Body {
  const boundary = "----fuzzboundary7MA4YWxkTrZu0gW";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n__fuzz_unknown__\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
    ),
    TINY_PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    name: `multipart file "${fileName}"`,
    body,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The bodies every action gets, whatever it expects. */
const GENERIC: Body[] = [
  { name: "empty body, no Content-Type" },
  { name: "empty form", body: "", contentType: "application/x-www-form-urlencoded" },
  {
    name: "JSON",
    body: JSON.stringify({ intent: "submit", email: "a@b.c" }),
    contentType: "application/json",
  },
  { name: "JSON array", body: "[1,2,3]", contentType: "application/json" },
  { name: "broken JSON", body: "{", contentType: "application/json" },
  { name: "text/plain", body: "intent=submit", contentType: "text/plain" },
  { name: "XML", body: "<?xml version='1.0'?><intent>submit</intent>", contentType: "application/xml" },
  { name: "multipart without boundary", body: "--x\r\n\r\n", contentType: "multipart/form-data" },
  {
    name: "multipart with a broken body",
    body: "this is not multipart at all",
    contentType: "multipart/form-data; boundary=abc",
  },
  { name: "form body without Content-Type", body: new Uint8Array(Buffer.from("intent=submit")) },
  urlencoded("unknown intent", [["intent", "__fuzz_unknown__"]]),
  urlencoded("duplicate intents", [
    ["intent", "submit"],
    ["intent", "delete"],
  ]),
  urlencoded("1 MB strings", [
    ["intent", MB],
    ["email", MB],
  ]),
  urlencoded("NUL bytes", [
    ["intent", NUL],
    ...Object.keys(WRONG_TYPES).map((k): [string, string] => [k, NUL]),
  ]),
  urlencoded("wrong types", Object.entries(WRONG_TYPES)),
  multipartWithFile("a=b.pdf"),
  multipartWithFile('we"ird;name=x.pdf'),
  // Truncated and malformed multipart, too many parts, huge part headers, chunked bodies over the
  // limit (issue 26, part 1): a cut-off file part used to end the process.
  ...MALFORMED_BODIES.map((raw) => ({ name: raw.name, contentType: raw.contentType, raw })),
];

/** Bodies with each intent the route knows: wrong types, NUL bytes, duplicates, 1 MB. */
function forIntent(intent: string): Body[] {
  return [
    urlencoded(`${intent}: wrong types`, [["intent", intent], ...Object.entries(WRONG_TYPES)]),
    urlencoded(`${intent}: NUL bytes`, [
      ["intent", intent],
      ...Object.keys(WRONG_TYPES).map((k): [string, string] => [k, NUL]),
    ]),
    urlencoded(`${intent}: duplicate fields`, [
      ["intent", intent],
      ...Object.entries(WRONG_TYPES).flatMap(([k, v]): [string, string][] => [
        [k, v],
        [k, `${v}2`],
      ]),
    ]),
    urlencoded(`${intent}: 1 MB`, [
      ["intent", intent],
      ["title", MB],
      ["email", `${MB}@x.test`],
    ]),
  ];
}

function request(url: string, body: Body, cookie: string | null) {
  const headers = new Headers();
  if (body.contentType) headers.set("Content-Type", body.contentType);
  if (cookie) headers.set("Cookie", cookie);
  const init = body.raw ? fetchBody(body.raw) : { body: body.body };
  return new Request(`http://localhost${url}`, { method: "POST", headers, ...init });
}

/** The status an action answered with: a returned or thrown Response, or 500 for anything else. */
async function statusOf(call: () => Promise<unknown>): Promise<{ status: number; error?: unknown }> {
  try {
    const result = await call();
    return { status: result instanceof Response ? result.status : 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    return { status: 500, error: thrown };
  }
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe.each(engines)("malformed requests to every action on %s", (engine) => {
  const t = useTestDatabase(engine);
  let uploadDir: string;
  const people: FuzzWorld["people"] = {};
  const params: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    useAppDatabase(t.handle);
    uploadDir = mkdtempSync(path.join(tmpdir(), "fuzz-uploads-"));
    process.env.UPLOAD_DIR = uploadDir;
    resetEnvForTests();
    const world = await fuzzWorld(t.db);
    Object.assign(people, world.people);
    Object.assign(params, world.params);
  });

  afterAll(() => {
    rmSync(uploadDir, { recursive: true, force: true });
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });

  async function rowCounts() {
    const tables = (await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows?: { table_name: string }[] } & { table_name: string }[];
    const names = (tables.rows ?? tables).map((r) => r.table_name).filter((n) => !COUNTED_ANYWAY.has(n));
    const counts: Record<string, number> = {};
    for (const name of names) {
      const result = (await t.db.execute(sql.raw(`select count(*)::int as n from "${name}"`))) as unknown as {
        rows?: { n: number }[];
      } & { n: number }[];
      counts[name] = Number((result.rows ?? result)[0]?.n);
    }
    return counts;
  }

  it("enumerates the actions", () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
  });

  async function send(route: (typeof routes)[number], who: string, body: Body) {
    const person = people[who] ?? null;
    const url = `/${route.id.replace(/^_app\./, "").replace(/\./g, "/")}`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hung = new Promise<{ status: number; error: unknown }>((resolve) => {
      timer = setTimeout(() => resolve({ status: 599, error: "no answer within 30 s" }), 30_000);
    });
    const { status, error } = await Promise.race([
      statusOf(async () =>
        (route.mod.action as (a: unknown) => Promise<unknown>)({
          request: request(url, body, person?.cookie ?? null),
          params: params[route.id] ?? {},
          context: { clientIp: "10.0.0.1" },
        }),
      ),
      hung,
    ]);
    clearTimeout(timer);
    if (status < 500) return null;
    const why = error instanceof Error ? error.message.slice(0, 120) : String(error ?? "");
    return `${route.id} as ${who}, ${body.name}: ${status} ${why}`;
  }

  const only = process.env.FUZZ_ONLY?.split(",");
  const chosen = () => routes.filter((r) => !only || only.includes(r.id));

  it("answers bodies no form sends below 500 and writes nothing", async () => {
    const before = await rowCounts();
    const filesBefore = filesUnder(uploadDir);
    const failures: string[] = [];
    let sent = 0;
    for (const route of chosen()) {
      for (const who of peopleFor(route.id)) {
        for (const body of GENERIC) {
          sent++;
          const failure = await send(route, who, body);
          if (failure) failures.push(failure);
        }
      }
    }
    console.log(
      `fuzz-actions (${engine}): ${routes.length} actions, ${sent} malformed bodies, ${failures.length} 5xx`,
    );
    if (failures.length > 0) console.log(failures.join("\n"));
    expect(failures).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    expect(filesUnder(uploadDir)).toEqual(filesBefore);
  }, 600_000);

  it("refuses an upload sent in chunks past the library's own limit with 413 and keeps nothing", async () => {
    const filesBefore = filesUnder(uploadDir);
    const route = routes.find((r) => r.id === "_app.documents._index");
    if (!route) throw new Error("no library route");
    const raw = oversizedUpload(LIBRARY_MAX_MB + 1);
    const { status } = await statusOf(async () =>
      (route.mod.action as (a: unknown) => Promise<unknown>)({
        request: request(
          "/documents",
          { name: raw.name, contentType: raw.contentType, raw },
          people.manager?.cookie ?? null,
        ),
        params: {},
        context: { clientIp: "10.0.0.1" },
      }),
    );
    expect(status).toBe(413);
    expect(filesUnder(uploadDir)).toEqual(filesBefore);
  }, 120_000);

  // An intent that takes no fields is a valid request whatever else is posted, so here only the
  // status is checked (the intents' own tests check what they write).
  it("answers each intent with wrong types, NUL bytes, duplicate fields and 1 MB values below 500", async () => {
    // The set-up's own files (the library document) stay; no request adds one.
    const filesBefore = filesUnder(uploadDir);
    const failures: string[] = [];
    let sent = 0;
    for (const route of chosen()) {
      const who = peopleFor(route.id)[0] as string;
      const intents = intentsOf(route.file).filter((i) => !DELIBERATE_500.has(`${route.id}:${i}`));
      for (const body of intents.flatMap(forIntent)) {
        sent++;
        const failure = await send(route, who, body);
        if (failure) failures.push(failure);
      }
    }
    console.log(`fuzz-actions (${engine}): ${sent} requests with known intents, ${failures.length} 5xx`);
    if (failures.length > 0) console.log(failures.join("\n"));
    expect(failures).toEqual([]);
    expect(filesUnder(uploadDir)).toEqual(filesBefore);
  }, 600_000);
});
