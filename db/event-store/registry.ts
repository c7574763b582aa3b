import {
  evolve as evolveSubscription,
  initialSubscriptionState,
  SUBSCRIPTION_STREAM_TYPE,
  SubscriptionEvent,
  type SubscriptionState,
} from "../../domain/billing";
import {
  CREDITS_STREAM_TYPE,
  CreditsEvent,
  type CreditsState,
  evolve as evolveCredits,
  initialCreditsState,
} from "../../domain/credits";
import {
  evolve as evolveMeeting,
  initialMeetingState,
  MEETING_STREAM_TYPE,
  MeetingEvent,
  type MeetingState,
} from "../../domain/meeting";
import {
  evolve as evolveProposal,
  initialProposalState,
  PROPOSAL_STREAM_TYPE,
  ProposalEvent,
  type ProposalState,
} from "../../domain/proposal";
import {
  evolve as evolveRfp,
  initialRfpState,
  RFP_STREAM_TYPE,
  RfpEvent,
  type RfpState,
} from "../../domain/rfp";
import { EventValidationError, type NewEvent, type StreamDefinition } from "./types";

export const creditsStream: StreamDefinition<CreditsState, CreditsEvent> = {
  type: CREDITS_STREAM_TYPE,
  eventSchema: CreditsEvent,
  initialState: initialCreditsState,
  evolve: evolveCredits,
  snapshotSchema: 1,
};

export const rfpStream: StreamDefinition<RfpState, RfpEvent> = {
  type: RFP_STREAM_TYPE,
  eventSchema: RfpEvent,
  initialState: initialRfpState,
  evolve: evolveRfp,
  snapshotSchema: 1,
};

export const proposalStream: StreamDefinition<ProposalState, ProposalEvent> = {
  type: PROPOSAL_STREAM_TYPE,
  eventSchema: ProposalEvent,
  initialState: initialProposalState,
  evolve: evolveProposal,
  snapshotSchema: 1,
};

export const meetingStream: StreamDefinition<MeetingState, MeetingEvent> = {
  type: MEETING_STREAM_TYPE,
  eventSchema: MeetingEvent,
  initialState: initialMeetingState,
  evolve: evolveMeeting,
  // 2: attendees hold their RSVP answer; 3: the state holds the board packet.
  snapshotSchema: 3,
};

export const subscriptionStream: StreamDefinition<SubscriptionState, SubscriptionEvent> = {
  type: SUBSCRIPTION_STREAM_TYPE,
  eventSchema: SubscriptionEvent,
  initialState: initialSubscriptionState,
  evolve: evolveSubscription,
  snapshotSchema: 1,
};

// biome-ignore lint/suspicious/noExplicitAny: a registry of heterogeneous stream definitions
const definitions = new Map<string, StreamDefinition<any, any>>(
  [creditsStream, rfpStream, proposalStream, meetingStream, subscriptionStream].map((d) => [d.type, d]),
);

// biome-ignore lint/suspicious/noExplicitAny: a registry of heterogeneous stream definitions
export function streamDefinition(type: string): StreamDefinition<any, any> {
  const def = definitions.get(type);
  if (!def) throw new Error(`Unknown stream type ${type}`);
  return def;
}

export function streamDefinitions() {
  return [...definitions.values()];
}

/** Parses one event through its stream's schema; throws EventValidationError when it does not fit. */
export function parseEvent<E extends NewEvent>(streamType: string, streamId: string, event: NewEvent): E {
  const parsed = streamDefinition(streamType).eventSchema.safeParse(event);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
    throw new EventValidationError(streamId, event.type, issues);
  }
  return parsed.data as E;
}
