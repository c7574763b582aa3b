/**
 * Issue 28, parts 1, 2 and the search half of 10: the unified profile's loader (the e-mail only for its
 * owner, private profiles for the owner and connections only, 404 across a block, views counted once per
 * viewer per day and never the owner's), usernames for new accounts, /profile/edit (each rule's message,
 * 409 when stale, a taken username, the update_profile limit), avatars (a real JPEG with EXIF in, a square
 * WebP without metadata out; judged by content), the directory (each search and filter, only public
 * profiles, never across a block, pages, the search_users limit) and people in the site search.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { connections, profileViews, skills, userProfessionalRoles, userProfiles } from "@db/schema";
import { EXPERT_MIN_KARMA } from "@domain/community/comments";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "~/commands/accounts.server";
import { adjustKarma } from "~/commands/community-comments.server";
import { recordProfileView } from "~/commands/profile-views.server";
import { resetEnvForTests } from "~/env.server";
import { loader as directoryLoader } from "~/routes/_app.directory";
import { loader as profileLoader } from "~/routes/_app.professional.$slug";
import { action as editAction, loader as editLoader } from "~/routes/_app.profile.edit";
import { loader as apiSearchLoader } from "~/routes/api.search";
import { loader as avatarLoader } from "~/routes/avatars.$name";
import { avatarStoragePath } from "~/storage/files.server";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { TINY_PDF } from "../support/files";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

describe.each(engines)("professional profiles on %s", (engine) => {
  const t = useTestDatabase(engine);
  let uploadDir: string;

  beforeAll(() => {
    useAppDatabase(t.handle);
    uploadDir = mkdtempSync(path.join(tmpdir(), "avatars-"));
    process.env.UPLOAD_DIR = uploadDir;
    resetEnvForTests();
  });
  afterAll(() => {
    rmSync(uploadDir, { recursive: true, force: true });
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });

  async function usernameOf(id: string) {
    const [row] = await t.db
      .select({ username: userProfiles.username })
      .from(userProfiles)
      .where(eq(userProfiles.id, id));
    return row?.username as string;
  }
  async function setProfile(id: string, set: Partial<typeof userProfiles.$inferInsert>) {
    await t.db.update(userProfiles).set(set).where(eq(userProfiles.id, id));
  }
  async function connect(a: Person, b: Person, status: "accepted" | "blocked" | "pending" = "accepted") {
    await t.db.insert(connections).values({
      requesterId: a.id,
      addresseeId: b.id,
      status,
      blockedBy: status === "blocked" ? a.id : null,
    });
  }
  const openProfile = async (slug: string, who: Person) =>
    outcome(() => profileLoader(argsOf(getAs(`/professional/${slug}`, who), { slug })));
  const views = async (profileUserId: string) =>
    t.db.select().from(profileViews).where(eq(profileViews.profileUserId, profileUserId));

  describe("usernames", () => {
    it("gives every new account a unique username from its name: base, base-2, base-3", async () => {
      const made = [];
      for (let i = 0; i < 3; i++) {
        made.push(
          await createAccount(t.db, {
            email: `same-${i}-${Date.now()}@example.test`,
            password: "correct-horse-battery",
            full_name: "Renée Same-Name",
          }),
        );
      }
      const names = await Promise.all(made.map((m) => usernameOf(m.id)));
      expect(names).toEqual(["renee-same-name", "renee-same-name-2", "renee-same-name-3"]);
      const noName = await createAccount(t.db, {
        email: `o.connor-${Date.now()}@example.test`,
        password: "correct-horse-battery",
      });
      expect(await usernameOf(noName.id)).toMatch(/^o-connor-\d+$/);
    });
  });

  describe("the unified profile", () => {
    let owner: Person;
    let visitor: Person;
    let slug: string;

    beforeAll(async () => {
      owner = await personWithRole(t.db, "manager");
      visitor = await personWithRole(t.db, "vendor");
      await setProfile(owner.id, {
        fullName: "Olivia Owner",
        location: "Orlando, FL",
        yearsExperience: 12,
        professionalSummary: "Manages condominiums.",
      });
      // Four roles: the page shows three until expanded.
      for (const [i, title] of ["Second", "Third", "Fourth"].entries()) {
        await t.db.insert(userProfessionalRoles).values({
          userId: owner.id,
          roleType: "other",
          title,
          displayOrder: i + 1,
          isCurrent: i < 2,
        });
      }
      slug = await usernameOf(owner.id);
    });

    it("shows the owner their e-mail and Edit Profile's data; sorted roles, verified, active count", async () => {
      const { status, data } = await openProfile(slug, owner);
      expect(status).toBe(200);
      expect(data.access).toBe("owner");
      expect(data.profile.email).toBe(owner.email);
      expect(data.profile.hasVerifiedRole).toBe(true);
      expect(data.profile.currentRolesCount).toBe(3);
      expect(data.profile.professionalRoles.map((r: { title: string }) => r.title)).toEqual([
        "Test manager",
        "Second",
        "Third",
        "Fourth",
      ]);
    });

    it("shows the person's community karma and the Expert badge it earns (decision 066)", async () => {
      expect((await openProfile(slug, visitor)).data.karma).toEqual({
        post: 0,
        comment: 0,
        award: 0,
        total: 0,
        expert: false,
      });
      await adjustKarma(t.db, { kind: "award", userId: owner.id, delta: EXPERT_MIN_KARMA });
      expect((await openProfile(slug, visitor)).data.karma).toMatchObject({
        award: EXPERT_MIN_KARMA,
        expert: true,
      });
    });

    it("never sends a visitor the e-mail (the page says Contact via platform)", async () => {
      const { status, data, response } = await openProfile(slug, visitor);
      expect(status).toBe(200);
      expect(data.access).toBe("visitor");
      expect(data.profile.email).toBeNull();
      expect(await response.text()).not.toContain(owner.email);
    });

    it("answers 404 for no such profile, and sends other spellings to the one address", async () => {
      expect((await openProfile("nobody-by-this-name", visitor)).status).toBe(404);
      const upper = await openProfile(slug.toUpperCase(), visitor);
      expect(upper.status).toBe(302);
      expect(upper.response.headers.get("Location")).toBe(`/professional/${slug}`);
      const me = await openProfile("me", owner);
      expect(me.response.headers.get("Location")).toBe(`/professional/${slug}`);
    });

    it("shows a private profile only to its owner and their connections", async () => {
      const hidden = await personWithRole(t.db, "cpa");
      const friend = await personWithRole(t.db, "attorney");
      const pending = await personWithRole(t.db, "vendor");
      await setProfile(hidden.id, { isPublic: false });
      await connect(friend, hidden, "accepted");
      await connect(pending, hidden, "pending");
      const hiddenSlug = await usernameOf(hidden.id);
      expect((await openProfile(hiddenSlug, visitor)).status).toBe(404);
      expect((await openProfile(hiddenSlug, pending)).status).toBe(404);
      expect((await openProfile(hiddenSlug, friend)).status).toBe(200);
      expect((await openProfile(hiddenSlug, hidden)).status).toBe(200);
    });

    it("answers 404 across a block, both ways, even for a public profile", async () => {
      const blocker = await personWithRole(t.db, "board_member");
      const blocked = await personWithRole(t.db, "vendor");
      await connect(blocker, blocked, "blocked");
      expect((await openProfile(await usernameOf(blocker.id), blocked)).status).toBe(404);
      expect((await openProfile(await usernameOf(blocked.id), blocker)).status).toBe(404);
    });

    it("counts a view once per viewer per day, never the owner's own", async () => {
      const viewed = await personWithRole(t.db, "manager");
      const viewedSlug = await usernameOf(viewed.id);
      await openProfile(viewedSlug, viewed);
      expect(await views(viewed.id)).toHaveLength(0);
      await openProfile(viewedSlug, visitor);
      await openProfile(viewedSlug, visitor);
      expect(await views(viewed.id)).toHaveLength(1);
      await openProfile(viewedSlug, owner);
      expect(await views(viewed.id)).toHaveLength(2);
      // Another day is another view.
      expect(await recordProfileView(t.db, viewed.id, visitor.id, "2020-01-01")).toBe(true);
      expect(await recordProfileView(t.db, viewed.id, visitor.id, "2020-01-01")).toBe(false);
      expect(await recordProfileView(t.db, viewed.id, viewed.id)).toBe(false);
      expect(await views(viewed.id)).toHaveLength(3);
    });
  });

  describe("/profile/edit", () => {
    const valid = (version: string, username: string) => ({
      intent: "update-profile",
      version,
      username,
      full_name: "Edith Editor",
      location: "Clearwater, FL",
      years_experience: "7",
      professional_summary: "Board secretary.",
      bio: "Keeps the minutes.",
      website_url: "https://edith.example.com",
      phone: "+1 305 555 0100",
      display_name: "Edie",
      company_name: "Gulf Breeze HOA",
      job_title: "Secretary",
      linkedin_url: "https://www.linkedin.com/in/edith",
      twitter_handle: "@edith",
      is_public: "on",
    });
    const edit = (who: Person, fields: Record<string, string>) =>
      outcome(() => editAction(argsOf(postAs("/profile/edit", who, fields))));
    const current = async (who: Person) =>
      (await outcome(() => editLoader(argsOf(getAs("/profile/edit", who))))).data.profile;

    it("answers each rule with the spec's message on its field", async () => {
      const who = await personWithRole(t.db, "board_member");
      const { version, username } = await current(who);
      const cases: [Record<string, string>, string, string][] = [
        [{ full_name: "" }, "full_name", "Full name is required"],
        [{ full_name: "E" }, "full_name", "Full name must be at least 2 characters"],
        [{ full_name: "E".repeat(101) }, "full_name", "Full name must be at most 100 characters"],
        [{ bio: "b".repeat(501) }, "bio", "Bio must be at most 500 characters"],
        [{ website_url: "edith dot com" }, "website_url", "Please enter a valid website URL"],
        [{ phone: "0555" }, "phone", "Please enter a valid phone number"],
        [{ years_experience: "51" }, "years_experience", "Years of experience cannot be more than 50"],
        [
          { username: "No_Way" },
          "username",
          "Username may contain only lower-case letters, digits and dashes (not at the start or end)",
        ],
        [{ username: "ab" }, "username", "Username must be at least 3 characters"],
      ];
      for (const [patch, field, message] of cases) {
        const { status, data } = await edit(who, { ...valid(version, username), ...patch });
        expect(status, field).toBe(400);
        expect(data.result.error[field]).toEqual([message]);
      }
      // Nothing was saved.
      expect((await current(who)).full_name).toBe("Test board_member");
    });

    it("saves, changes the username and goes to the profile; a stale version is a 409 with the current values", async () => {
      const who = await personWithRole(t.db, "board_member");
      const before = await current(who);
      const saved = await edit(who, valid(before.version, "edith-editor-saved"));
      expect(saved.status).toBe(302);
      expect(saved.response.headers.get("Location")).toBe("/professional/edith-editor-saved");
      const after = await current(who);
      expect(after).toMatchObject({
        username: "edith-editor-saved",
        full_name: "Edith Editor",
        location: "Clearwater, FL",
        years_experience: 7,
        phone: "+13055550100",
        // Every profile field is edited here (the account settings page links to this form).
        display_name: "Edie",
        company_name: "Gulf Breeze HOA",
        job_title: "Secretary",
        linkedin_url: "https://www.linkedin.com/in/edith",
        twitter_handle: "@edith",
        is_public: true,
      });
      expect(after.version).not.toBe(before.version);
      // The same rendered version again: someone saved in between.
      const stale = await edit(who, {
        ...valid(before.version, "edith-editor-saved"),
        full_name: "Too Late",
      });
      expect(stale.status).toBe(409);
      expect(stale.data.current).toMatchObject({ full_name: "Edith Editor", version: after.version });
      expect((await current(who)).full_name).toBe("Edith Editor");
    });

    it("refuses a username someone else holds (any case), clearly", async () => {
      const holder = await personWithRole(t.db, "vendor");
      const other = await personWithRole(t.db, "vendor");
      const taken = await usernameOf(holder.id);
      const { version } = await current(other);
      const { status, data } = await edit(other, valid(version, taken.toUpperCase()));
      expect(status).toBe(400);
      expect(data.result.error.username).toEqual(["This username is already taken. Please choose another."]);
    });

    it("limits profile updates to 3 a minute (update_profile), with the spec's message", async () => {
      const who = await personWithRole(t.db, "homeowner");
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof edit>> | null = null;
      for (let i = 0; i < 4; i++) {
        const { version, username } = await current(who);
        last = await edit(who, valid(version, username));
        statuses.push(last.status);
      }
      expect(statuses).toEqual([302, 302, 302, 429]);
      expect(last?.data.formError.message).toMatch(
        /^You're updating your profile too frequently\. Please try again in \d+ seconds\.$/,
      );
    });
  });

  describe("avatars", () => {
    const upload = (who: Person, file: { name: string; bytes: Buffer; type?: string }) => {
      const form = new FormData();
      form.set("intent", "upload-avatar");
      form.set(
        "avatar",
        new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }),
        file.name,
      );
      const request = new Request("http://localhost/profile/edit", {
        method: "POST",
        body: form,
        headers: { Cookie: who.cookie },
      });
      return outcome(() => editAction(argsOf(request)));
    };
    const avatarOf = async (id: string) =>
      (
        await t.db.select({ url: userProfiles.avatarUrl }).from(userProfiles).where(eq(userProfiles.id, id))
      )[0]?.url ?? null;

    it("crops a JPEG with EXIF to a centred square, 512 and 96 px WebP, without its metadata", async () => {
      const who = await personWithRole(t.db, "manager");
      // A 1200 x 800 photo: the left third red, the middle green, the right third blue; EXIF with a
      // camera and a GPS-like comment.
      const third = (r: number, g: number, b: number) =>
        sharp({ create: { width: 400, height: 800, channels: 3, background: { r, g, b } } })
          .png()
          .toBuffer();
      const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#000" } })
        .composite([
          { input: await third(255, 0, 0), left: 0, top: 0 },
          { input: await third(0, 255, 0), left: 400, top: 0 },
          { input: await third(0, 0, 255), left: 800, top: 0 },
        ])
        .jpeg({ quality: 90 })
        .withExif({ IFD0: { Make: "SecretCam", Copyright: "GPS 25.7617N 80.1918W" } })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      expect(photo.includes(Buffer.from("SecretCam"))).toBe(true);

      const { status, response } = await upload(who, { name: "holiday.jpg", bytes: photo });
      expect(status).toBe(302);
      expect(response.headers.get("Location")).toBe("/profile/edit");
      const url = await avatarOf(who.id);
      expect(url).toMatch(/^\/avatars\/[a-f0-9]{32}-512\.webp$/);
      const name = (url as string).split("/").pop() as string;
      const large = readFileSync(avatarStoragePath(name));
      const meta = await sharp(large).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });
      expect(meta.exif).toBeUndefined();
      expect(large.includes(Buffer.from("SecretCam"))).toBe(false);
      // The centred square of a red | green | blue photo is mostly green, with red and blue edges.
      const { data, info } = await sharp(large).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => {
        const i = (y * info.width + x) * info.channels;
        return [data[i], data[i + 1], data[i + 2]] as number[];
      };
      expect(pixel(256, 256)[1]).toBeGreaterThan(200);
      expect(pixel(10, 256)[0]).toBeGreaterThan(200);
      expect(pixel(500, 256)[2]).toBeGreaterThan(200);
      const small = await sharp(readFileSync(avatarStoragePath(name.replace("-512", "-96")))).metadata();
      expect(small).toMatchObject({ format: "webp", width: 96, height: 96 });

      // Served by its content-hash name, cached for a year.
      const served = await outcome(() =>
        avatarLoader(argsOf(new Request(`http://localhost${url}`), { name })),
      );
      expect(served.status).toBe(200);
      expect(served.response.headers.get("Content-Type")).toBe("image/webp");
      expect(served.response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const missing = await outcome(() =>
        avatarLoader(argsOf(new Request("http://localhost/avatars/x"), { name: "../../etc/passwd" })),
      );
      expect(missing.status).toBe(404);

      // Remove photo.
      const removed = await outcome(() =>
        editAction(argsOf(postAs("/profile/edit", who, { intent: "remove-avatar" }))),
      );
      expect(removed.status).toBe(302);
      expect(await avatarOf(who.id)).toBeNull();
    });

    it("judges a file by its content: a PNG named .jpg is taken; a non-image is refused", async () => {
      const who = await personWithRole(t.db, "vendor");
      const png = await sharp({ create: { width: 64, height: 40, channels: 4, background: "#123456" } })
        .png()
        .toBuffer();
      expect((await upload(who, { name: "really-a-png.jpg", bytes: png })).status).toBe(302);
      const url = await avatarOf(who.id);
      const meta = await sharp(
        readFileSync(avatarStoragePath((url as string).split("/").pop() as string)),
      ).metadata();
      // Never enlarged: the picture's own square.
      expect(meta).toMatchObject({ format: "webp", width: 40, height: 40 });

      const text = await upload(who, { name: "notes.jpg", bytes: Buffer.from("just some text\n") });
      expect(text.status).toBe(400);
      expect(text.data.avatarError).toBe("notes.jpg: File is not an image");
      const pdf = await upload(who, { name: "cv.png", bytes: TINY_PDF, type: "image/png" });
      expect(pdf.data.avatarError).toBe("cv.png: File is not an image");
      const zip = await upload(who, {
        name: "archive.gif",
        bytes: Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(64)]),
      });
      expect(zip.data.avatarError).toBe("archive.gif: File type application/zip is not allowed");
      // The refused uploads left the photo as it was.
      expect(await avatarOf(who.id)).toBe(url);
    });

    it("refuses a file over 10 MB with the spec's message", async () => {
      const who = await personWithRole(t.db, "vendor");
      const big = Buffer.alloc(10 * 1024 * 1024 + 512 * 1024, 1);
      const { status, data } = await upload(who, { name: "huge.jpg", bytes: big });
      expect(status).toBe(400);
      expect(data.avatarError).toBe("huge.jpg: File size 10.5 MB exceeds maximum allowed size of 10 MB");
    });
  });

  describe("the directory", () => {
    let viewer: Person;
    const find = async (query: string, who: Person = viewer) =>
      outcome(() => directoryLoader(argsOf(getAs(`/directory?${query}`, who))));
    const names = (data: { people: { fullName: string }[] }) => data.people.map((p) => p.fullName).sort();

    beforeAll(async () => {
      viewer = await personWithRole(t.db, "manager");
      const people: [string, "vendor" | "attorney" | "cpa" | "board_member", string, boolean][] = [
        ["Dirk Roofer", "vendor", "Tampa, FL", true],
        ["Dora Counsel", "attorney", "Miami, FL", true],
        ["Dan Numbers", "cpa", "Austin, TX", false],
        ["Dina Private", "board_member", "Miami, FL", true],
        ["Dex Blocked", "vendor", "Miami, FL", true],
      ];
      const ids: Record<string, string> = {};
      for (const [name, role, location, verified] of people) {
        const p = await personWithRole(t.db, role, { verified });
        ids[name] = p.id;
        await setProfile(p.id, { fullName: name, location });
        await t.db
          .update(userProfessionalRoles)
          .set({ organizationName: `${name.split(" ")[1]} Group` })
          .where(eq(userProfessionalRoles.userId, p.id));
      }
      await setProfile(ids["Dina Private"] as string, { isPublic: false });
      await t.db.insert(connections).values({
        requesterId: ids["Dex Blocked"] as string,
        addresseeId: viewer.id,
        status: "blocked",
        blockedBy: ids["Dex Blocked"] as string,
      });
      await t.db.insert(skills).values([
        { userId: ids["Dirk Roofer"] as string, skillName: "Roof inspections", skillCategory: "technical" },
        {
          userId: ids["Dan Numbers"] as string,
          skillName: "Roof budgeting",
          skillCategory: "financial",
          isPublic: false,
        },
      ]);
    });

    it("finds by name, only public profiles and never across a block", async () => {
      const { status, data } = await find("q=D");
      expect(status).toBe(200);
      const found = names(data);
      expect(found).toEqual(expect.arrayContaining(["Dirk Roofer", "Dora Counsel", "Dan Numbers"]));
      expect(found).not.toContain("Dina Private");
      expect(found).not.toContain("Dex Blocked");
      expect(names((await find("q=dora")).data)).toEqual(["Dora Counsel"]);
      expect(JSON.stringify(data)).not.toContain("@example.test");
    });

    it("finds by organization and by public skill", async () => {
      expect(names((await find("org=counsel+group")).data)).toEqual(["Dora Counsel"]);
      expect(names((await find("skill=roof")).data)).toEqual(["Dirk Roofer"]);
    });

    it("filters by role type, verified, state and city", async () => {
      expect(names((await find("q=D&role=cpa")).data)).toEqual(["Dan Numbers"]);
      expect(names((await find("q=D&verified=1")).data)).not.toContain("Dan Numbers");
      expect(names((await find("q=D&state=TX")).data)).toEqual(["Dan Numbers"]);
      expect(names((await find("q=D&state=FL&city=miami")).data)).toEqual(["Dora Counsel"]);
      expect(names((await find("q=D&state=fl&city=Tampa")).data)).toEqual(["Dirk Roofer"]);
    });

    it("pages 20 at a time", async () => {
      for (let i = 0; i < 22; i++) {
        const p = await personWithRole(t.db, "homeowner");
        await setProfile(p.id, { fullName: `Pagetest ${String(i).padStart(2, "0")}` });
      }
      const first = await find("q=pagetest");
      expect(first.data.total).toBe(22);
      expect(first.data.people).toHaveLength(20);
      expect(first.data.people[0].fullName).toBe("Pagetest 00");
      const second = await find("q=pagetest&page=2");
      expect(names(second.data)).toEqual(["Pagetest 20", "Pagetest 21"]);
      expect((await find("q=pagetest&page=99999999999999999999")).data.people).toEqual([]);
    });

    it("limits searches to 30 a minute (search_users) with a clear message, not a 500", async () => {
      const searcher = await personWithRole(t.db, "vendor");
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await find(`q=x${i}`, searcher)).status);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      const over = await find("q=again", searcher);
      expect(over.status).toBe(429);
      expect(over.data.limited.message).toMatch(
        /^You're searching too frequently\. Please try again in \d+ seconds\.$/,
      );
      // The plain directory (no search) still opens.
      expect((await find("", searcher)).status).toBe(200);
    });
  });

  describe("people in the site search", () => {
    it("links to the profile; a private profile only for its owner and connections; never across a block", async () => {
      const secret = await personWithRole(t.db, "cpa");
      const friend = await personWithRole(t.db, "vendor");
      const stranger = await personWithRole(t.db, "vendor");
      const foe = await personWithRole(t.db, "vendor");
      await setProfile(secret.id, { fullName: "Zelda Searchable", isPublic: false });
      await connect(secret, friend, "accepted");
      await connect(foe, secret, "blocked");
      const search = async (who: Person) => {
        const { data } = await outcome(() => apiSearchLoader(argsOf(getAs("/api/search?q=zelda", who))));
        return data.people as { id: string; href: string }[];
      };
      const href = `/professional/${await usernameOf(secret.id)}`;
      expect(await search(friend)).toEqual([expect.objectContaining({ id: secret.id, href })]);
      expect(await search(secret)).toEqual([expect.objectContaining({ id: secret.id, href })]);
      expect(await search(stranger)).toEqual([]);
      await setProfile(secret.id, { isPublic: true });
      expect(await search(stranger)).toEqual([expect.objectContaining({ href })]);
      expect(await search(foe)).toEqual([]);
      const views = await t.db
        .select()
        .from(profileViews)
        .where(and(eq(profileViews.viewerId, foe.id)));
      expect(views).toEqual([]);
    });
  });
});
