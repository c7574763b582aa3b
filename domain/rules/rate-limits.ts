/**
 * Server-side limits on public and authentication actions (per IP and per account), and the
 * per-user action limits of spec 002 section 9. A window is fixed: `limit` attempts per `windowSeconds`.
 */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export const AUTH_RATE_LIMITS = {
  /** Failed sign-ins from one address (successful ones do not count: one office shares an address). */
  sign_in_ip: { limit: 30, windowSeconds: 15 * 60 },
  /** Failed sign-ins against one account from untrusted clients: well under ASVS 2.2.1's 100 per hour. */
  sign_in_account: { limit: 10, windowSeconds: 15 * 60 },
  /** Failed sign-ins from one trusted device (a device cookie: it signed in to the account before). */
  sign_in_device: { limit: 10, windowSeconds: 15 * 60 },
  sign_up_ip: { limit: 10, windowSeconds: 60 * 60 },
  reset_ip: { limit: 10, windowSeconds: 60 * 60 },
  reset_account: { limit: 5, windowSeconds: 60 * 60 },
  confirm_resend_account: { limit: 5, windowSeconds: 60 * 60 },
  /** One-time sign-in links asked for (issue 11, part 3.4), as password resets. */
  sign_in_link_ip: { limit: 10, windowSeconds: 60 * 60 },
  sign_in_link_account: { limit: 5, windowSeconds: 60 * 60 },
  contact_ip: { limit: 5, windowSeconds: 60 * 60 },
  /** Error reports from browsers (POST /api/errors): enough for a burst, not for a flood. */
  error_report_ip: { limit: 30, windowSeconds: 60 },
  /** Web-vitals beacons (POST /api/vitals): about two per page load, so a brisk reader stays well under. */
  vitals_ip: { limit: 60, windowSeconds: 60 },
} as const satisfies Record<string, RateLimit>;

/** Spec 002 section 9: per user. */
export const USER_ACTION_LIMITS = {
  create_post: { limit: 10, windowSeconds: 60 * 60 },
  like_post: { limit: 30, windowSeconds: 60 },
  create_comment: { limit: 5, windowSeconds: 60 },
  send_message: { limit: 20, windowSeconds: 60 },
  send_connection_request: { limit: 50, windowSeconds: 24 * 60 * 60 },
  update_profile: { limit: 3, windowSeconds: 60 },
  upload_file: { limit: 10, windowSeconds: 60 },
  search_users: { limit: 30, windowSeconds: 60 },
  create_rfp: { limit: 5, windowSeconds: 60 * 60 },
  submit_proposal: { limit: 10, windowSeconds: 60 * 60 },
  /** Ours (issue 28, part 8): asking connections for endorsements. */
  request_endorsement: { limit: 20, windowSeconds: 24 * 60 * 60 },
  /**
   * Ours (issue 29, part 9): up and down votes on posts and comments, as like_post (a vote is the
   * feed's other one-click reaction), so a person can vote through a page of posts but not script it.
   */
  vote: { limit: 30, windowSeconds: 60 },
  /** Ours (issue 29, part 9): reports of posts and comments; a moderator reads each one. */
  report: { limit: 10, windowSeconds: 60 * 60 },
  /**
   * Ours (issue 29, part 6; decision 068): messages in a live discussion. A chat is quicker than a
   * conversation (send_message allows 20 a minute), so 30 a minute: brisk typing passes, a script not.
   */
  live_message: { limit: 30, windowSeconds: 60 },
} as const satisfies Record<string, RateLimit>;

/** The start of the fixed window `at` falls in. */
export function windowStart(at: Date, windowSeconds: number): Date {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(at.getTime() / ms) * ms);
}

/** What a person is doing too often, for the limit message of spec 002 section 8. */
export const USER_ACTION_ACTIVITIES: Record<keyof typeof USER_ACTION_LIMITS, string> = {
  create_post: "posting",
  like_post: "liking posts",
  create_comment: "commenting",
  send_message: "sending messages",
  send_connection_request: "sending connection requests",
  update_profile: "updating your profile",
  upload_file: "uploading files",
  search_users: "searching",
  create_rfp: "creating RFPs",
  submit_proposal: "submitting proposals",
  request_endorsement: "requesting endorsements",
  vote: "voting",
  report: "reporting content",
  live_message: "sending messages",
};

export type UserAction = keyof typeof USER_ACTION_LIMITS;

/**
 * "N posts remaining" shows when fewer than 5 remain, "N comments remaining" when fewer than 3, "N
 * messages remaining" when fewer than 5 (spec 002 section 5); votes and reports as posts and comments.
 */
export const REMAINING_HINTS: Partial<Record<UserAction, { below: number; one: string; many: string }>> = {
  create_post: { below: 5, one: "post", many: "posts" },
  create_comment: { below: 3, one: "comment", many: "comments" },
  send_message: { below: 5, one: "message", many: "messages" },
  vote: { below: 5, one: "vote", many: "votes" },
  report: { below: 3, one: "report", many: "reports" },
  live_message: { below: 5, one: "message", many: "messages" },
};

/** The "N posts remaining" hint for what is left of this action's window, or null when plenty remain. */
export function remainingHintFor(action: UserAction, remaining: number): string | null {
  const hint = REMAINING_HINTS[action];
  if (!hint || remaining < 0 || remaining >= hint.below) return null;
  return `${remaining} ${remaining === 1 ? hint.one : hint.many} remaining`;
}

/**
 * Spec 002 section 8: "You're {activity} too frequently. Please try again in N seconds." (or
 * "Please try again later." when the wait is unknown).
 */
export function userActionLimitMessage(action: keyof typeof USER_ACTION_LIMITS, retryAfterSeconds?: number) {
  const wait =
    retryAfterSeconds && retryAfterSeconds > 0
      ? `Please try again in ${retryAfterSeconds} seconds.`
      : "Please try again later.";
  return `You're ${USER_ACTION_ACTIVITIES[action]} too frequently. ${wait}`;
}
