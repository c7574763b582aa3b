/** The honeypot field's name: plausible enough that bots fill it. */
export const HONEYPOT_FIELD = "company_website";

/** Throws a 400 when the honeypot was filled: a bot, not a person. */
export function assertNotBot(form: FormData) {
  const value = form.get(HONEYPOT_FIELD);
  if (typeof value === "string" && value.trim() !== "") {
    throw new Response("Form submission rejected", { status: 400 });
  }
}
