import {
  allowedActions,
  CONNECTION_MESSAGES,
  CONNECTION_STATUS_FILTER_LABELS,
  CONNECTION_STATUS_LABELS,
  CONNECTION_TEXTS,
  CONNECTION_TYPE_FILTER_LABELS,
  type ConnectionFacts,
  connectionState,
  connectionTypeText,
  DEFAULT_REQUEST_MESSAGE,
  mayDo,
  mutualConnectionsText,
  reachability,
  remainingRequestsHint,
  requestRefusal,
  statusAfter,
} from "@domain/network/connections";
import { describe, expect, it } from "vitest";

const A = "a";
const B = "b";
const row = (status: ConnectionFacts["status"], blockedBy: string | null = null): ConnectionFacts => ({
  requesterId: A,
  addresseeId: B,
  status,
  blockedBy,
});

describe("connection states as each person sees them", () => {
  it("given no row or a declined one, when either looks, then there is no connection", () => {
    expect(connectionState(null, A)).toBe("none");
    expect(connectionState(row("declined"), A)).toBe("none");
    expect(connectionState(row("declined"), B)).toBe("none");
  });
  it("a pending request is outgoing for the requester and incoming for the addressee", () => {
    expect(connectionState(row("pending"), A)).toBe("outgoing");
    expect(connectionState(row("pending"), B)).toBe("incoming");
  });
  it("accepted is connected for both; a block is the blocker's", () => {
    expect(connectionState(row("accepted"), B)).toBe("connected");
    expect(connectionState(row("blocked", B), B)).toBe("blocked_by_me");
    expect(connectionState(row("blocked", B), A)).toBe("blocked_by_them");
  });
});

describe("who may do what (spec 002 sections 4 and 6)", () => {
  it("request and block with no connection", () => {
    expect(allowedActions("none")).toEqual(["request", "block"]);
  });
  it("only the requester cancels; only the addressee accepts or declines", () => {
    expect(mayDo("outgoing", "cancel")).toBe(true);
    expect(mayDo("outgoing", "accept")).toBe(false);
    expect(mayDo("outgoing", "decline")).toBe(false);
    expect(mayDo("incoming", "accept")).toBe(true);
    expect(mayDo("incoming", "decline")).toBe(true);
    expect(mayDo("incoming", "cancel")).toBe(false);
  });
  it("either side removes an accepted connection; anyone blocks except across a block", () => {
    expect(mayDo("connected", "remove")).toBe(true);
    for (const s of ["none", "outgoing", "incoming", "connected"] as const)
      expect(mayDo(s, "block")).toBe(true);
    expect(mayDo("blocked_by_me", "block")).toBe(false);
    expect(mayDo("blocked_by_them", "block")).toBe(false);
  });
  it("only the blocker unblocks; the blocked person can do nothing", () => {
    expect(allowedActions("blocked_by_me")).toEqual(["unblock"]);
    expect(allowedActions("blocked_by_them")).toEqual([]);
  });
  it("a request is refused with a clear reason in every state but none", () => {
    expect(requestRefusal("none")).toBeNull();
    expect(requestRefusal("outgoing")).toBe(CONNECTION_MESSAGES.alreadySent);
    expect(requestRefusal("incoming")).toBe(CONNECTION_MESSAGES.theyAsked);
    expect(requestRefusal("connected")).toBe(CONNECTION_MESSAGES.alreadyConnected);
    expect(requestRefusal("blocked_by_me")).toBe(CONNECTION_MESSAGES.blocked);
    expect(requestRefusal("blocked_by_them")).toBe(CONNECTION_MESSAGES.blocked);
  });
  it("cancel, remove, decline and unblock leave a row that may be asked again", () => {
    for (const a of ["decline", "cancel", "remove", "unblock"] as const) {
      expect(statusAfter(a)).toBe("declined");
      expect(connectionState(row(statusAfter(a)), A)).toBe("none");
    }
    expect(statusAfter("accept")).toBe("accepted");
    expect(statusAfter("block")).toBe("blocked");
    expect(statusAfter("request")).toBe("pending");
  });
  it("Connect and Message never for oneself nor across a block", () => {
    expect(reachability(A, A, "none")).toEqual({ connect: false, message: false, visible: false });
    expect(reachability(A, B, "none").connect).toBe(true);
    expect(reachability(A, B, "connected")).toEqual({ connect: false, message: true, visible: true });
    expect(reachability(A, B, "blocked_by_them").visible).toBe(false);
    expect(reachability(A, B, "blocked_by_me").connect).toBe(false);
  });
});

describe("the spec's words", () => {
  it("labels, options, default message and empty states word for word", () => {
    expect(Object.values(CONNECTION_STATUS_LABELS)).toEqual(["Pending", "Connected", "Declined", "Blocked"]);
    expect(Object.values(CONNECTION_TYPE_FILTER_LABELS)).toEqual([
      "All Types",
      "Professional",
      "Colleague",
      "Vendor/Client",
      "Board/Manager",
    ]);
    expect(Object.values(CONNECTION_STATUS_FILTER_LABELS)).toEqual(["All Status", "Connected", "Pending"]);
    expect(DEFAULT_REQUEST_MESSAGE).toBe("I would like to connect with you professionally");
    expect(CONNECTION_TEXTS.searchPlaceholder).toBe("Search connections...");
    expect(CONNECTION_TEXTS.noConnections).toBe("No connections yet");
    expect(CONNECTION_TEXTS.findPeople).toBe("Find People to Connect");
    expect(CONNECTION_TEXTS.noSuggestions).toBe("No suggestions available");
    expect(CONNECTION_TEXTS.noSuggestionsHint).toBe("Check back later for new connection suggestions");
  });
  it("underscores as spaces; the real mutual count; the remaining hint under 5", () => {
    expect(connectionTypeText("vendor_client")).toBe("vendor client");
    expect(mutualConnectionsText(1)).toBe("1 mutual connection");
    expect(mutualConnectionsText(3)).toBe("3 mutual connections");
    expect(remainingRequestsHint(5)).toBeNull();
    expect(remainingRequestsHint(4)).toBe("4 connection requests remaining today");
    expect(remainingRequestsHint(1)).toBe("1 connection request remaining today");
  });
});
