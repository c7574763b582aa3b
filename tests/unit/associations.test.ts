/**
 * Association rules (issue 12, section 1): quorum, the last manager, invitation states and expiry,
 * labels, and the forms' rules.
 */
import {
  ASSOCIATION_MESSAGES,
  ASSOCIATION_PROPERTY_TYPES,
  hasQuorum,
  INVITATION_VALID_DAYS,
  invitationExpiry,
  invitationState,
  mayLoseManager,
  membershipLabel,
  quorumRequired,
} from "@domain/associations";
import {
  AssociationSettingsSchema,
  CreateAssociationSchema,
  InvitationSchema,
  JoinRequestSchema,
  MemberActionSchema,
} from "@domain/associations/forms";
import { describe, expect, it } from "vitest";

const details = {
  name: "Harbor Point",
  property_type: "condominium",
  unit_count: "120",
  time_zone: "America/New_York",
  fiscal_year_start_month: "1",
};

const errorsOf = (result: {
  success: boolean;
  error?: { flatten(): { fieldErrors: Record<string, string[]> } };
}) => (result.success ? {} : (result.error?.flatten().fieldErrors ?? {}));

describe("quorum", () => {
  it("defaults to a majority of the board seats", () => {
    expect(quorumRequired(5, null)).toBe(3);
    expect(quorumRequired(4, null)).toBe(3);
    expect(quorumRequired(7, null)).toBe(4);
    expect(quorumRequired(1, null)).toBe(1);
  });
  it("uses the association's own number when set", () => {
    expect(quorumRequired(5, 2)).toBe(2);
    expect(hasQuorum(2, 5, 2)).toBe(true);
    expect(hasQuorum(2, 5, null)).toBe(false);
  });
});

describe("the last board member or manager", () => {
  it("cannot leave or be removed while nobody else runs the association", () => {
    expect(mayLoseManager({ memberRole: "board_member", status: "active" }, 1)).toEqual({
      kind: "conflict",
      message: ASSOCIATION_MESSAGES.lastManager,
    });
    expect(mayLoseManager({ memberRole: "property_manager", status: "active" }, 1)?.kind).toBe("conflict");
  });
  it("may go when another board member or manager stays; homeowners always may", () => {
    expect(mayLoseManager({ memberRole: "board_member", status: "active" }, 2)).toBeNull();
    expect(mayLoseManager({ memberRole: "homeowner", status: "active" }, 1)).toBeNull();
    expect(mayLoseManager({ memberRole: "board_member", status: "requested" }, 1)).toBeNull();
  });
});

describe("invitations", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  it("are valid for 7 days", () => {
    expect(INVITATION_VALID_DAYS).toBe(7);
    expect(invitationExpiry(now).toISOString()).toBe("2026-03-08T12:00:00.000Z");
  });
  it("are valid, expired, used or withdrawn; use and withdrawal win over expiry", () => {
    const base = { expiresAt: "2026-03-08T12:00:00Z", acceptedAt: null, revokedAt: null };
    expect(invitationState(base, now)).toBe("valid");
    expect(invitationState(base, new Date("2026-03-08T12:00:00Z"))).toBe("expired");
    expect(invitationState({ ...base, acceptedAt: "2026-03-02T00:00:00Z" }, new Date("2026-04-01"))).toBe(
      "used",
    );
    expect(invitationState({ ...base, revokedAt: "2026-03-02T00:00:00Z" }, now)).toBe("revoked");
  });
});

describe("labels", () => {
  it("say the role with the office or the unit", () => {
    expect(membershipLabel({ memberRole: "board_member", boardOffice: "vice_president", unit: null })).toBe(
      "Board Member · Vice President",
    );
    expect(membershipLabel({ memberRole: "homeowner", boardOffice: null, unit: "4B" })).toBe(
      "Homeowner · Unit 4B",
    );
    expect(membershipLabel({ memberRole: "property_manager", boardOffice: null, unit: null })).toBe(
      "Property Manager",
    );
  });
  it("offers the spec's seven property types", () => {
    expect(ASSOCIATION_PROPERTY_TYPES.map((p) => p.label)).toEqual([
      "Condominium",
      "Townhouse",
      "Single Family HOA",
      "Commercial",
      "Mixed Use",
      "Cooperative",
      "Mobile Home Park",
    ]);
  });
});

describe("forms", () => {
  it("creating needs a name, a known property type, units, a real time zone and a month", () => {
    const ok = CreateAssociationSchema.safeParse({ ...details, creator_role: "property_manager" });
    expect(ok.success).toBe(true);
    const bad = CreateAssociationSchema.safeParse({
      name: " ",
      property_type: "castle",
      unit_count: "0",
      time_zone: "Mars/Olympus",
      fiscal_year_start_month: "13",
      creator_role: "board_member",
    });
    expect(errorsOf(bad)).toMatchObject({
      name: ["Association name is required"],
      property_type: ["Please select a property type"],
      unit_count: ["Number of units must be at least 1"],
      time_zone: ["Please select a time zone"],
      fiscal_year_start_month: ["Please select the month the fiscal year starts"],
    });
  });
  it("a board member creator chooses an office", () => {
    const r = CreateAssociationSchema.safeParse({ ...details, creator_role: "board_member" });
    expect(errorsOf(r)).toMatchObject({ board_office: ["Please choose your office on the board"] });
  });
  it("settings: an empty quorum means a majority; a quorum above the seats is refused", () => {
    const empty = AssociationSettingsSchema.safeParse({
      intent: "settings",
      ...details,
      board_seats: "5",
      quorum_minimum: "",
    });
    expect(empty.success && empty.data.quorum_minimum).toBeNull();
    const above = AssociationSettingsSchema.safeParse({
      intent: "settings",
      ...details,
      board_seats: "3",
      quorum_minimum: "4",
    });
    expect(errorsOf(above)).toMatchObject({ quorum_minimum: [ASSOCIATION_MESSAGES.quorumAboveSeats] });
    const seats = AssociationSettingsSchema.safeParse({
      intent: "settings",
      ...details,
      board_seats: "0",
      quorum_minimum: "",
    });
    expect(errorsOf(seats)).toMatchObject({ board_seats: ["The board needs at least 1 seat"] });
  });
  it("an invitation names a valid address, an office for a board member and a unit for a homeowner", () => {
    expect(
      InvitationSchema.safeParse({ intent: "invite", email: "A@B.test", member_role: "property_manager" })
        .success,
    ).toBe(true);
    expect(
      errorsOf(
        InvitationSchema.safeParse({ intent: "invite", email: "nope", member_role: "homeowner", unit: "1" }),
      ),
    ).toMatchObject({
      email: ["Please enter a valid email address"],
    });
    expect(
      errorsOf(InvitationSchema.safeParse({ intent: "invite", email: "a@b.test", member_role: "homeowner" })),
    ).toMatchObject({
      unit: ["Unit is required for a homeowner"],
    });
    expect(
      errorsOf(
        InvitationSchema.safeParse({ intent: "invite", email: "a@b.test", member_role: "board_member" }),
      ),
    ).toMatchObject({
      board_office: ["Please choose the office on the board"],
    });
  });
  it("a join request needs a unit; member actions need a member id", () => {
    expect(
      errorsOf(
        JoinRequestSchema.safeParse({ association_id: "00000000-0000-4000-8000-000000000000", unit: " " }),
      ),
    ).toMatchObject({
      unit: ["Unit is required"],
    });
    expect(MemberActionSchema.safeParse({ intent: "remove", member_id: "1" }).success).toBe(false);
    expect(MemberActionSchema.safeParse({ intent: "leave" }).success).toBe(true);
  });
});
