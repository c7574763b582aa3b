/**
 * The RFP wizard (issue 4, part 2; spec 001 sections 2.5, 4, 5, 6 and 8) through its loaders and
 * actions: step validation with the specification's messages, the draft created by the first Next,
 * Save Draft, Publish (refused to the first failing step, then accepted), a published RFP's locked
 * fields, who may open it, and the document uploader with its private downloads.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { rfpDocuments, rfps } from "@db/schema";
import { RFP_MESSAGES } from "@domain/rfp";
import { EDIT_VERSION_REQUIRED } from "@domain/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { loader as dashboardNewLoader } from "~/routes/_app.dashboard_.rfps.new";
import { action as editAction, loader as editLoader } from "~/routes/_app.rfps_.$id.edit";
import { loader as createLoader } from "~/routes/_app.rfps_.create";
import { action as newAction, loader as newLoader } from "~/routes/_app.rfps_.new";
import { loader as downloadLoader } from "~/routes/documents.rfp.$id";
import { formRequest, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { FAKE_PDF, TINY_GIF, TINY_PDF, TINY_PNG } from "../support/files";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

async function settle(promise: unknown): Promise<unknown> {
  try {
    return await promise;
  } catch (thrown) {
    return thrown;
  }
}

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const get = (url: string, cookie?: string) =>
  new Request(`http://localhost${url}`, { headers: cookie ? { Cookie: cookie } : {} });

function location(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect([301, 302, 303]).toContain(response.status);
  return response.headers.get("Location") ?? "";
}

async function body(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  return (await (result as Response).json()) as {
    result?: {
      error?: Record<string, string[] | null> | null;
      initialValue?: Record<string, unknown> | null;
    };
    formError?: string;
    uploadErrors?: string[];
    error?: string;
    autosave?: { ok: boolean; rfpId?: string; lastSaved?: string; version?: number };
  };
}

const inDays = (days: number) => {
  // A datetime-local value in America/New_York (the default time zone), days from now.
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T17:00`;
};

const BASIC = {
  step: "basic",
  title: "Parking lot resealing",
  category: "maintenance",
  description: "Reseal and restripe the north and south parking lots.",
  organization_name: "Bayview Towers Condominium",
};

function idFrom(url: string) {
  const m = /\/rfps\/([0-9a-f-]{36})\/edit/.exec(url);
  expect(m).not.toBeNull();
  return m?.[1] as string;
}

describe.each(engines)("the RFP wizard on %s", (engine) => {
  const t = useTestDatabase(engine);
  let uploadDir: string;
  let manager: Person;
  let otherManager: Person;
  let vendor: Person;
  let admin: Person;
  beforeAll(async () => {
    useAppDatabase(t.handle);
    uploadDir = mkdtempSync(path.join(tmpdir(), "rfp-uploads-"));
    process.env.UPLOAD_DIR = uploadDir;
    resetEnvForTests();
    manager = await personWithRole(t.db, "manager");
    otherManager = await personWithRole(t.db, "manager");
    vendor = await personWithRole(t.db, "vendor");
    admin = await personWithRole(t.db, "admin");
  });
  afterAll(() => {
    rmSync(uploadDir, { recursive: true, force: true });
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });

  const postNew = (person: Person, fields: Record<string, string>, step = fields.step ?? "basic") =>
    settle(newAction(args(formRequest(`/rfps/new?step=${step}`, fields, { Cookie: person.cookie }))));
  const loadEdit = (person: Person, id: string, query = "step=basic") =>
    settle(editLoader(args(get(`/rfps/${id}/edit?${query}`, person.cookie), { id })));
  /** The stream version the edit page shows now (what a browser's form would post back). */
  const versionOf = async (person: Person, id: string) =>
    String(((await body(await loadEdit(person, id))) as unknown as { version: number }).version);
  /** Posts an edit form; without a `version`, as rendered just before (a fresh page). */
  const postEdit = async (person: Person, id: string, fields: Record<string, string>) => {
    const version = fields.version ?? (await versionOf(person, id));
    return settle(
      editAction(
        args(
          formRequest(
            `/rfps/${id}/edit?step=${fields.step}`,
            { ...fields, version },
            { Cookie: person.cookie },
          ),
          { id },
        ),
      ),
    );
  };
  const rowOf = async (id: string) => (await t.db.select().from(rfps).where(eq(rfps.id, id)))[0];

  /** A draft with every step filled in, ready to publish. */
  async function fullDraft(person: Person = manager) {
    const id = idFrom(location(await postNew(person, { ...BASIC, intent: "next" })));
    location(await postEdit(person, id, { step: "location", intent: "next", proposal_deadline: inDays(14) }));
    location(
      await postEdit(person, id, {
        step: "budget",
        intent: "next",
        budget_type: "range",
        budget_min: "10000",
        budget_max: "20000",
      }),
    );
    location(await postEdit(person, id, { step: "settings", intent: "next", visibility: "public" }));
    return id;
  }

  it("lets only RFP authors open /rfps/new; the other addresses redirect to it", async () => {
    const refused = await settle(newLoader(args(get("/rfps/new", vendor.cookie))));
    expect((refused as Response).status).toBe(403);
    expect((await body(refused)).error).toBe(RFP_MESSAGES.notAuthorizedCreate);
    const posted = await postNew(vendor, { ...BASIC, intent: "next" });
    expect((posted as Response).status).toBe(403);
    const ok = await settle(newLoader(args(get("/rfps/new", manager.cookie))));
    expect((ok as Response).status).toBe(200);
    expect(location(await settle(createLoader()))).toBe("/rfps/new");
    expect(location(await settle(dashboardNewLoader()))).toBe("/rfps/new");
  });

  it("shows step 1's messages word for word on Next and keeps what was typed", async () => {
    const result = await postNew(manager, {
      step: "basic",
      intent: "next",
      title: "Roof",
      description: "Too short",
    });
    expect((result as Response).status).toBe(400);
    const { result: reply } = await body(result);
    expect(reply?.error?.title).toEqual(["Title must be at least 5 characters"]);
    expect(reply?.error?.description).toEqual(["Description must be at least 20 characters"]);
    expect(reply?.error?.category).toEqual(["Category is required"]);
    expect(reply?.initialValue).toMatchObject({ title: "Roof", description: "Too short" });
  });

  it("creates the draft on the first Next, then validates each step with the spec's messages", async () => {
    const next = await postNew(manager, { ...BASIC, intent: "next" });
    const url = location(next);
    expect(url).toMatch(/\/rfps\/[0-9a-f-]{36}\/edit\?step=location$/);
    const id = idFrom(url);
    expect(await rowOf(id)).toMatchObject({ status: "draft", title: BASIC.title, authorId: manager.id });

    const expectErrors = async (fields: Record<string, string>, errors: Record<string, string[]>) => {
      const result = await postEdit(manager, id, { intent: "next", ...fields });
      expect((result as Response).status).toBe(400);
      expect((await body(result)).result?.error).toMatchObject(errors);
    };
    await expectErrors({ step: "location" }, { proposal_deadline: ["Proposal deadline is required"] });
    await expectErrors(
      { step: "location", proposal_deadline: "2020-01-01T10:00" },
      { proposal_deadline: ["Deadline must be in the future"] },
    );
    await expectErrors(
      {
        step: "location",
        proposal_deadline: inDays(10),
        project_start_date: "2030-05-10",
        project_end_date: "2030-05-01",
      },
      { project_end_date: ["End date must be after start date"] },
    );
    await expectErrors(
      { step: "budget", budget_type: "range", budget_min: "5000" },
      { budget_max: ["Both minimum and maximum budget are required for range"] },
    );
    await expectErrors(
      { step: "budget", budget_type: "range", budget_min: "5000", budget_max: "1000" },
      { budget_min: ["Minimum budget cannot exceed maximum"] },
    );
    await expectErrors(
      { step: "budget", budget_type: "fixed" },
      { budget_max: ["Fixed budget amount is required"] },
    );
    await expectErrors(
      { step: "budget", budget_type: "hourly" },
      { budget_hourly_rate: ["Hourly rate is required"] },
    );
    await expectErrors({ step: "settings" }, { visibility: [RFP_MESSAGES.visibilityRequired] });

    // Previous goes back without validation; step 4 has no checks.
    expect(location(await postEdit(manager, id, { step: "budget", intent: "previous" }))).toBe(
      `/rfps/${id}/edit?step=location`,
    );
    expect(location(await postEdit(manager, id, { step: "requirements", intent: "next" }))).toBe(
      `/rfps/${id}/edit?step=settings`,
    );

    // A valid step is saved into the draft, over what was there.
    expect(
      location(
        await postEdit(manager, id, { step: "location", intent: "next", proposal_deadline: inDays(14) }),
      ),
    ).toBe(`/rfps/${id}/edit?step=budget`);
    const row = await rowOf(id);
    expect(row?.proposalDeadline).not.toBeNull();
    expect(row?.title).toBe(BASIC.title);
    // The deadline reads back as typed, in the author's time zone.
    const loaded = await body(await loadEdit(manager, id, "step=location"));
    expect((loaded as unknown as { deadlineLocal: string }).deadlineLocal).toBe(inDays(14));
  });

  it("saves a draft without step validation, but not without a title", async () => {
    const untitled = await postNew(manager, { step: "basic", intent: "save", description: "short" });
    expect((untitled as Response).status).toBe(400);
    expect((await body(untitled)).result?.error?.title).toEqual([RFP_MESSAGES.draftTitleRequired]);

    const saved = await postNew(manager, {
      step: "basic",
      intent: "save",
      title: "Pool",
      description: "short",
    });
    const id = idFrom(location(saved));
    expect(location(saved)).toBe(`/rfps/${id}/edit?step=basic`);
    expect(await rowOf(id)).toMatchObject({ status: "draft", title: "Pool", description: "short" });

    // Auto-save posts the step as a draft through a fetcher and answers with the new saved time.
    const auto = await postEdit(manager, id, {
      step: "basic",
      intent: "autosave",
      title: "Pool deck",
      description: "x",
    });
    const { autosave } = await body(auto);
    expect(autosave).toMatchObject({ ok: true, rfpId: id });
    expect(autosave?.lastSaved).toMatch(/^Last saved /);
    expect((await rowOf(id))?.title).toBe("Pool deck");
    // The form carries on from the version it saved, so its next auto-save is no conflict with itself.
    expect(String(autosave?.version)).toBe(await versionOf(manager, id));
    const again = await postEdit(manager, id, {
      step: "basic",
      intent: "autosave",
      version: String(autosave?.version),
      title: "Pool deck and fence",
      description: "x",
    });
    expect((await body(again)).autosave).toMatchObject({ ok: true });
    expect((await rowOf(id))?.title).toBe("Pool deck and fence");
  });

  it("sends a refused Publish to the first step with an error, showing its messages, then publishes", async () => {
    const id = idFrom(location(await postNew(manager, { ...BASIC, intent: "next" })));
    const refused = await postEdit(manager, id, { step: "review", intent: "publish" });
    expect(location(refused)).toBe(`/rfps/${id}/edit?step=location&check=1`);
    const page = (await body(await loadEdit(manager, id, "step=location&check=1"))) as unknown as {
      checked: { fieldErrors: Record<string, string[]> };
      publishBlocked: boolean;
    };
    expect(page.checked.fieldErrors.proposal_deadline).toEqual(["Proposal deadline is required"]);
    expect(page.publishBlocked).toBe(true);
    expect((await rowOf(id))?.status).toBe("draft");

    location(
      await postEdit(manager, id, { step: "location", intent: "next", proposal_deadline: inDays(14) }),
    );
    // The budget is still empty: the first failing step is now step 3.
    expect(location(await postEdit(manager, id, { step: "review", intent: "publish" }))).toBe(
      `/rfps/${id}/edit?step=budget&check=1`,
    );

    const ready = await fullDraft();
    expect(location(await postEdit(manager, ready, { step: "review", intent: "publish" }))).toBe(
      `/rfps/${ready}`,
    );
    expect(await rowOf(ready)).toMatchObject({
      status: "published",
      visibility: "public",
      budgetMin: 10_000,
    });
  });

  it("edits only the editable fields of a published RFP", async () => {
    const id = await fullDraft();
    location(await postEdit(manager, id, { step: "review", intent: "publish" }));
    const page = (await body(await loadEdit(manager, id))) as unknown as { mode: string };
    expect(page.mode).toBe("published");

    const core = await postEdit(manager, id, { ...BASIC, title: "A different title", intent: "save" });
    expect((core as Response).status).toBe(409);
    expect((await body(core)).formError).toBe(RFP_MESSAGES.coreFieldsLocked);

    const dates = await postEdit(manager, id, {
      step: "published",
      intent: "save",
      description: BASIC.description,
      project_start_date: "2030-06-10",
      project_end_date: "2030-06-01",
    });
    expect((await body(dates)).result?.error?.project_end_date).toEqual([
      "End date must be after start date",
    ]);

    const saved = await postEdit(manager, id, {
      step: "published",
      intent: "save",
      description: "Reseal, restripe and add two accessible parking spaces.",
      scope_of_work: "Crack filling, two coats of sealer, new striping.",
    });
    expect(location(saved)).toBe(`/rfps/${id}/edit`);
    expect(await rowOf(id)).toMatchObject({
      status: "published",
      title: BASIC.title,
      scopeOfWork: "Crack filling, two coats of sealer, new striping.",
    });
  });

  describe("edits from two pages at once (issue 11, 1.1)", () => {
    const conflictBody = async (result: unknown) => {
      expect((result as Response).status).toBe(409);
      const data = (await body(result)) as { formError?: string; conflict?: { fields: string[] } };
      expect(data.formError).toBe(
        "This RFP was changed while you were editing; review the changes and save again",
      );
      return data;
    };

    it("two people editing different steps of one RFP both keep their changes", async () => {
      const id = await fullDraft();
      // The author opens step 1 and an admin opens step 2, at the same version.
      const rendered = await versionOf(manager, id);
      expect(await versionOf(admin, id)).toBe(rendered);
      location(
        await postEdit(admin, id, {
          step: "location",
          intent: "save",
          version: rendered,
          proposal_deadline: inDays(20),
          location_city: "Tampa",
        }),
      );
      location(
        await postEdit(manager, id, {
          ...BASIC,
          intent: "save",
          version: rendered,
          title: "Parking lot resealing and striping",
        }),
      );
      const row = await rowOf(id);
      expect(row).toMatchObject({ title: "Parking lot resealing and striping", locationCity: "Tampa" });
      const page = (await body(await loadEdit(manager, id, "step=location"))) as unknown as {
        deadlineLocal: string;
      };
      expect(page.deadlineLocal).toBe(inDays(20));
    });

    it("a stale value the person did not touch is not a change: the other edit survives", async () => {
      const id = await fullDraft();
      const rendered = await versionOf(manager, id);
      location(await postEdit(admin, id, { ...BASIC, intent: "save", title: "Title set by the admin" }));
      // The author's page still shows the old title; they change only the description.
      location(
        await postEdit(manager, id, {
          ...BASIC,
          intent: "save",
          version: rendered,
          description: "Reseal, restripe and repaint the curbs of both parking lots.",
        }),
      );
      expect(await rowOf(id)).toMatchObject({
        title: "Title set by the admin",
        description: "Reseal, restripe and repaint the curbs of both parking lots.",
      });
    });

    it("the same field edited twice from the same rendered version: the second save gets a 409 with the current values", async () => {
      const id = await fullDraft();
      const rendered = await versionOf(manager, id);
      location(
        await postEdit(admin, id, { ...BASIC, intent: "save", version: rendered, title: "First edit" }),
      );
      const second = await postEdit(manager, id, {
        ...BASIC,
        intent: "next",
        version: rendered,
        title: "Second edit",
      });
      const data = await conflictBody(second);
      expect(data.conflict?.fields).toEqual(["title"]);
      expect((await rowOf(id))?.title).toBe("First edit");
      // The page the 409 renders (loaders run after the action) holds the current values and version.
      const page = (await body(await loadEdit(manager, id))) as unknown as {
        fields: { title: string };
        version: number;
      };
      expect(page.fields.title).toBe("First edit");
      expect(String(page.version)).not.toBe(rendered);
      // Tabs and Previous do not leave the page on a conflict either (the entries would be lost).
      const tab = await postEdit(manager, id, {
        ...BASIC,
        intent: "goto",
        to: "budget",
        version: rendered,
        title: "Third edit",
      });
      await conflictBody(tab);
      // Auto-save reports it without saving.
      const auto = await postEdit(manager, id, {
        ...BASIC,
        intent: "autosave",
        version: rendered,
        title: "X y z",
      });
      expect((await body(auto)).autosave).toMatchObject({ ok: false });
      expect((await rowOf(id))?.title).toBe("First edit");
    });

    it("a published RFP's details: a stale edit of the same field is a 409, of another field is merged", async () => {
      const id = await fullDraft();
      location(await postEdit(manager, id, { step: "review", intent: "publish" }));
      const rendered = await versionOf(manager, id);
      const description = BASIC.description;
      location(
        await postEdit(admin, id, {
          step: "published",
          intent: "save",
          version: rendered,
          description,
          scope_of_work: "Scope written by the admin.",
        }),
      );
      const same = await postEdit(manager, id, {
        step: "published",
        intent: "save",
        version: rendered,
        description,
        scope_of_work: "Scope written by the author.",
      });
      expect((await conflictBody(same)).conflict?.fields).toEqual(["scope_of_work"]);
      location(
        await postEdit(manager, id, {
          step: "published",
          intent: "save",
          version: rendered,
          description,
          project_start_date: "2030-07-01",
        }),
      );
      expect(await rowOf(id)).toMatchObject({
        scopeOfWork: "Scope written by the admin.",
        projectStartDate: "2030-07-01",
      });
    });

    it("publishes only the version the review page showed", async () => {
      const id = await fullDraft();
      const reviewed = await versionOf(manager, id);
      location(await postEdit(admin, id, { ...BASIC, intent: "save", title: "Changed after review" }));
      const stale = await postEdit(manager, id, { step: "review", intent: "publish", version: reviewed });
      await conflictBody(stale);
      expect((await rowOf(id))?.status).toBe("draft");
      expect(location(await postEdit(manager, id, { step: "review", intent: "publish" }))).toBe(
        `/rfps/${id}`,
      );
    });

    it("an edit without the version it was rendered from is refused, not applied", async () => {
      const id = await fullDraft();
      const missing = await postEdit(manager, id, {
        ...BASIC,
        intent: "save",
        version: "",
        title: "No version",
      });
      // No version: a 400 that says so (not a conflict, and never a last write).
      expect((missing as Response).status).toBe(400);
      expect(((await body(missing)) as { formError?: string }).formError).toBe(EDIT_VERSION_REQUIRED);
      const future = await postEdit(manager, id, {
        ...BASIC,
        intent: "save",
        version: "999",
        title: "Future",
      });
      await conflictBody(future);
      // Previous and a step tab never stop on a step's errors, but a missing version still stops them.
      for (const intent of ["previous", "goto"]) {
        const moved = await postEdit(manager, id, {
          ...BASIC,
          intent,
          to: "budget",
          version: "",
          title: "Moved",
        });
        expect((moved as Response).status).toBe(400);
        expect(((await body(moved)) as { formError?: string }).formError).toBe(EDIT_VERSION_REQUIRED);
      }
      const auto = await postEdit(manager, id, { ...BASIC, intent: "autosave", version: "", title: "Auto" });
      expect((await body(auto)).autosave).toMatchObject({ ok: false });
      // Publish without the version the review page showed is refused the same way, and publishes nothing.
      const publish = await postEdit(manager, id, { step: "review", intent: "publish", version: "" });
      expect((publish as Response).status).toBe(400);
      expect(((await body(publish)) as { formError?: string }).formError).toBe(EDIT_VERSION_REQUIRED);
      expect(await rowOf(id)).toMatchObject({ title: BASIC.title, status: "draft" });
    });

    it("an unknown intent is a 400 that saves nothing", async () => {
      const id = await fullDraft();
      const unknown = await postEdit(manager, id, { ...BASIC, intent: "overwrite", title: "Unknown" });
      expect((unknown as Response).status).toBe(400);
      expect(((await body(unknown)) as { formError?: string }).formError).toBe(RFP_MESSAGES.saveFailed);
      expect((await rowOf(id))?.title).toBe(BASIC.title);
    });
  });

  it("lets only the author or an admin edit; unknown RFPs are 404", async () => {
    const id = idFrom(location(await postNew(manager, { ...BASIC, intent: "save" })));
    for (const person of [otherManager, vendor]) {
      const loaded = await loadEdit(person, id);
      expect((loaded as Response).status).toBe(403);
      expect((await body(loaded)).error).toBe(RFP_MESSAGES.notAuthorizedUpdate);
      const posted = await postEdit(person, id, { ...BASIC, intent: "save" });
      expect((posted as Response).status).toBe(403);
    }
    expect((await loadEdit(admin, id)) as Response).toHaveProperty("status", 200);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(((await loadEdit(manager, missing)) as Response).status).toBe(404);
    expect(((await loadEdit(manager, "not-a-uuid")) as Response).status).toBe(404);
  });

  it("invites vendors of a private RFP by e-mail; an unknown address is a field error", async () => {
    const id = idFrom(location(await postNew(manager, { ...BASIC, intent: "save" })));
    const unknown = await postEdit(manager, id, {
      step: "settings",
      intent: "next",
      visibility: "private",
      invited_vendor_emails: `${vendor.email}\nnobody@example.test`,
    });
    expect((await body(unknown)).result?.error?.invited_vendor_emails).toEqual([
      "No vendor found with the e-mail nobody@example.test",
    ]);
    const notVendor = await postEdit(manager, id, {
      step: "settings",
      intent: "next",
      visibility: "private",
      invited_vendor_emails: otherManager.email,
    });
    expect((await body(notVendor)).result?.error?.invited_vendor_emails).toHaveLength(1);
    location(
      await postEdit(manager, id, {
        step: "settings",
        intent: "next",
        visibility: "private",
        invited_vendor_emails: vendor.email.toUpperCase(),
      }),
    );
    expect((await rowOf(id))?.invitedVendorIds).toEqual([vendor.id]);
  });

  describe("attachments", () => {
    function upload(person: Person, id: string, files: { name: string; bytes: Buffer }[]) {
      const form = new FormData();
      form.append("intent", "upload");
      form.append("step", "requirements");
      for (const f of files) form.append("documents", new File([new Uint8Array(f.bytes)], f.name));
      return settle(
        editAction(
          args(
            new Request(`http://localhost/rfps/${id}/edit?step=requirements`, {
              method: "POST",
              body: form,
              headers: { Cookie: person.cookie },
            }),
            { id },
          ),
        ),
      );
    }
    const docsOf = (id: string) => t.db.select().from(rfpDocuments).where(eq(rfpDocuments.rfpId, id));
    const download = (person: Person | null, documentId: string) =>
      settle(downloadLoader(args(get(`/documents/rfp/${documentId}`, person?.cookie), { id: documentId })));

    it("checks type by content, size and count, with the spec's messages", async () => {
      const id = idFrom(location(await postNew(manager, { ...BASIC, intent: "save" })));
      const bad = await upload(manager, id, [
        { name: "picture.gif", bytes: TINY_GIF },
        { name: "notes.pdf", bytes: FAKE_PDF },
        { name: "scan.pdf", bytes: TINY_PDF },
      ]);
      expect((bad as Response).status).toBe(400);
      expect((await body(bad)).uploadErrors).toEqual([
        "picture.gif: File type not allowed",
        "notes.pdf: File type not allowed",
      ]);
      expect(await docsOf(id)).toHaveLength(0);

      const big = await upload(manager, id, [
        { name: "huge.txt", bytes: Buffer.alloc(50 * 1024 * 1024 + 1, 0x61) },
      ]);
      expect((await body(big)).uploadErrors).toEqual(["huge.txt: File size exceeds 50MB limit"]);

      const ok = await upload(manager, id, [
        { name: "spec.pdf", bytes: TINY_PDF },
        { name: "site.png", bytes: TINY_PNG },
        { name: "units.csv", bytes: Buffer.from("unit,owner\n101,Ada\n") },
      ]);
      expect(location(ok)).toBe(`/rfps/${id}/edit?step=requirements`);
      expect((await docsOf(id)).map((d) => d.fileType).sort()).toEqual([
        "application/pdf",
        "image/png",
        "text/csv; charset=utf-8",
      ]);

      const eight = Array.from({ length: 8 }, (_, i) => ({ name: `page-${i}.pdf`, bytes: TINY_PDF }));
      const over = await upload(manager, id, eight);
      expect((await body(over)).uploadErrors).toEqual(["Maximum 10 files allowed"]);
      const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p-${i}.pdf`, bytes: TINY_PDF }));
      expect((await body(await upload(manager, id, eleven))).uploadErrors).toEqual([
        "Maximum 10 files allowed",
      ]);
      expect(await docsOf(id)).toHaveLength(3);

      // Someone else cannot attach files to the author's RFP.
      expect(
        ((await upload(otherManager, id, [{ name: "x.pdf", bytes: TINY_PDF }])) as Response).status,
      ).toBe(403);

      // Remove one file.
      const [first] = await docsOf(id);
      location(
        await postEdit(manager, id, {
          step: "requirements",
          intent: "remove-document",
          documentId: first?.id ?? "",
        }),
      );
      expect(await docsOf(id)).toHaveLength(2);
    });

    it("serves a document only to people who may view the RFP", async () => {
      const id = await fullDraft();
      location(await upload(manager, id, [{ name: "scope.pdf", bytes: TINY_PDF }]));
      const [doc] = await docsOf(id);
      const docId = doc?.id as string;

      const mine = (await download(manager, docId)) as Response;
      expect(mine.status).toBe(200);
      expect(mine.headers.get("Content-Type")).toBe("application/pdf");
      expect(mine.headers.get("Content-Disposition")).toContain("scope.pdf");
      expect(Buffer.from(await mine.arrayBuffer()).equals(TINY_PDF)).toBe(true);
      expect(((await download(admin, docId)) as Response).status).toBe(200);
      // A draft is private to its author and admins.
      expect(((await download(otherManager, docId)) as Response).status).toBe(404);
      expect(((await download(vendor, docId)) as Response).status).toBe(404);
      expect(location(await download(null, docId))).toMatch(/^\/auth\/sign-in/);

      // Published and public: anyone signed in.
      location(await postEdit(manager, id, { step: "review", intent: "publish" }));
      expect(((await download(vendor, docId)) as Response).status).toBe(200);
      expect(((await download(vendor, "00000000-0000-4000-8000-000000000000")) as Response).status).toBe(404);
    });
  });
});
