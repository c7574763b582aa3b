/**
 * The learning hub's certificate rules (spec 002 "Certification display", "Certification expiring
 * soon: 30 days"; issue 30, part 5; decision 077): the display states at their boundaries, the number's
 * form, expiry by months, and when the expiry reminder is due.
 */
import {
  certificateNumberFromBytes,
  certificateState,
  daysUntilExpiry,
  EXPIRING_SOON_DAYS,
  expiryFrom,
  expiryReminderDue,
  formatCertificateNumber,
  parseCertificateNumber,
  verificationStatus,
} from "@domain/learning/certificates";
import { describe, expect, it } from "vitest";
import { DEMO_COURSES } from "../../db/learning-content";

const now = new Date("2026-06-15T12:00:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe("certificate display state (spec 002)", () => {
  it("is Active (success) beyond 30 days and when it never expires", () => {
    expect(certificateState({ isActive: true, expiresAt: days(31) }, now)).toMatchObject({
      status: "active",
      label: "Active",
      tone: "success",
      daysUntilExpiry: 31,
    });
    expect(certificateState({ isActive: true, expiresAt: null }, now)).toMatchObject({
      label: "Active",
      tone: "success",
      daysUntilExpiry: null,
    });
  });

  it("is 'Expires in N days' (warning) at 30 days and fewer", () => {
    expect(certificateState({ isActive: true, expiresAt: days(EXPIRING_SOON_DAYS) }, now)).toMatchObject({
      status: "expiring",
      label: "Expires in 30 days",
      tone: "warning",
    });
    expect(certificateState({ isActive: true, expiresAt: days(1) }, now).label).toBe("Expires in 1 day");
    // Later today counts as one day left, not zero.
    expect(certificateState({ isActive: true, expiresAt: new Date(now.getTime() + 60_000) }, now).label).toBe(
      "Expires in 1 day",
    );
    // 30 days and a minute is 31 days, rounded up: still Active.
    expect(
      certificateState({ isActive: true, expiresAt: new Date(days(30).getTime() + 60_000) }, now).label,
    ).toBe("Active");
  });

  it("is Expired (error) at and past the expiry, Inactive (error) when revoked", () => {
    expect(certificateState({ isActive: true, expiresAt: now }, now)).toMatchObject({
      status: "expired",
      label: "Expired",
      tone: "error",
    });
    expect(certificateState({ isActive: true, expiresAt: days(-3) }, now).label).toBe("Expired");
    expect(certificateState({ isActive: false, expiresAt: days(300) }, now)).toMatchObject({
      status: "inactive",
      label: "Inactive",
      tone: "error",
    });
    expect(certificateState({ isActive: false, expiresAt: days(-3) }, now).label).toBe("Inactive");
  });

  it("counts days until expiry rounded up", () => {
    expect(daysUntilExpiry(days(10), now)).toBe(10);
    expect(daysUntilExpiry(new Date(days(9).getTime() + 1), now)).toBe(10);
    expect(daysUntilExpiry(null, now)).toBeNull();
  });
});

describe("verification status", () => {
  it("is revoked before expired before valid", () => {
    expect(verificationStatus({ revokedAt: days(-1), expiresAt: days(-2) }, now)).toBe("revoked");
    expect(verificationStatus({ revokedAt: null, expiresAt: now }, now)).toBe("expired");
    expect(verificationStatus({ revokedAt: null, expiresAt: days(1) }, now)).toBe("valid");
    expect(verificationStatus({ revokedAt: null, expiresAt: null }, now)).toBe("valid");
  });
});

describe("certificate number", () => {
  const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17);

  it("is 128 bits as 32 upper-case hex digits, shown in eight groups of four", () => {
    const n = certificateNumberFromBytes(bytes);
    expect(n).toMatch(/^[0-9A-F]{32}$/);
    expect(n).toBe("00112233445566778899AABBCCDDEEFF");
    expect(formatCertificateNumber(n)).toBe("0011-2233-4455-6677-8899-AABB-CCDD-EEFF");
    expect(() => certificateNumberFromBytes(new Uint8Array(15))).toThrow();
  });

  it("reads a typed or linked number in any case, with or without dashes; refuses anything else", () => {
    const n = "00112233445566778899AABBCCDDEEFF";
    expect(parseCertificateNumber(n)).toBe(n);
    expect(parseCertificateNumber(n.toLowerCase())).toBe(n);
    expect(parseCertificateNumber(formatCertificateNumber(n))).toBe(n);
    expect(parseCertificateNumber(" 0011 2233-4455-6677-8899-AABB-CCDD-EEFF ")).toBe(n);
    expect(parseCertificateNumber(n.slice(0, 31))).toBeNull();
    expect(parseCertificateNumber(`${n}0`)).toBeNull();
    expect(parseCertificateNumber("G".repeat(32))).toBeNull();
    expect(parseCertificateNumber("' or 1=1 --")).toBeNull();
    expect(parseCertificateNumber("-".repeat(10_000))).toBeNull();
  });
});

describe("expiry", () => {
  it("adds the course's months on the same day, or the month's last day", () => {
    expect(expiryFrom(new Date("2026-03-04T10:00:00Z"), 24)?.toISOString()).toBe("2028-03-04T10:00:00.000Z");
    expect(expiryFrom(new Date("2026-01-31T10:00:00Z"), 1)?.toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(expiryFrom(new Date("2028-02-29T00:00:00Z"), 12)?.toISOString()).toBe("2029-02-28T00:00:00.000Z");
    expect(expiryFrom(now, null)).toBeNull();
  });

  it("the demo certification course is valid for 24 months", () => {
    const cert = DEMO_COURSES.filter((c) => c.providesCertification);
    expect(cert.length).toBeGreaterThanOrEqual(1);
    expect(cert[0]?.certificateValidMonths).toBe(24);
  });
});

describe("expiry reminder (30 days before, once per expiry)", () => {
  it("is due inside the 30 days before the expiry, not before and not after", () => {
    expect(expiryReminderDue({ isActive: true, expiresAt: days(30), remindedFor: null }, now)).toBe(true);
    expect(expiryReminderDue({ isActive: true, expiresAt: days(1), remindedFor: null }, now)).toBe(true);
    expect(
      expiryReminderDue(
        { isActive: true, expiresAt: new Date(days(30).getTime() + 1), remindedFor: null },
        now,
      ),
    ).toBe(false);
    expect(expiryReminderDue({ isActive: true, expiresAt: now, remindedFor: null }, now)).toBe(false);
    expect(expiryReminderDue({ isActive: true, expiresAt: null, remindedFor: null }, now)).toBe(false);
  });

  it("is not due again for the same expiry, nor for a revoked certificate; a renewal's new expiry gets one", () => {
    expect(expiryReminderDue({ isActive: true, expiresAt: days(10), remindedFor: days(10) }, now)).toBe(
      false,
    );
    expect(expiryReminderDue({ isActive: false, expiresAt: days(10), remindedFor: null }, now)).toBe(false);
    expect(expiryReminderDue({ isActive: true, expiresAt: days(10), remindedFor: days(-700) }, now)).toBe(
      true,
    );
  });
});
