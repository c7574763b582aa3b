/** The honeypot field's name: plausible enough that bots fill it. It must come back empty. */
export const HONEYPOT_FIELD = "company_website";

/** The signed time the form was rendered at (app/honeypot.server.ts): "<ms>.<HMAC-SHA256>". */
export const HONEYPOT_STAMP_FIELD = "form_started";

/** What a refused public form says (issue 11, part 4.3); each names what to do next. */
export const HONEYPOT_MESSAGES = {
  title: "Your form was not sent",
  filled:
    "A field that people cannot see was filled in, as automated programs do. If a browser extension fills forms for you, turn it off for this page and send the form again.",
  unsigned: "This form could not be checked. Reload the page and send it again.",
  tooFast: "This form was sent faster than a person can fill it in. Check what you typed and send it again.",
  expired: "This form was opened too long ago. Reload the page and send it again.",
} as const;
