/**
 * Connections of the professional network (spec 002: "Connections and Professional Network", section 3
 * Connection, section 4 Connections, section 5 Connection search, section 9 limits; issue 28 part 3).
 * One row per pair of people (db/schema/network.ts). Pure: what each person may do in each state, the
 * labels and the messages. The commands (app/commands/connections.server.ts) apply these rules under a
 * row lock; the pages only show what these rules allow.
 */

export const CONNECTION_STATUSES = ["pending", "accepted", "declined", "blocked"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Spec 002 section 4: "Labels: Pending, Connected, Declined, Blocked". */
export const CONNECTION_STATUS_LABELS: Record<ConnectionStatus, string> = {
  pending: "Pending",
  accepted: "Connected",
  declined: "Declined",
  blocked: "Blocked",
};

export const CONNECTION_TYPES = ["professional", "colleague", "vendor_client", "board_manager"] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export const isConnectionType = (value: unknown): value is ConnectionType =>
  typeof value === "string" && (CONNECTION_TYPES as readonly string[]).includes(value);

/** Spec 002 section 3: "Underscores are shown as spaces" (on the card: "vendor client"). */
export const connectionTypeText = (type: string) => type.replace(/_/g, " ");

/** The filter's options, word for word (spec 002: "Connection Type options"). */
export const CONNECTION_TYPE_FILTER_LABELS: Record<"all" | ConnectionType, string> = {
  all: "All Types",
  professional: "Professional",
  colleague: "Colleague",
  vendor_client: "Vendor/Client",
  board_manager: "Board/Manager",
};

/** Spec 002: "Status options: All Status, Connected, Pending" (pending: requests either way). */
export const CONNECTION_STATUS_FILTERS = ["all", "connected", "pending"] as const;
export type ConnectionStatusFilter = (typeof CONNECTION_STATUS_FILTERS)[number];
export const CONNECTION_STATUS_FILTER_LABELS: Record<ConnectionStatusFilter, string> = {
  all: "All Status",
  connected: "Connected",
  pending: "Pending",
};

/** Spec 002 section 7: the request's default message. */
export const DEFAULT_REQUEST_MESSAGE = "I would like to connect with you professionally";

/** Longest request or answer message we keep (the spec names none; a message's limit is 2000). */
export const CONNECTION_MESSAGE_MAX = 500;

/** Spec 002 section 9: "Suggestions limited to maxItems (20 by default)". */
export const SUGGESTIONS_LIMIT = 20;

/** The spec's texts, word for word, and ours. */
export const CONNECTION_TEXTS = {
  myConnections: "My Connections",
  suggestions: "Suggestions",
  searchPlaceholder: "Search connections...",
  filters: "Filters",
  connectionType: "Connection Type",
  status: "Status",
  connections: "Connections",
  pending: "Pending",
  requests: "Connection Requests",
  sentRequests: "Sent Requests",
  noConnections: "No connections yet",
  findPeople: "Find People to Connect",
  noSuggestions: "No suggestions available",
  noSuggestionsHint: "Check back later for new connection suggestions",
  connected: "Connected",
  message: "Message",
  remove: "Remove Connection",
  connect: "Connect",
  accept: "Accept",
  decline: "Decline",
  cancel: "Cancel",
  block: "Block",
  unblock: "Unblock",
  blockedPeople: "Blocked people",
} as const;

export const CONNECTION_MESSAGES = {
  notFound: "Connection not found",
  self: "You cannot connect with yourself",
  alreadyConnected: "You are already connected",
  alreadySent: "You already sent this person a connection request",
  theyAsked: "This person already sent you a connection request: accept it under Connection Requests instead",
  blocked: "You cannot send a connection request to this person",
  notAllowed: "This connection cannot be changed that way",
  stale: "This connection changed since the page was shown. Here it is as it is now.",
  messageTooLong: `A message can be at most ${CONNECTION_MESSAGE_MAX} characters`,
  sent: "Connection request sent",
  accepted: "Connection request accepted",
  declined: "Connection request declined",
  cancelled: "Connection request cancelled",
  removed: "Connection removed",
  blockedDone: "Person blocked",
  unblocked: "Person unblocked",
} as const;

/** The spec's "N remaining" hint, shown when fewer than this remain (like "N messages remaining"). */
export const REMAINING_HINT_BELOW = 5;
export const remainingRequestsHint = (remaining: number) =>
  remaining < REMAINING_HINT_BELOW
    ? `${remaining} connection ${remaining === 1 ? "request" : "requests"} remaining today`
    : null;

/** Spec: "N mutual connection(s)". */
export const mutualConnectionsText = (count: number) =>
  `${count} mutual ${count === 1 ? "connection" : "connections"}`;

/** The one row between two people, as the rules need it. */
export interface ConnectionFacts {
  requesterId: string;
  addresseeId: string;
  status: ConnectionStatus;
  blockedBy: string | null;
}

/**
 * The pair as one of them sees it: no connection (none yet, or declined, cancelled, removed or
 * unblocked, which may be asked again), a request they sent, one they received, connected, or blocked
 * by them or by the other.
 */
export type ConnectionState =
  | "none"
  | "outgoing"
  | "incoming"
  | "connected"
  | "blocked_by_me"
  | "blocked_by_them";

export function connectionState(row: ConnectionFacts | null, viewerId: string): ConnectionState {
  if (!row) return "none";
  switch (row.status) {
    case "pending":
      return row.requesterId === viewerId ? "outgoing" : "incoming";
    case "accepted":
      return "connected";
    case "declined":
      return "none";
    case "blocked":
      return row.blockedBy === viewerId ? "blocked_by_me" : "blocked_by_them";
    default: {
      const never: never = row.status;
      throw new Error(`Unknown connection status ${never}`);
    }
  }
}

export const CONNECTION_ACTIONS = [
  "request",
  "accept",
  "decline",
  "cancel",
  "remove",
  "block",
  "unblock",
] as const;
export type ConnectionAction = (typeof CONNECTION_ACTIONS)[number];

/**
 * Spec 002 sections 4 and 6: who may do what. A request: either person when there is no connection;
 * accept or decline: the addressee of a pending request; cancel: its requester; remove: either side of
 * an accepted connection; block: either person in any state but a block; unblock: the blocker only.
 */
const ALLOWED: Record<ConnectionState, readonly ConnectionAction[]> = {
  none: ["request", "block"],
  outgoing: ["cancel", "block"],
  incoming: ["accept", "decline", "block"],
  connected: ["remove", "block"],
  blocked_by_me: ["unblock"],
  blocked_by_them: [],
};

export const allowedActions = (state: ConnectionState): readonly ConnectionAction[] => ALLOWED[state];

export const mayDo = (state: ConnectionState, action: ConnectionAction) => ALLOWED[state].includes(action);

/** Why a request is refused in a state (null: it may be sent). */
export function requestRefusal(state: ConnectionState): string | null {
  switch (state) {
    case "none":
      return null;
    case "outgoing":
      return CONNECTION_MESSAGES.alreadySent;
    case "incoming":
      return CONNECTION_MESSAGES.theyAsked;
    case "connected":
      return CONNECTION_MESSAGES.alreadyConnected;
    case "blocked_by_me":
    case "blocked_by_them":
      return CONNECTION_MESSAGES.blocked;
    default: {
      const never: never = state;
      throw new Error(`Unknown connection state ${never}`);
    }
  }
}

/** The status a transition leaves the row in (a cancel, remove or unblock: no connection, askable again). */
export function statusAfter(action: ConnectionAction): ConnectionStatus {
  switch (action) {
    case "request":
      return "pending";
    case "accept":
      return "accepted";
    case "decline":
    case "cancel":
    case "remove":
    case "unblock":
      return "declined";
    case "block":
      return "blocked";
    default: {
      const never: never = action;
      throw new Error(`Unknown connection action ${never}`);
    }
  }
}

/** Where "Connect" and "Message" may show for another person (never for oneself, never across a block). */
export function reachability(viewerId: string, otherId: string, state: ConnectionState) {
  const self = viewerId === otherId;
  const blocked = state === "blocked_by_me" || state === "blocked_by_them";
  return {
    connect: !self && state === "none",
    message: !self && state === "connected",
    visible: !self && !blocked,
  };
}

/** Suggestion signals, their reasons and weights (the confidence score is their sum, at most 100). */
export const SUGGESTION_WEIGHTS = {
  association: 40,
  mutualEach: 10,
  mutualMax: 40,
  city: 15,
  complementary: 25,
} as const;

export const SUGGESTION_REASONS = {
  association: "Member of the same association",
  city: "In your city",
  /** To a board member or manager: a vendor. */
  vendor: "Vendor serving associations like yours",
  /** To a vendor: a board member or manager. */
  governs: "Board member or manager you may work with",
} as const;
