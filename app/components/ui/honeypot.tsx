import { HONEYPOT_FIELD, HONEYPOT_STAMP_FIELD } from "~/honeypot";

/**
 * A field people never see or fill, but form-filling bots do, and the signed time the form was
 * rendered (`stamp`, from the page's loader: honeypotStamp() in app/honeypot.server.ts). Hidden from
 * sight, from the keyboard and from assistive technology; the server refuses a form that fills the
 * field, lacks a valid stamp, or comes back too soon or too late.
 */
export function Honeypot({ stamp }: { stamp: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
      <input type="hidden" name={HONEYPOT_STAMP_FIELD} value={stamp} />
    </div>
  );
}
