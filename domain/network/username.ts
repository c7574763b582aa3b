/**
 * Profile addresses (issue 28, part 1): /professional/{username}. A username is lower-case letters,
 * digits and single dashes, 3 to 40 characters, unique (the database's unique index on lower(username)).
 * New accounts get one made from their name (usernameBase); a taken one gets -2, -3, ... or a short
 * random suffix (app/commands/usernames.server.ts).
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 40;

/** Lower-case letters, digits and dashes; no dash at either end, never two in a row. */
export const USERNAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Addresses the product's own pages under /professional use (the Professional Center's targets of spec
 * 002 section 2 and /professional/me): never a person's username.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  "me",
  "edit",
  "new",
  "discover",
  "portfolio",
  "network",
  "analytics",
  "connect",
  "user",
  "users",
  "settings",
  "admin",
  "directory",
]);

export const USERNAME_MESSAGES = {
  required: "Username is required",
  tooShort: `Username must be at least ${USERNAME_MIN} characters`,
  tooLong: `Username must be at most ${USERNAME_MAX} characters`,
  pattern: "Username may contain only lower-case letters, digits and dashes (not at the start or end)",
  reserved: "This username is reserved. Please choose another.",
  taken: "This username is already taken. Please choose another.",
} as const;

/** Why `value` cannot be a username, or null when it can (the uniqueness is the database's to say). */
export function usernameProblem(value: string): string | null {
  if (value.length === 0) return USERNAME_MESSAGES.required;
  if (value.length < USERNAME_MIN) return USERNAME_MESSAGES.tooShort;
  if (value.length > USERNAME_MAX) return USERNAME_MESSAGES.tooLong;
  if (!USERNAME_PATTERN.test(value)) return USERNAME_MESSAGES.pattern;
  if (RESERVED_USERNAMES.has(value)) return USERNAME_MESSAGES.reserved;
  return null;
}

/**
 * The slug of a name: diacritics folded ("José Núñez" -> "jose-nunez"), lower case, every run of other
 * characters one dash, no dash at either end, at most `max` characters (cut at a word's end when one is
 * near). Empty when nothing is left.
 */
export function slugify(text: string, max = USERNAME_MAX): string {
  const folded = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/[æÆ]/g, "ae")
    .replace(/[øØ]/g, "o")
    .replace(/[łŁ]/g, "l")
    .toLowerCase();
  const dashed = folded.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  if (dashed.length <= max) return dashed;
  const cut = dashed.slice(0, max);
  const lastDash = cut.lastIndexOf("-");
  // Keep whole words when that loses little; otherwise cut the word.
  const trimmed = lastDash >= max / 2 ? cut.slice(0, lastDash) : cut;
  return trimmed.replace(/-+$/g, "");
}

/**
 * The username a new account starts from: the name's slug, else the e-mail's local part, else
 * "member"; padded to the minimum length and never a reserved word (then "-member" is added).
 */
export function usernameBase(fullName: string | null | undefined, email: string | null | undefined): string {
  let base = slugify(fullName ?? "");
  if (base.length === 0) base = slugify((email ?? "").split("@")[0] ?? "");
  if (base.length === 0) base = "member";
  if (base.length < USERNAME_MIN || RESERVED_USERNAMES.has(base)) base = `${base}-member`;
  return base;
}

/**
 * The candidate for the n-th try (n = 1 is the base itself; then base-2, base-3, ...), cut so that the
 * whole stays within the maximum length.
 */
export function usernameCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, USERNAME_MAX - suffix.length).replace(/-+$/g, "")}${suffix}`;
}

/** The base with a given random suffix (a few lower-case letters or digits), within the maximum length. */
export function usernameWithSuffix(base: string, suffix: string): string {
  const tail = `-${suffix}`;
  return `${base.slice(0, USERNAME_MAX - tail.length).replace(/-+$/g, "")}${tail}`;
}

/**
 * The first free candidate given the usernames already taken that start with the base (lower case):
 * base, base-2, base-3 ... up to `tries`; null when all are taken (the caller adds a random suffix).
 */
export function firstFreeUsername(base: string, taken: Iterable<string>, tries = 50): string | null {
  const used = new Set(Array.from(taken, (t) => t.toLowerCase()));
  for (let n = 1; n <= tries; n++) {
    const candidate = usernameCandidate(base, n);
    if (!used.has(candidate)) return candidate;
  }
  return null;
}
