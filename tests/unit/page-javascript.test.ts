import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What the shell's pages may not carry to the browser (issue 27, part 3; decisions 050 and 056): zod
 * (the schemas and their parsing live in *.server.ts modules), Conform's zod adapter (forms are checked
 * on the server; Conform shows the action's answer) and xstate (domain modules are imported by file,
 * never through a domain's index). esbuild keeps every module a page imports that has statements at its
 * top level (a `z.object(...)` may have side effects), even when nothing of it is used; so this walks
 * the imports the browser build follows from each route module, as the compiler does: `*.server`
 * modules are empty in the browser, `import type` is erased, `import()` is a chunk loaded later.
 */

const ROOT = path.resolve(__dirname, "../..");
const FORBIDDEN = ["zod", "@conform-to/zod", "xstate"];

/** The pages of the page-weight benchmark (scripts/bench/page-weight.ts) and their layouts, and the calendar's. */
const PAGES = [
  "app/root.tsx",
  "app/routes/_app.tsx",
  "app/routes/_app.dashboard.tsx",
  "app/routes/_app.rfps._index.tsx",
  "app/routes/_app.board-room.tsx",
  "app/routes/_app.board-room_.meetings.$id.tsx",
  "app/routes/_app.board-room_.meetings.$id_.minutes.tsx",
  "app/routes/_app.board-room_.meetings.$id_.packet.tsx",
  "app/routes/_app.board-room_.meetings.$id_.edit.tsx",
  "app/routes/_app.board-room_.new.tsx",
  "app/routes/_app.calendar.tsx",
  "app/routes/_app.calendar_.new.tsx",
  "app/routes/_app.common-area.events.tsx",
  "app/routes/_app.posts.$id.tsx",
  "app/routes/_app.report.$kind.$id.tsx",
  "app/routes/_app.posts.$id_.share.tsx",
  "app/routes/_app.moderation.tsx",
  "app/routes/_app.admin_.content.tsx",
  "app/routes/_app.admin_.learning-payments.tsx",
  "app/routes/_app.common-area.forums._index.tsx",
  "app/routes/_app.common-area.forums.$slug.tsx",
  "app/routes/_app.common-area.live._index.tsx",
  "app/routes/_app.common-area.live.$id.tsx",
  "app/routes/_app.learning-hub.courses._index.tsx",
  "app/routes/_app.learning-hub.paths._index.tsx",
  "app/routes/_app.learning-hub._index.tsx",
  "app/routes/_app.learning-hub.analytics.tsx",
  "app/routes/_app.learning-hub.paths.$slug.tsx",
  "app/routes/_app.learning-hub.courses.$slug.tsx",
  "app/routes/_app.learning-hub.courses.$slug_.lessons.$lessonId.tsx",
  "app/routes/_app.learning-hub.courses.$slug_.quizzes.$quizId.tsx",
  "app/routes/_app.learning-hub.certifications._index.tsx",
  "app/routes/_app.learning-hub.certifications.$id.tsx",
  "app/routes/verify-certificate.$number.tsx",
  "app/routes/_app.learning-hub.continuing-education.tsx",
  "app/routes/_app.legal._index.tsx",
  "app/routes/_app.legal.$slug.tsx",
  "app/routes/_app.legal.submissions.tsx",
  "app/routes/_app.legal.review.tsx",
  "app/routes/_app.legal.$slug_.edit.tsx",
  "app/routes/_app.learning-hub.courses.$slug_.review.tsx",
  "app/routes/_app.learning-hub.purchases.$sessionId.tsx",
  "app/routes/_app.learning-hub.manage._index.tsx",
  "app/routes/_app.learning-hub.manage.$courseId.tsx",
  "app/routes/_app.calendar_.events.$id.tsx",
  "app/routes/_app.calendar_.events.$id_.edit.tsx",
  "app/routes/_app.financials.tsx",
  "app/routes/_app.financials._index.tsx",
  "app/routes/_app.documents._index.tsx",
  "app/routes/_app.documents.$id.tsx",
  "app/routes/_app.notifications.tsx",
  "app/routes/_app.settings.tsx",
  "app/routes/_app.settings.account.tsx",
  "app/routes/_app.profile.edit.tsx",
  "app/routes/_app.professional.$slug.tsx",
  "app/routes/_app.directory.tsx",
  "app/routes/_app.settings.security.tsx",
  // Pages whose forms are checked on the server only (issue 27, part 4): RFPs, properties, onboarding, auth.
  "app/routes/_app.rfps.$id.tsx",
  "app/routes/_app.rfps.$id_.proposals.tsx",
  "app/routes/_app.rfps_.new.tsx",
  "app/routes/_app.rfps_.$id.edit.tsx",
  "app/routes/onboarding.$step.tsx",
  "app/routes/_app.settings.roles.tsx",
  "app/routes/auth.confirm.tsx",
  "app/routes/auth.reset-password.tsx",
  "app/routes/auth.sign-in-link.tsx",
  "app/routes/email.unsubscribe.tsx",
  "app/routes/_app.properties.$id.tsx",
  "app/routes/_app.properties.new.tsx",
  "app/routes/_app.properties.join.tsx",
  // The professional network (issue 28).
  "app/routes/_app.connections.tsx",
  "app/routes/_app.professional._index.tsx",
  "app/routes/_app.professional.skills.tsx",
  "app/routes/_app.professional.endorsements.tsx",
];

const ALIASES: [string, string][] = [
  ["~/", "app/"],
  ["@domain/", "domain/"],
  ["@db/", "db/"],
];

/** The specifiers a module imports at run time (static imports and re-exports, not `import type`). */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?(?:[\s\S]*?\s+from\s+)?["']([^"']+)["']/gm;
  for (const match of source.matchAll(statement)) {
    if (match[2]) continue;
    const specifier = match[3];
    if (specifier) found.push(specifier);
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string | "asset" | null {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  let base: string;
  if (alias) base = path.join(ROOT, alias[1], specifier.slice(alias[0].length));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  // A stylesheet or another asset: no JavaScript to follow.
  if (/\.(css|svg|png|json)(\?.*)?$/.test(specifier)) return "asset";
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${specifier}`);
}

/** Each forbidden package the page reaches, with the chain of modules that leads to it. */
function forbiddenReached(entry: string): string[] {
  const reached: string[] = [];
  const via = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const specifier of runtimeImports(readFileSync(file, "utf8"))) {
      const local = resolveLocal(file, specifier);
      if (local === null) {
        if (FORBIDDEN.includes(specifier)) {
          const chain = [specifier];
          for (let at: string | null = file; at; at = via.get(at) ?? null)
            chain.unshift(path.relative(ROOT, at));
          reached.push(chain.join(" -> "));
        }
        continue;
      }
      // A *.server module is an empty module in the browser build.
      if (local === "asset") continue;
      if (/\.server(\.tsx?)?$/.test(local) || /\.server\//.test(local)) continue;
      if (!via.has(local)) {
        via.set(local, file);
        queue.push(local);
      }
    }
  }
  return reached;
}

describe("the JavaScript of the shell's pages", () => {
  it("finds the imports the browser follows (and not types, nor *.server modules)", () => {
    expect(
      runtimeImports(
        [
          'import type { A } from "zod";',
          'import { type B, c } from "@domain/meeting/types";',
          "import {\n  d,\n  e,\n} from '~/components/x';",
          'export { f } from "./f";',
          'export type { G } from "./g";',
          'import "./side-effect";',
          'const later = () => import("./lazy");',
        ].join("\n"),
      ),
    ).toEqual(["@domain/meeting/types", "~/components/x", "./f", "./side-effect"]);
  });

  it("catches a page that reaches zod through a domain index", () => {
    // domain/meeting/index.ts re-exports the meeting's schemas and machine.
    expect(forbiddenReached(path.join(ROOT, "domain/meeting/index.ts"))).toEqual(
      expect.arrayContaining([expect.stringMatching(/-> zod$/), expect.stringMatching(/-> xstate$/)]),
    );
  });

  it.each(PAGES)("%s carries no zod, Conform's zod adapter or xstate", (page) => {
    expect(forbiddenReached(path.join(ROOT, page))).toEqual([]);
  });
});
