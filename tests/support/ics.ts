/**
 * A small RFC 5545 reader for tests: unfolds lines, and reads the text into nested components whose
 * properties keep their parameters, so a test asserts on parsed values rather than on substrings.
 */

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface IcsComponent {
  type: string;
  properties: IcsProperty[];
  components: IcsComponent[];
  /** The first value of a property (undefined: none). */
  get(name: string): string | undefined;
  /** The first property of that name with its parameters. */
  prop(name: string): IcsProperty | undefined;
  /** Child components of a type. */
  all(type: string): IcsComponent[];
}

function component(type: string): IcsComponent {
  const c: IcsComponent = {
    type,
    properties: [],
    components: [],
    get: (name) => c.properties.find((p) => p.name === name)?.value,
    prop: (name) => c.properties.find((p) => p.name === name),
    all: (t) => c.components.filter((x) => x.type === t),
  };
  return c;
}

/** Parses one VCALENDAR; throws on a malformed file (unbalanced BEGIN/END, a line without a colon). */
export function parseIcs(text: string): IcsComponent {
  if (!text.includes("\r\n")) throw new Error("iCalendar lines end in CRLF");
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
  const stack: IcsComponent[] = [];
  let root: IcsComponent | null = null;
  for (const line of lines) {
    const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    if (colon < 0) throw new Error(`Not a content line: ${line}`);
    const [name = "", ...rawParams] = line.slice(0, colon).split(";");
    const value = line.slice(colon + 1);
    if (name === "BEGIN") {
      const c = component(value);
      stack.at(-1)?.components.push(c);
      stack.push(c);
      root ??= c;
      continue;
    }
    if (name === "END") {
      const open = stack.pop();
      if (open?.type !== value) throw new Error(`END:${value} closes ${open?.type ?? "nothing"}`);
      continue;
    }
    const top = stack.at(-1);
    if (!top) throw new Error(`Property outside a component: ${line}`);
    const params = Object.fromEntries(
      rawParams.map((p) => {
        const eq = p.indexOf("=");
        return [p.slice(0, eq).toUpperCase(), p.slice(eq + 1).replace(/^"|"$/g, "")];
      }),
    );
    top.properties.push({ name: name.toUpperCase(), params, value });
  }
  if (!root || stack.length > 0) throw new Error("Unbalanced iCalendar");
  return root;
}
