import {
  CONTENT_MAX_LENGTH,
  type ContentKind,
  checkContent,
  contentCounterTone,
  hashtagsIn,
  isValidHttpUrl,
  mentionsIn,
  normaliseHashtag,
} from "@domain/community/content-rules";
import { contentField } from "@domain/community/content-schema";
import { checkMessageContent, MESSAGE_ERRORS } from "@domain/messages";
import { describe, expect, it } from "vitest";
import { z } from "zod";

/** Spec 002 section 5 "Social post": the spec's own words. */
const POST = {
  required: "Post content is required",
  tooLong: "Post content cannot exceed 5000 characters",
  html: "HTML tags are not allowed in post content",
  script: "Script tags are not allowed",
  sql: "Content contains potentially unsafe SQL keywords",
  profanity: "Post content contains inappropriate language",
  spam: "Post content appears to be spam",
  url: "Please provide a valid URL",
};

const errorsOf = (kind: ContentKind, text: string, extras = {}) => checkContent(kind, text, extras).errors;

describe("post content (spec 002 section 5, Social post)", () => {
  it.each([
    ["", POST.required],
    ["   \n\t  ", POST.required],
    ["a ".repeat(2501), POST.tooLong],
    ["Hello <script>alert(1)</script>", POST.script],
    ["<SCRIPT src=//x>", POST.script],
    ["<b>bold</b> move", POST.html],
    ['<img src="x" onerror="y">', POST.html],
    ["<br/>", POST.html],
    ["This vendor is a scam", POST.profanity],
    ["FRAUD in the reserve study", POST.profanity],
    ["a fake invoice", POST.profanity],
    ["no spam, please", POST.profanity],
  ])("%j is refused with %j", (text, message) => {
    expect(errorsOf("post", text)).toContain(message);
  });

  it("5000 characters pass, 5001 do not (after trimming)", () => {
    expect(errorsOf("post", "ab".repeat(2500))).toEqual([]);
    expect(errorsOf("post", `  ${"ab".repeat(2500)}  `)).toEqual([]);
    expect(errorsOf("post", `${"ab".repeat(2500)}c`)).toEqual([POST.tooLong]);
  });

  it("a script tag is reported as a script, not also as HTML", () => {
    expect(errorsOf("post", "<script>x</script>")).toEqual([POST.script]);
  });

  it.each([
    "2 < 3 and 5 > 4",
    "Scampi, spammer, faker and defraud are not the listed words",
    "Our board approved the property update and will create a new reserve budget.",
    "Select a vendor from the list",
    "Special assessment of $100000 approved",
    "AGENDA: HOA BOARD meeting",
    "See https://example.com/minutes for the minutes",
    "#reserves #budget @dana thoughts?",
  ])("%j passes with no warning", (text) => {
    const check = checkContent("post", text);
    expect(check.errors).toEqual([]);
    expect(check.warnings).toEqual([]);
  });

  it.each([
    "SELECT * FROM users",
    "1' OR '1'='1",
    "x'; DROP TABLE posts; --",
    "a UNION SELECT password",
    "insert into accounts values (1)",
    "delete from votes",
    "update users set role = 'admin'",
    "alter table x",
    "exec(xp_cmdshell)",
  ])("SQL written as SQL only warns: %j", (text) => {
    const check = checkContent("post", text);
    expect(check.warnings).toEqual([POST.sql]);
    expect(check.errors).toEqual([]);
    expect(check.warningIssues[0]?.code).toBe("POTENTIAL_SQL_INJECTION");
  });

  describe("spam patterns", () => {
    it.each([
      ["the same character 5 times", "Hellooooo everyone"],
      ["punctuation 5 times", "Read this!!!!!"],
      ["click here", "Click here for a quote"],
      ["buy now", "Buy now before it ends"],
      ["limited time", "A limited time offer on roofing"],
      ["act now", "Act   now, neighbours"],
      ["free money", "free money for boards"],
      ["guaranteed", "Results guaranteed"],
      ["3 links", "https://a.example.com https://b.example.com www.c.example.com"],
      ["10 capitals in a row", "CONGRATULATIONS to the board"],
    ])("%s", (_, text) => {
      expect(errorsOf("post", text)).toEqual([POST.spam]);
    });

    it("4 repeats, 2 links and 9 capitals are not spam", () => {
      expect(errorsOf("post", "Hellooo!!!! https://a.example.com https://b.example.com ABCDEFGHI")).toEqual(
        [],
      );
    });

    it("digits and spaces may repeat", () => {
      expect(errorsOf("post", "Total 1000000\n\n     indented")).toEqual([]);
    });
  });

  describe("hashtags, mentions, links, media and type", () => {
    const tags = (n: number, len = 5) =>
      Array.from({ length: n }, (_, i) => `#${String(i).padStart(len, "t")}`);

    it("at most 10 hashtags, from the list and the text together", () => {
      expect(errorsOf("post", "ok", { hashtags: tags(10) })).toEqual([]);
      expect(errorsOf("post", "ok", { hashtags: tags(11) })).toEqual(["Maximum 10 hashtags allowed"]);
      expect(errorsOf("post", `ok ${tags(11).join(" ")}`)).toEqual(["Maximum 10 hashtags allowed"]);
      expect(errorsOf("post", "ok #a #b", { hashtags: tags(9) })).toEqual(["Maximum 10 hashtags allowed"]);
    });

    it("each hashtag starts with # and is at most 50 characters", () => {
      expect(errorsOf("post", "ok", { hashtags: ["reserves"] })).toEqual(["Hashtags must start with #"]);
      expect(errorsOf("post", "ok", { hashtags: [`#${"a".repeat(49)}`] })).toEqual([]);
      expect(errorsOf("post", "ok", { hashtags: [`#${"a".repeat(50)}`] })).toEqual([
        "Hashtags cannot exceed 50 characters",
      ]);
      expect(normaliseHashtag(" reserves ")).toBe("#reserves");
      expect(normaliseHashtag("#reserves")).toBe("#reserves");
    });

    it("at most 20 mentions", () => {
      const people = Array.from({ length: 21 }, (_, i) => `@person${i}`);
      expect(errorsOf("post", people.slice(0, 20).join(" "))).toEqual([]);
      expect(errorsOf("post", people.join(" "))).toEqual(["Maximum 20 mentions allowed"]);
      expect(errorsOf("post", "hi", { mentions: people.map((p) => p.slice(1)) })).toEqual([
        "Maximum 20 mentions allowed",
      ]);
    });

    it("the link must be a valid http(s) URL", () => {
      expect(errorsOf("post", "ok", { linkUrl: "https://example.com/a?b=1" })).toEqual([]);
      expect(errorsOf("post", "ok", { linkUrl: "javascript:alert(1)" })).toEqual([POST.url]);
      expect(errorsOf("post", "ok", { linkUrl: "ftp://example.com" })).toEqual([POST.url]);
      expect(errorsOf("post", "ok", { linkUrl: "not a url" })).toEqual([POST.url]);
      expect(errorsOf("post", "see http://localhost")).toEqual([POST.url]);
      expect(isValidHttpUrl("http://example.org")).toBe(true);
    });

    it("at most 10 media files", () => {
      expect(errorsOf("post", "ok", { mediaCount: 10 })).toEqual([]);
      expect(errorsOf("post", "ok", { mediaCount: 11 })).toEqual(["Maximum 10 media files allowed"]);
    });

    it("the post type must be one of the spec's", () => {
      expect(errorsOf("post", "ok", { postType: "industry_news" })).toEqual([]);
      expect(errorsOf("post", "ok", { postType: "poll" })).toEqual(["Invalid post type"]);
    });

    it("hashtags and mentions are read from the text", () => {
      expect(hashtagsIn("Meeting #Budget and #reserves, again #budget; not a&#39;b")).toEqual([
        "#budget",
        "#reserves",
      ]);
      expect(mentionsIn("Thanks @Dana and @lee.r, mail me at x@example.com")).toEqual(["dana", "lee.r"]);
    });
  });

  it("lists every error at once", () => {
    expect(errorsOf("post", "<b>SCAM</b> CLICK HERE!!!!!")).toEqual([POST.html, POST.profanity, POST.spam]);
  });
});

describe("comment content (spec 002 section 5, Comment)", () => {
  it.each([
    ["", "Comment is required"],
    [`${"ab".repeat(500)}c`, "Comment cannot exceed 1000 characters"],
    ["<i>x</i>", "HTML tags are not allowed in comments"],
    ["<script>x</script>", "Script tags are not allowed"],
    ["what a scam", "Comment contains inappropriate language"],
    ["click here", "Comment appears to be spam"],
  ])("%j is refused with %j", (text, message) => {
    expect(errorsOf("comment", text)).toEqual([message]);
  });

  it("1000 characters pass", () => {
    expect(errorsOf("comment", "a ".repeat(500))).toEqual([]);
    expect(CONTENT_MAX_LENGTH.comment).toBe(1000);
  });

  it("SQL only warns", () => {
    expect(checkContent("comment", "select * from users").warnings).toEqual([POST.sql]);
  });
});

describe("event title (spec 002 section 5, Event composer)", () => {
  it.each([
    ["", "Event title is required"],
    ["a ".repeat(251), "Event title cannot exceed 500 characters"],
    ["<b>x</b>", "HTML tags are not allowed in event details"],
    ["Fraud prevention night", "Event title contains inappropriate language"],
    ["FREE MONEY WORKSHOP", "Event title appears to be spam"],
  ])("%j is refused with %j", (text, message) => {
    expect(errorsOf("event", text)).toEqual([message]);
  });

  it("500 characters pass", () => {
    expect(errorsOf("event", "a ".repeat(250))).toEqual([]);
  });
});

describe("message content (spec 002 section 5, Message) shares the rules", () => {
  it.each([
    ["", 0, MESSAGE_ERRORS.CONTENT_OR_ATTACHMENT_REQUIRED],
    ["a".repeat(2001), 0, MESSAGE_ERRORS.CONTENT_TOO_LONG],
    ["<script>x</script>", 0, MESSAGE_ERRORS.SCRIPT_INJECTION],
    ["<p>x</p>", 0, MESSAGE_ERRORS.HTML_NOT_ALLOWED],
    ["that is fake", 0, MESSAGE_ERRORS.INAPPROPRIATE_CONTENT],
  ])("%j: the same message from both", (text, files, message) => {
    expect(checkContent("message", text, { attachmentCount: files }).errors).toEqual([message]);
    expect(checkMessageContent(text, files)?.message).toBe(message);
  });

  it("the spec names no spam or SQL rule for messages", () => {
    const check = checkContent("message", "Click here: select * from units!!!!!");
    expect(check.errors).toEqual([]);
    expect(check.warnings).toEqual([]);
  });

  it("attachments alone are a message", () => {
    expect(checkContent("message", "", { attachmentCount: 1 }).errors).toEqual([]);
  });
});

describe("the Zod field for Conform forms", () => {
  const schema = z.object({ content: contentField("post") });

  it("trims and accepts", () => {
    const parsed = schema.safeParse({ content: "  Hello board  " });
    expect(parsed.success && parsed.data.content).toBe("Hello board");
  });

  it("a missing field (Conform's empty) says the required message", () => {
    const parsed = schema.safeParse({});
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([POST.required]);
  });

  it("every error becomes an issue on the field, a warning none", () => {
    const parsed = schema.safeParse({ content: "<b>scam</b>" });
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["content", POST.html],
      ["content", POST.profanity],
    ]);
    expect(schema.safeParse({ content: "select * from units" }).success).toBe(true);
  });

  it("a message field may be empty (attachments) but not offensive", () => {
    const message = z.object({ content: contentField("message") });
    expect(message.safeParse({ content: "" }).success).toBe(true);
    expect(message.safeParse({ content: "scam" }).error?.issues[0]?.message).toBe(
      MESSAGE_ERRORS.INAPPROPRIATE_CONTENT,
    );
  });

  it("an oversized body is refused before the patterns run", () => {
    const parsed = schema.safeParse({ content: "a".repeat(100_000) });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([POST.tooLong]);
  });
});

describe("counter colours (spec 002 section 5)", () => {
  it.each([
    ["post", 4000, "normal"],
    ["post", 4001, "warning"],
    ["post", 4501, "danger"],
    ["comment", 800, "normal"],
    ["comment", 801, "warning"],
    ["comment", 901, "danger"],
    ["message", 1601, "warning"],
    ["message", 1801, "danger"],
  ] as const)("%s at %i is %s", (kind, length, tone) => {
    expect(contentCounterTone(kind, length)).toBe(tone);
  });
});
