import { billingNoticesReaction } from "./billing";
import { meetingInvitationsReaction } from "./meeting-invitations";
import { notificationsReaction } from "./notifications";
import { savedSearchAlertsReaction } from "./saved-search-alerts";
import type { Reaction } from "./types";

/** Every reaction, run in the appending transaction of the events it reacts to. */
export const reactions: readonly Reaction[] = [
  notificationsReaction,
  meetingInvitationsReaction,
  billingNoticesReaction,
  savedSearchAlertsReaction,
];
