/** The minutes page of a meeting (its motions and action items): what approvals, awards and reminders cite. */
export const meetingMinutesUrl = (meetingId: string) => `/board-room/meetings/${meetingId}/minutes`;

/**
 * Where an action item is shown, for the reminders and the calendar: the action items of the meeting it
 * came from (its minutes page), not My Action Items, which lists the active association's only; the
 * minutes page of another of the person's associations offers the switch to it (decision 036).
 */
export const actionItemUrl = (meetingId: string) => `${meetingMinutesUrl(meetingId)}#action-items-heading`;
