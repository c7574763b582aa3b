import { decideOAuthSignIn, OAuthProfileSchema } from "@domain/rules/oauth";
import { describe, expect, it } from "vitest";

const profile = (claims: Record<string, unknown>) => OAuthProfileSchema.parse({ sub: "p-1", ...claims });

describe("OAuth profile claims", () => {
  it.each([
    [true, true],
    ["true", true],
    [false, false],
    ["false", false],
    [1, false],
    [undefined, false],
  ])("email_verified %j counts as verified: %s", (value, verified) => {
    expect(profile({ email: "a@example.test", email_verified: value }).email_verified ?? false).toBe(
      verified,
    );
  });

  it("normalises the e-mail and drops one that is not an address", () => {
    expect(profile({ email: " Mixed.Case@Example.TEST " }).email).toBe("mixed.case@example.test");
    expect(profile({ email: "not an address" }).email).toBeUndefined();
    expect(OAuthProfileSchema.parse({ sub: 42 }).sub).toBe("42");
    expect(OAuthProfileSchema.safeParse({ email: "a@example.test" }).success).toBe(false);
  });
});

describe("who an OAuth sign-in belongs to", () => {
  const verified = profile({ email: "owner@example.test", email_verified: true });
  const unverified = profile({ email: "owner@example.test", email_verified: false });
  const owner = { id: "user-1", emailConfirmed: true };

  it("signs in the user already linked to this provider account, whatever the e-mail", () => {
    expect(decideOAuthSignIn({ profile: unverified, linkedUserId: "user-9", userWithEmail: owner })).toEqual({
      kind: "sign_in",
      userId: "user-9",
    });
  });

  it("links to an existing account only with a verified e-mail", () => {
    expect(decideOAuthSignIn({ profile: verified, linkedUserId: null, userWithEmail: owner })).toEqual({
      kind: "link",
      userId: "user-1",
      accountWasConfirmed: true,
    });
    expect(decideOAuthSignIn({ profile: unverified, linkedUserId: null, userWithEmail: owner })).toEqual({
      kind: "refuse",
      reason: "email_not_verified",
    });
  });

  it("creates an account only for a verified e-mail nobody has", () => {
    expect(decideOAuthSignIn({ profile: verified, linkedUserId: null, userWithEmail: null })).toEqual({
      kind: "create",
      email: "owner@example.test",
    });
    expect(decideOAuthSignIn({ profile: unverified, linkedUserId: null, userWithEmail: null })).toEqual({
      kind: "refuse",
      reason: "email_not_verified",
    });
    expect(
      decideOAuthSignIn({
        profile: profile({ email_verified: true }),
        linkedUserId: null,
        userWithEmail: null,
      }),
    ).toEqual({ kind: "refuse", reason: "no_email" });
  });
});
