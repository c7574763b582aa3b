/**
 * Query strings no page links to (issue 26, part 2), for the GET fuzz of every loader: every name the
 * app reads from a query string or a form (found in the sources of app/ and domain/) set to a number
 * past what a number holds, a negative and a fractional one, unknown enum values, "__proto__" and
 * "constructor", invalid UTF-8 percent-encoding, an impossible date, a path, long and empty text;
 * every name repeated; and Object.prototype names as keys.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export function queryNames(root = process.cwd()): string[] {
  const names = new Set(["period", "tab", "dir", "year", "range", "offset"]);
  for (const dir of ["app", "domain"]) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const text = readFileSync(path.join(entry.parentPath, entry.name), "utf8");
      for (const m of text.matchAll(/\.(?:get|getAll|has)\("([a-z_][a-zA-Z_]*)"\)/g))
        names.add(m[1] as string);
    }
  }
  names.delete("_data");
  return [...names].sort();
}

/** Raw values (percent-encoded where needed), each sent for every name at once. */
export const ODD_VALUES = [
  "99999999999999999999",
  "-1",
  "1.5",
  "not-a-value",
  "__proto__",
  "constructor",
  "%FF%FE",
  "%C3%28",
  "2026-02-31",
  "..%2F..%2Fetc%2Fpasswd",
  "x".repeat(300),
  "",
];

export function oddQueries(names: string[]): string[] {
  const queries = ODD_VALUES.map((v) => names.map((n) => `${n}=${v}`).join("&"));
  queries.push(names.flatMap((n) => [`${n}=1`, `${n}=__proto__`]).join("&"));
  queries.push("__proto__=1&constructor=x&toString=y&__proto__[x]=1");
  return queries;
}
