import { createHash, randomBytes } from "node:crypto";

/**
 * The single-use tokens of invitation answer links (calendar events and board meetings, issue 12): a
 * random token goes in the e-mail, only its SHA-256 hash is stored, each new invitation or update mail
 * replaces it and an answer clears it (one conditional UPDATE, so a link works once even when two
 * requests race). The answer page is /calendar/invitations/{token} for both.
 */

/** Only this hash of an answer token is stored. */
export const hashAnswerToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** A new token and the hash to store. */
export function newAnswerToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashAnswerToken(token) };
}

/** Whether a link's token could be one (anything else is refused before a query). */
export const plausibleAnswerToken = (token: string) => token.length > 0 && token.length <= 100;
