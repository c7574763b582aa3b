/**
 * A post sent in a message (issue 29, part 1; decision 072), the pure parts: the form's recipient value,
 * the optional note under the message rules, the card's excerpt, and the preview of a post sent alone.
 */
import {
  checkSharedPostNote,
  MESSAGE_ERRORS,
  messagePreview,
  parseShareRecipient,
  SHARED_POST_EXCERPT,
  SHARED_POST_UNAVAILABLE,
  sharedPostExcerpt,
} from "@domain/messages";
import { describe, expect, it } from "vitest";

const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("the share form's recipient", () => {
  it("reads a conversation (c:) or a person (u:), lower-casing the id", () => {
    expect(parseShareRecipient(`c:${ID}`)).toEqual({ conversationId: ID });
    expect(parseShareRecipient(`U:${ID.toUpperCase()}`)).toEqual({ userId: ID });
  });

  it("refuses anything else", () => {
    for (const value of [
      "",
      "c:",
      `x:${ID}`,
      ID,
      `c:${ID}x`,
      ` c:${ID}`,
      `c:${ID}\n`,
      "u:1",
      `c:${ID},u:${ID}`,
    ])
      expect(parseShareRecipient(value), JSON.stringify(value)).toBeNull();
  });
});

describe("the note sent with a post", () => {
  it("may be empty: the post is the message", () => {
    expect(checkSharedPostNote("")).toBeNull();
    expect(checkSharedPostNote("   \n ")).toBeNull();
    expect(checkSharedPostNote("Worth a read")).toBeNull();
  });

  it("follows the message rules with their messages", () => {
    expect(checkSharedPostNote("a".repeat(2001))?.message).toBe(MESSAGE_ERRORS.CONTENT_TOO_LONG);
    expect(checkSharedPostNote("<script>alert(1)</script>")?.message).toBe(MESSAGE_ERRORS.SCRIPT_INJECTION);
    expect(checkSharedPostNote("<b>bold</b>")?.message).toBe(MESSAGE_ERRORS.HTML_NOT_ALLOWED);
  });
});

describe("the shared post's card", () => {
  it("keeps a short post whole, with its spaces folded", () => {
    expect(sharedPostExcerpt("  Roof bids\n\nare in  ")).toBe("Roof bids are in");
  });

  it("cuts a long one at 200 characters (not code units) with an ellipsis", () => {
    const long = "😀".repeat(250);
    const excerpt = sharedPostExcerpt(long);
    expect(Array.from(excerpt)).toHaveLength(SHARED_POST_EXCERPT + 1);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(sharedPostExcerpt("x".repeat(200))).toBe("x".repeat(200));
  });

  it("says so when the reader may not read the post", () => {
    expect(SHARED_POST_UNAVAILABLE).toBe("This post isn't available.");
  });
});

describe("the preview of a post sent in a message", () => {
  it("is the note when there is one, else 'Shared a post'", () => {
    expect(messagePreview("Have a look", 0, 100, true)).toBe("Have a look");
    expect(messagePreview("", 0, 100, true)).toBe("Shared a post");
    expect(messagePreview("", 2)).toBe("Sent 2 attachments");
  });
});
