import {
  DIGEST_HOUR,
  DIGEST_LOOKBACK_DAYS,
  DIGEST_MAX_ITEMS,
  digestDue,
  digestSubject,
  EMAIL_CLAIM_TIMEOUT_MS,
  EMAIL_DISPATCH_INTERVAL_MS,
  EMAIL_MAX_ATTEMPTS,
  emailRouteFor,
  IMMEDIATE_EMAIL_PRIORITIES,
  immediateSubject,
  initialEmailState,
  localDayAndHour,
  nextDigestDue,
  outboxRetryAt,
} from "@domain/notifications/email";
import { describe, expect, it } from "vitest";

describe("which notifications are e-mailed at once (issue 5, part 3)", () => {
  it("urgent and high go out at once, normal and low wait for the digest", () => {
    expect(IMMEDIATE_EMAIL_PRIORITIES).toEqual(["urgent", "high"]);
    expect(emailRouteFor("urgent")).toBe("immediate");
    expect(emailRouteFor("high")).toBe("immediate");
    expect(emailRouteFor("normal")).toBe("digest");
    expect(emailRouteFor("low")).toBe("digest");
    expect(initialEmailState("urgent")).toBe("pending");
    expect(initialEmailState("low")).toBe("digest");
  });

  it("marks urgent subjects and counts the digest's notifications", () => {
    expect(immediateSubject("urgent", "Water shut-off")).toBe("[Urgent] Water shut-off");
    expect(immediateSubject("high", "New proposal")).toBe("New proposal");
    expect(digestSubject(1)).toBe("Your daily summary: 1 new notification");
    expect(digestSubject(7)).toBe("Your daily summary: 7 new notifications");
  });

  it("keeps its constants", () => {
    expect(DIGEST_HOUR).toBe(8);
    expect(DIGEST_MAX_ITEMS).toBe(20);
    expect(DIGEST_LOOKBACK_DAYS).toBe(7);
    expect(EMAIL_MAX_ATTEMPTS).toBe(5);
    expect(EMAIL_DISPATCH_INTERVAL_MS).toBe(10_000);
    expect(EMAIL_CLAIM_TIMEOUT_MS).toBe(300_000);
  });
});

describe("the daily digest is due at most once a day, in the person's morning", () => {
  const at = (iso: string) => new Date(iso);

  it("reads the local date and hour in the person's zone, UTC for an unknown one", () => {
    expect(localDayAndHour(at("2026-11-23T03:30:00Z"), "America/New_York")).toEqual({
      day: "2026-11-22",
      hour: 22,
    });
    expect(localDayAndHour(at("2026-11-23T03:30:00Z"), "Not/AZone")).toEqual({ day: "2026-11-23", hour: 3 });
    expect(localDayAndHour(at("2026-11-23T03:30:00Z"), null)).toEqual({ day: "2026-11-23", hour: 3 });
  });

  it("is not due before 08:00 local time, even the first time", () => {
    expect(digestDue(null, at("2026-11-23T07:59:00Z"), "UTC")).toBe(false);
    expect(digestDue(null, at("2026-11-23T08:00:00Z"), "UTC")).toBe(true);
    // 08:00 in New York is 13:00 UTC in November.
    expect(digestDue(null, at("2026-11-23T12:59:00Z"), "America/New_York")).toBe(false);
    expect(digestDue(null, at("2026-11-23T13:00:00Z"), "America/New_York")).toBe(true);
  });

  it("is not due again on the same local day, and is due the next morning", () => {
    const sent = at("2026-11-23T08:05:00Z");
    expect(digestDue(sent, at("2026-11-23T23:59:00Z"), "UTC")).toBe(false);
    expect(digestDue(sent, at("2026-11-24T07:59:00Z"), "UTC")).toBe(false);
    expect(digestDue(sent, at("2026-11-24T08:00:00Z"), "UTC")).toBe(true);
  });

  it("finds the next due time across a daylight-saving change", () => {
    expect(nextDigestDue(at("2026-11-23T08:05:00Z"), "UTC").toISOString()).toBe("2026-11-24T08:00:00.000Z");
    // Clocks in New York go back on 2026-11-01: 08:00 is 12:00 UTC before, 13:00 UTC after.
    expect(nextDigestDue(at("2026-10-31T12:10:00Z"), "America/New_York").toISOString()).toBe(
      "2026-11-01T13:00:00.000Z",
    );
    // A zone offset by 5:45 (Kathmandu): 08:00 local is 02:15 UTC.
    expect(nextDigestDue(at("2026-11-23T03:00:00Z"), "Asia/Kathmandu").toISOString()).toBe(
      "2026-11-24T02:15:00.000Z",
    );
  });
});

describe("outbox retries back off (app/mail/outbox.server.ts)", () => {
  it("waits 30 s after the first failure, twice as long after each next one, at most 30 minutes", () => {
    const at = new Date("2027-01-12T10:00:00Z");
    const wait = (attempts: number) => (outboxRetryAt(attempts, at).getTime() - at.getTime()) / 1000;
    expect([1, 2, 3, 4, 5].map(wait)).toEqual([30, 60, 120, 240, 480]);
    expect(wait(8)).toBe(1800);
    expect(wait(40)).toBe(1800);
  });
});
