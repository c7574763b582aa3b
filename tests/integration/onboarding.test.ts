/**
 * The onboarding wizard (spec 000 sections 2.8, 4, 5), verification uploads and the private document
 * download (issue 3, parts 6 and 7), /settings/verification and the onboarding nudge, called through
 * the route loaders and actions.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { userProfessionalRoles, userProfiles, users, verificationDocuments } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { getOnboardingNudge } from "~/queries/onboarding.server";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import {
  action as settingsVerificationAction,
  loader as settingsVerificationLoader,
} from "~/routes/_app.settings.verification";
import { action as signInAction } from "~/routes/auth.sign-in";
import { loader as downloadLoader } from "~/routes/documents.verification.$id";
import { loader as onboardingLayoutLoader } from "~/routes/onboarding";
import { action as stepAction, loader as stepLoader } from "~/routes/onboarding.$step";
import { action as preferencesAction } from "~/routes/preferences";
import { formRequest, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { FAKE_PDF, TINY_PDF, TINY_PNG } from "../support/files";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

async function settle(promise: unknown): Promise<unknown> {
  try {
    return await promise;
  } catch (thrown) {
    return thrown;
  }
}

function expectRedirect(result: unknown, location: string) {
  expect(result).toBeInstanceOf(Response);
  expect((result as Response).status).toBe(302);
  expect((result as Response).headers.get("Location")).toBe(location);
}

const get = (url: string, cookie?: string) =>
  new Request(`http://localhost${url}`, { headers: cookie ? { Cookie: cookie } : {} });

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

async function jsonOf(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  return (await (result as Response).json()) as {
    result?: { error?: Record<string, string[]> | null };
    formError?: string;
  };
}

/** The files under a folder, relative (none when it does not exist). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)))
      .sort();
  } catch {
    return [];
  }
}

/** A multipart body as bytes with its Content-Type, as a browser would send the verification form. */
async function multipartBody(fields: Record<string, string>, files: { name: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("documents", new File([new Uint8Array(f.bytes)], f.name));
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { "Content-Type": encoded.headers.get("Content-Type") ?? "" },
  };
}

/** A multipart post, as a browser sends the verification form. */
function multipartRequest(
  url: string,
  cookie: string,
  fields: Record<string, string>,
  files: { name: string; bytes: Buffer; type?: string }[] = [],
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files)
    body.append("documents", new File([new Uint8Array(f.bytes)], f.name, { type: f.type ?? "" }));
  return new Request(`http://localhost${url}`, { method: "POST", body, headers: { Cookie: cookie } });
}

describe.each(engines)("onboarding on %s", (engine) => {
  const t = useTestDatabase(engine);
  let uploadDir: string;
  beforeAll(() => {
    useAppDatabase(t.handle);
    uploadDir = mkdtempSync(path.join(tmpdir(), "onboarding-uploads-"));
    process.env.UPLOAD_DIR = uploadDir;
    resetEnvForTests();
  });
  afterAll(() => {
    rmSync(uploadDir, { recursive: true, force: true });
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });

  const profileOf = async (id: string) =>
    (await t.db.select().from(userProfiles).where(eq(userProfiles.id, id)))[0];
  const rolesOf = (id: string) =>
    t.db.select().from(userProfessionalRoles).where(eq(userProfessionalRoles.userId, id));

  const post = (person: Person, step: string, fields: Record<string, string>) =>
    settle(stepAction(args(formRequest(`/onboarding/${step}`, fields, { Cookie: person.cookie }), { step })));
  const load = (person: Person, step: string) =>
    settle(stepLoader(args(get(`/onboarding/${step}`, person.cookie), { step })));

  const profile = { full_name: "Morgan Manager", location: "Miami, FL", intent: "continue" };
  // As the role step's form posts it (its intent is part of the step's schema).
  const manager = {
    intent: "continue",
    role_type: "manager",
    title: "Community Association Manager",
    organization_name: "Sunrise Management",
    responsibilities: "Budgets\nVendor oversight",
  };

  /** A fresh person taken through the steps up to (not including) `until`. */
  async function personAt(until: "profile" | "role" | "verification" | "complete", role = manager) {
    const person = await personWithRole(t.db, null);
    await post(person, "welcome", { intent: "next" });
    if (until === "profile") return person;
    await post(person, "profile", profile);
    if (until === "role") return person;
    await post(person, "role", role);
    if (until === "verification") return person;
    await post(person, "verification", { intent: "skip" });
    return person;
  }

  it("brings a person who left onboarding half-way back to it when they sign in again", async () => {
    const signIn = async (email: string, redirectTo?: string) => {
      await t.db
        .update(users)
        .set({ emailConfirmedAt: "2026-01-01T00:00:00Z" })
        .where(eq(users.email, email));
      return settle(
        signInAction({
          request: formRequest("/auth/sign-in", {
            email,
            password: "correct-horse-battery",
            ...(redirectTo ? { redirectTo } : {}),
          }),
          params: {},
          context: { clientIp: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
        }),
      );
    };
    // Left at the verification step, with a role already (so the dashboard alone would not send them).
    const halfway = await personAt("verification");
    expectRedirect(await signIn(halfway.email), "/onboarding");
    expectRedirect(await signIn(halfway.email, "/rfps"), "/onboarding");
    // /onboarding then resumes at the saved step.
    const layout = await settle(onboardingLayoutLoader(args(get("/onboarding", halfway.cookie))));
    expectRedirect(layout, "/onboarding/verification");
    // Someone who finished goes where they asked.
    const done = await personWithRole(t.db, "manager");
    expectRedirect(await signIn(done.email, "/rfps"), "/rfps");
  });

  it("sends anonymous visitors to sign in and back to the step", async () => {
    expectRedirect(
      await settle(stepLoader(args(get("/onboarding/profile"), { step: "profile" }))),
      "/auth/sign-in?redirectTo=%2Fonboarding%2Fprofile",
    );
    expectRedirect(
      await settle(onboardingLayoutLoader(args(get("/onboarding")))),
      "/auth/sign-in?redirectTo=%2Fonboarding",
    );
  });

  it("resumes /onboarding at the saved step and never lets a step be skipped", async () => {
    const person = await personWithRole(t.db, null);
    expectRedirect(
      await settle(onboardingLayoutLoader(args(get("/onboarding", person.cookie)))),
      "/onboarding/welcome",
    );
    expectRedirect(await load(person, "role"), "/onboarding/welcome");
    expectRedirect(await post(person, "welcome", { intent: "next" }), "/onboarding/profile");
    expect((await profileOf(person.id))?.onboardingStep).toBe("profile");
    expectRedirect(
      await settle(onboardingLayoutLoader(args(get("/onboarding", person.cookie)))),
      "/onboarding/profile",
    );
    expect((await load(person, "profile")) as Response).toHaveProperty("status", 200);
    expectRedirect(await post(person, "role", manager), "/onboarding/profile");
    expect(await rolesOf(person.id)).toHaveLength(0);
  });

  it("answers 404 for a step that does not exist", async () => {
    const person = await personWithRole(t.db, null);
    expect(await load(person, "payment")).toHaveProperty("status", 404);
  });

  it("profile step: refuses bad input with the messages and saves good input", async () => {
    const person = await personAt("profile");
    const refused = await post(person, "profile", {
      full_name: "",
      location: "",
      phone: "call me",
      years_experience: "-2",
      intent: "continue",
    });
    expect((refused as Response).status).toBe(400);
    expect((await jsonOf(refused)).result?.error).toMatchObject({
      full_name: ["Full name is required"],
      location: ["Location is required"],
      phone: ["Please enter a valid phone number"],
      years_experience: ["Years of experience cannot be negative"],
    });
    expect((await profileOf(person.id))?.onboardingStep).toBe("profile");

    expectRedirect(
      await post(person, "profile", {
        ...profile,
        phone: "+1 (305) 555-0100",
        years_experience: "12",
        professional_summary: "CAM for 40 associations",
        bio: "",
      }),
      "/onboarding/role",
    );
    expect(await profileOf(person.id)).toMatchObject({
      fullName: "Morgan Manager",
      location: "Miami, FL",
      phone: "+1 (305) 555-0100",
      yearsExperience: 12,
      professionalSummary: "CAM for 40 associations",
      bio: null,
      onboardingStep: "role",
    });
  });

  it("Back goes to the previous step and saves it", async () => {
    const person = await personAt("role");
    expectRedirect(await post(person, "role", { intent: "back" }), "/onboarding/profile");
    expect((await profileOf(person.id))?.onboardingStep).toBe("profile");
  });

  it("role step: refuses bad input with the messages", async () => {
    const person = await personAt("role");
    const refused = await post(person, "role", { role_type: "", title: "", intent: "continue" });
    expect((refused as Response).status).toBe(400);
    expect((await jsonOf(refused)).result?.error).toMatchObject({
      role_type: ["Please select a professional role"],
      title: ["Job title is required"],
    });
    const noOrg = await post(person, "role", { intent: "continue", role_type: "vendor", title: "Owner" });
    expect((await jsonOf(noOrg)).result?.error).toMatchObject({
      organization_name: ["Organization name is required for this role"],
    });
    const admin = await post(person, "role", {
      intent: "continue",
      role_type: "admin",
      title: "Me",
      organization_name: "X",
    });
    expect((await jsonOf(admin)).result?.error).toMatchObject({
      role_type: ["Please select a professional role"],
    });
    // A post without the form's intent (or another step's) is refused: nothing saved, no step moved.
    for (const intent of [undefined, "complete", "skip"]) {
      const fields: Record<string, string> = { role_type: "manager", title: "T", organization_name: "O" };
      if (intent) fields.intent = intent;
      expect(((await post(person, "role", fields)) as Response).status, String(intent)).toBe(400);
    }
    expect(await rolesOf(person.id)).toHaveLength(0);
    expect((await profileOf(person.id))?.onboardingStep).toBe("role");
  });

  it("role step: adds the role with addRole, makes it active, and updates it (not a second one) after Back", async () => {
    const person = await personAt("role");
    expectRedirect(await post(person, "role", manager), "/onboarding/verification");
    const [role] = await rolesOf(person.id);
    expect(role).toMatchObject({
      roleType: "manager",
      title: "Community Association Manager",
      organizationName: "Sunrise Management",
      responsibilities: ["Budgets", "Vendor oversight"],
      isPrimary: true,
      verificationStatus: "pending",
    });
    expect((await profileOf(person.id))?.onboardingStep).toBe("verification");

    await post(person, "verification", { intent: "back" });
    expectRedirect(
      await post(person, "role", { ...manager, title: "Senior Manager" }),
      "/onboarding/verification",
    );
    const roles = await rolesOf(person.id);
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatchObject({ id: role?.id, title: "Senior Manager" });
  });

  it("role step: a homeowner's organization is cleared, also when changing type after Back", async () => {
    const person = await personAt("role");
    await post(person, "role", manager);
    await post(person, "verification", { intent: "back" });
    expectRedirect(
      await post(person, "role", {
        intent: "continue",
        role_type: "homeowner",
        title: "Unit owner",
        organization_name: "Should vanish",
      }),
      "/onboarding/verification",
    );
    const roles = await rolesOf(person.id);
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatchObject({
      roleType: "homeowner",
      organizationName: null,
      organizationId: null,
      verificationStatus: "not_required",
    });
  });

  it("verification step: stores an uploaded PDF under a random key and sets the role submitted", async () => {
    const person = await personAt("verification");
    const result = await settle(
      stepAction(
        args(
          multipartRequest(
            "/onboarding/verification",
            person.cookie,
            { method: "document_upload", intent: "submit" },
            [
              { name: "CAM license.pdf", bytes: TINY_PDF, type: "application/pdf" },
              { name: "badge.png", bytes: TINY_PNG },
            ],
          ),
          { step: "verification" },
        ),
      ),
    );
    expectRedirect(result, "/onboarding/complete");
    const [role] = await rolesOf(person.id);
    expect(role).toMatchObject({ verificationStatus: "submitted", verificationMethod: "document_upload" });
    expect(role?.verificationSubmittedAt).toBeTruthy();
    const docs = await t.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.userId, person.id));
    expect(docs.map((d) => [d.fileName, d.contentType, d.sizeBytes])).toEqual(
      expect.arrayContaining([
        ["CAM license.pdf", "application/pdf", TINY_PDF.length],
        ["badge.png", "image/png", TINY_PNG.length],
      ]),
    );
    for (const doc of docs) {
      expect(doc.storageKey).not.toContain("license");
      expect(doc.storageKey).not.toContain("badge");
      const file = path.join(uploadDir, ...doc.storageKey.split("/"));
      expect(existsSync(file)).toBe(true);
    }
    const pdf = docs.find((d) => d.contentType === "application/pdf");
    expect(readFileSync(path.join(uploadDir, ...(pdf?.storageKey ?? "").split("/")))).toEqual(TINY_PDF);
    expect((await profileOf(person.id))?.onboardingStep).toBe("complete");
  });

  it("verification step: refuses a file that is not really a PDF, stores nothing", async () => {
    const person = await personAt("verification");
    const result = await settle(
      stepAction(
        args(
          multipartRequest(
            "/onboarding/verification",
            person.cookie,
            { method: "document_upload", intent: "submit" },
            [
              { name: "name.ext", bytes: FAKE_PDF, type: "application/pdf" },
              { name: "renamed.pdf", bytes: FAKE_PDF, type: "application/pdf" },
            ],
          ),
          { step: "verification" },
        ),
      ),
    );
    expect((result as Response).status).toBe(400);
    expect((await jsonOf(result)).result?.error?.documents).toEqual([
      "name.ext: Only PDF, JPG, and PNG files are accepted",
      "renamed.pdf: Only PDF, JPG, and PNG files are accepted",
    ]);
    const [role] = await rolesOf(person.id);
    expect(role?.verificationStatus).toBe("pending");
    expect(
      await t.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, person.id)),
    ).toEqual([]);
  });

  it("verification step: the method's messages, and a CAM license number is kept as the reference", async () => {
    const person = await personAt("verification");
    const submit = (fields: Record<string, string>) =>
      settle(
        stepAction(
          args(multipartRequest("/onboarding/verification", person.cookie, { intent: "submit", ...fields }), {
            step: "verification",
          }),
        ),
      );
    expect((await jsonOf(await submit({}))).result?.error?.method).toEqual([
      "Please select a verification method",
    ]);
    expect((await jsonOf(await submit({ method: "document_upload" }))).result?.error?.documents).toEqual([
      "Please upload at least one verification document",
    ]);
    expect((await jsonOf(await submit({ method: "cam_license" }))).result?.error?.license_number).toEqual([
      "CAM license number is required",
    ]);
    expect((await jsonOf(await submit({ method: "sunbiz" }))).result?.error?.registration_number).toEqual([
      "Business registration number is required",
    ]);
    expectRedirect(
      await submit({ method: "cam_license", license_number: "CAM 12345" }),
      "/onboarding/complete",
    );
    const [role] = await rolesOf(person.id);
    expect(role).toMatchObject({
      verificationStatus: "submitted",
      verificationMethod: "cam_license",
      verificationReference: "CAM 12345",
    });
  });

  it("verification step can be skipped: the role stays pending and the summary says Not Required", async () => {
    const person = await personAt("complete");
    const [role] = await rolesOf(person.id);
    expect(role?.verificationStatus).toBe("pending");
    const data = await ((await load(person, "complete")) as Response).json();
    expect(data.role.summaryVerification).toBe("Not Required");
  });

  it("a homeowner needs no verification: Continue, and the summary says Complete", async () => {
    const person = await personAt("verification", {
      intent: "continue",
      role_type: "homeowner",
      title: "Unit owner",
      organization_name: "",
      responsibilities: "",
    });
    expectRedirect(await post(person, "verification", { intent: "continue" }), "/onboarding/complete");
    const data = await ((await load(person, "complete")) as Response).json();
    expect(data.role.summaryVerification).toBe("Complete");
  });

  it("complete step: sets onboarding_completed and step complete, goes to the dashboard, and stays done", async () => {
    const person = await personAt("complete");
    expectRedirect(await post(person, "complete", { intent: "complete" }), "/dashboard");
    expect(await profileOf(person.id)).toMatchObject({
      onboardingCompleted: true,
      onboardingStep: "complete",
    });
    expectRedirect(
      await settle(onboardingLayoutLoader(args(get("/onboarding", person.cookie)))),
      "/dashboard",
    );
    expectRedirect(await load(person, "profile"), "/dashboard");
    expectRedirect(await post(person, "profile", profile), "/dashboard");
  });

  describe("verification documents are private", () => {
    let owner: Person;
    let documentId: string;
    beforeAll(async () => {
      owner = await personAt("verification");
      await settle(
        stepAction(
          args(
            multipartRequest(
              "/onboarding/verification",
              owner.cookie,
              { method: "document_upload", intent: "submit" },
              [{ name: "insurance.pdf", bytes: TINY_PDF }],
            ),
            { step: "verification" },
          ),
        ),
      );
      const [doc] = await t.db
        .select()
        .from(verificationDocuments)
        .where(eq(verificationDocuments.userId, owner.id));
      documentId = doc?.id ?? "";
    });
    const download = (cookie?: string, id = documentId) =>
      settle(downloadLoader(args(get(`/documents/verification/${id}`, cookie), { id })));

    it("streams the document to its owner with its sniffed type", async () => {
      const response = (await download(owner.cookie)) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toContain('filename="insurance.pdf"');
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(Buffer.from(await response.arrayBuffer())).toEqual(TINY_PDF);
    });

    it("streams it to an administrator", async () => {
      const admin = await personWithRole(t.db, "admin");
      expect(((await download(admin.cookie)) as Response).status).toBe(200);
    });

    it("refuses another user (404, as if it did not exist), and sends anonymous visitors to sign in", async () => {
      const other = await personWithRole(t.db, "vendor");
      expect(((await download(other.cookie)) as Response).status).toBe(404);
      const manager = await personWithRole(t.db, "manager");
      expect(((await download(manager.cookie)) as Response).status).toBe(404);
      expect(((await download(other.cookie, "not-a-uuid")) as Response).status).toBe(404);
      const anonymous = (await download()) as Response;
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toMatch(/^\/auth\/sign-in\?redirectTo=/);
    });
  });

  describe("/settings/verification", () => {
    it("lists roles with status labels, documents and the rejection reason, and lets a rejected role resubmit", async () => {
      const person = await personWithRole(t.db, "vendor", { verified: false });
      await t.db
        .update(userProfessionalRoles)
        .set({ verificationStatus: "rejected", rejectionReason: "The license is expired" })
        .where(eq(userProfessionalRoles.id, person.roleId as string));
      const page = await (
        (await settle(
          settingsVerificationLoader(args(get("/settings/verification", person.cookie))),
        )) as Response
      ).json();
      expect(page.roles[0]).toMatchObject({
        status: "rejected",
        rejectionReason: "The license is expired",
        canSubmit: true,
      });
      expect(page.roles[0].methods.map((m: { value: string }) => m.value)).toEqual([
        "document_upload",
        "sunbiz",
        "manual",
      ]);

      const bad = await settle(
        settingsVerificationAction(
          args(
            multipartRequest(`/settings/verification?roleId=${person.roleId}`, person.cookie, {
              roleId: person.roleId as string,
              method: "sunbiz",
            }),
          ),
        ),
      );
      expect((await jsonOf(bad)).result?.error?.registration_number).toEqual([
        "Business registration number is required",
      ]);

      const ok = await settle(
        settingsVerificationAction(
          args(
            multipartRequest(
              `/settings/verification?roleId=${person.roleId}`,
              person.cookie,
              { roleId: person.roleId as string, method: "sunbiz", registration_number: "P21000012345" },
              [{ name: "certificate.png", bytes: TINY_PNG }],
            ),
          ),
        ),
      );
      expectRedirect(ok, "/settings/verification");
      const after = await (
        (await settle(
          settingsVerificationLoader(args(get("/settings/verification", person.cookie))),
        )) as Response
      ).json();
      expect(after.roles[0]).toMatchObject({ status: "submitted", canSubmit: false, rejectionReason: null });
      expect(after.roles[0].documents.map((d: { fileName: string }) => d.fileName)).toEqual([
        "certificate.png",
      ]);
    });

    it("refuses to submit someone else's role, or a verified one: Failed to submit verification", async () => {
      const owner = await personWithRole(t.db, "vendor", { verified: false });
      const other = await personWithRole(t.db, "vendor", { verified: true });
      for (const [cookie, roleId] of [
        [other.cookie, owner.roleId],
        [other.cookie, other.roleId],
      ] as const) {
        const result = await settle(
          settingsVerificationAction(
            args(
              multipartRequest(`/settings/verification?roleId=${roleId}`, cookie, {
                roleId: roleId as string,
                method: "manual",
              }),
            ),
          ),
        );
        expect((result as Response).status).toBe(409);
        expect((await jsonOf(result)).formError).toBe("Failed to submit verification");
      }
      const [role] = await rolesOf(owner.id);
      expect(role?.verificationStatus).toBe("pending");
    });

    it("refuses someone else's role before reading the upload: the body is never read and no file is left", async () => {
      const owner = await personWithRole(t.db, "vendor", { verified: false });
      const other = await personWithRole(t.db, "vendor", { verified: true });
      const filesBefore = filesUnder(uploadDir);
      const documentsBefore = await t.db.select().from(verificationDocuments);
      // A body that counts every chunk asked of it (highWaterMark 0: nothing is pulled until read).
      const { body: multipart, headers } = await multipartBody(
        { roleId: owner.roleId as string, method: "document_upload" },
        [{ name: "license.pdf", bytes: TINY_PDF }],
      );
      for (const [cookie, roleId, status] of [
        [other.cookie, owner.roleId, 409], // not theirs
        [other.cookie, other.roleId, 409], // verified already
        [owner.cookie, "not-a-role", 400], // no role in the address
      ] as const) {
        let pulls = 0;
        const body = new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              pulls++;
              controller.enqueue(multipart);
              controller.close();
            },
          },
          { highWaterMark: 0 },
        );
        const request = new Request(`http://localhost/settings/verification?roleId=${roleId}`, {
          method: "POST",
          body,
          headers: { ...headers, Cookie: cookie },
          duplex: "half",
        } as RequestInit);
        const result = await settle(settingsVerificationAction(args(request)));
        expect((result as Response).status).toBe(status);
        expect((await jsonOf(result)).formError).toBe("Failed to submit verification");
        expect(pulls).toBe(0);
      }
      expect(filesUnder(uploadDir)).toEqual(filesBefore);
      expect(await t.db.select().from(verificationDocuments)).toEqual(documentsBefore);
      const [role] = await rolesOf(owner.id);
      expect(role?.verificationStatus).toBe("pending");
    });
  });

  describe("onboarding nudge", () => {
    it("lists the steps with done marks and hides once dismissed", async () => {
      const person = await personWithRole(t.db, "vendor", { verified: false });
      const nudge = await getOnboardingNudge(t.db, person.id);
      expect(nudge?.steps.map((s) => [s.id, s.href, s.done])).toEqual([
        ["profile", "/profile/edit", false],
        ["verification", "/settings/verification", false],
        ["browse-rfps", "/rfps", false],
      ]);
      // The dashboard carries it.
      const dashboard = async () =>
        (await (
          await dashboardLoader(
            args(new Request("http://localhost/dashboard", { headers: { Cookie: person.cookie } })),
          )
        ).json()) as { nudge: { total: number } | null };
      expect((await dashboard()).nudge?.total).toBe(3);
      const response = await preferencesAction(
        args(
          formRequest(
            "/preferences",
            { intent: "dismiss-nudge", redirectTo: "/dashboard" },
            {
              Cookie: person.cookie,
              Accept: "text/html",
            },
          ),
        ),
      );
      expectRedirect(response, "/dashboard");
      expect(await getOnboardingNudge(t.db, person.id)).toBeNull();
      expect((await dashboard()).nudge).toBeNull();
    });

    it("hides when every step is done", async () => {
      const person = await personWithRole(t.db, "homeowner");
      await t.db
        .update(userProfiles)
        .set({ location: "Tampa, FL", bio: "Owner at Bayview" })
        .where(eq(userProfiles.id, person.id));
      expect(await getOnboardingNudge(t.db, person.id)).toBeNull();
    });
  });
});
