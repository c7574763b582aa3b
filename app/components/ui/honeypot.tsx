import { HONEYPOT_FIELD } from "~/honeypot";

/**
 * A field people never see or fill, but form-filling bots do. Hidden from sight, from the keyboard
 * and from assistive technology; the server refuses a form that fills it.
 */
export function Honeypot() {
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
    </div>
  );
}
