import { EMPTY_RFP_FIELDS, RFP_MESSAGES, RFP_STEP_FIELDS, stepErrors } from "@domain/rfp";
import {
  checkRfpDocument,
  checkRfpDocumentCount,
  extensionOf,
  formatFileSize,
  RFP_DOCUMENT_MAX_BYTES,
  RFP_DOCUMENT_MESSAGES,
} from "@domain/rfp/documents";
import {
  formFieldValues,
  isWizardStep,
  missingRequiredForPublish,
  nextStep,
  parseEmailList,
  previousStep,
  stepNumber,
  toFormErrors,
  wizardFormSchema,
} from "@domain/rfp/wizard";
import { describe, expect, it } from "vitest";

const file = (
  name: string,
  sniffed: string | undefined,
  size = 1000,
  looksLikeText = sniffed === undefined,
) => ({
  name,
  size,
  sniffed,
  looksLikeText,
});

describe("RFP document upload rules (spec 001 sections 5 and 9)", () => {
  it("words the messages as the specification does", () => {
    expect(RFP_DOCUMENT_MESSAGES.fileSize()).toBe("File size exceeds 50MB limit");
    expect(RFP_DOCUMENT_MESSAGES.maxFiles()).toBe("Maximum 10 files allowed");
    expect(RFP_DOCUMENT_MESSAGES.fileType).toBe("File type not allowed");
  });

  it("accepts the ten types when the content matches", () => {
    expect(checkRfpDocument(file("a.pdf", "pdf"))).toMatchObject({
      ok: true,
      contentType: "application/pdf",
    });
    expect(checkRfpDocument(file("a.PNG", "png"))).toMatchObject({ ok: true, kind: "png" });
    expect(checkRfpDocument(file("a.jpeg", "jpg"))).toMatchObject({ ok: true, contentType: "image/jpeg" });
    expect(checkRfpDocument(file("a.jpg", "jpg"))).toMatchObject({ ok: true });
    expect(checkRfpDocument(file("a.docx", "docx"))).toMatchObject({ ok: true });
    expect(checkRfpDocument(file("a.xlsx", "xlsx"))).toMatchObject({ ok: true });
    expect(checkRfpDocument(file("a.doc", "cfb"))).toMatchObject({
      ok: true,
      contentType: "application/msword",
    });
    expect(checkRfpDocument(file("a.xls", "cfb"))).toMatchObject({ ok: true });
    expect(checkRfpDocument(file("a.txt", undefined))).toMatchObject({ ok: true, kind: "txt" });
    expect(checkRfpDocument(file("a.csv", undefined))).toMatchObject({ ok: true, kind: "csv" });
    // A signature without an extension still tells what the file is.
    expect(checkRfpDocument(file("scan", "pdf"))).toMatchObject({ ok: true, kind: "pdf" });
  });

  it("refuses other types, and names that contradict the content", () => {
    const refused = { ok: false, message: "File type not allowed" };
    expect(checkRfpDocument(file("a.gif", "gif"))).toEqual(refused);
    expect(checkRfpDocument(file("a.exe", "exe"))).toEqual(refused);
    expect(checkRfpDocument(file("a.pdf", undefined))).toEqual(refused);
    expect(checkRfpDocument(file("a.pdf", "png"))).toEqual(refused);
    expect(checkRfpDocument(file("a.txt", "pdf"))).toEqual(refused);
    expect(checkRfpDocument(file("a.csv", undefined, 10, false))).toEqual(refused);
    expect(checkRfpDocument(file("a.doc", "zip"))).toEqual(refused);
    expect(checkRfpDocument(file("noext", undefined))).toEqual(refused);
  });

  it("allows 50 MB and no more, and at most 10 files on an RFP", () => {
    expect(checkRfpDocument(file("a.pdf", "pdf", RFP_DOCUMENT_MAX_BYTES)).ok).toBe(true);
    expect(checkRfpDocument(file("a.pdf", "pdf", RFP_DOCUMENT_MAX_BYTES + 1))).toEqual({
      ok: false,
      message: "File size exceeds 50MB limit",
    });
    expect(checkRfpDocumentCount(0, 10)).toBeNull();
    expect(checkRfpDocumentCount(7, 3)).toBeNull();
    expect(checkRfpDocumentCount(7, 4)).toEqual({ ok: false, message: "Maximum 10 files allowed" });
  });

  it("reads extensions and words sizes", () => {
    expect(extensionOf("Report.Final.PDF")).toBe("pdf");
    expect(extensionOf(".bashrc")).toBe("");
    expect(extensionOf("name.")).toBe("");
    expect(formatFileSize(812)).toBe("812 B");
    expect(formatFileSize(14_540)).toBe("14.2 KB");
    expect(formatFileSize(3.4 * 1024 * 1024)).toBe("3.4 MB");
  });
});

describe("RFP wizard forms", () => {
  const parse = (form: Parameters<typeof wizardFormSchema>[0], value: Record<string, unknown>, tz?: string) =>
    wizardFormSchema(form, tz).safeParse(value) as
      | { success: true; data: Record<string, unknown> }
      | { success: false };

  it("walks the six steps", () => {
    expect(isWizardStep("budget")).toBe(true);
    expect(isWizardStep("published")).toBe(false);
    expect(nextStep("basic")).toBe("location");
    expect(nextStep("review")).toBe("review");
    expect(previousStep("basic")).toBe("basic");
    expect(previousStep("review")).toBe("settings");
    expect(stepNumber("review")).toBe(6);
  });

  it("turns the typed local deadline into an instant in the author's time zone", () => {
    const winter = parse("location", { proposal_deadline: "2030-01-15T17:00" }, "America/New_York");
    expect(winter.success && winter.data.proposal_deadline).toBe("2030-01-15T22:00:00.000Z");
    const la = parse("location", { proposal_deadline: "2030-07-01T09:30" }, "America/Los_Angeles");
    expect(la.success && la.data.proposal_deadline).toBe("2030-07-01T16:30:00.000Z");
    const bad = parse("location", { proposal_deadline: "tomorrow" });
    expect(bad.success).toBe(false);
  });

  it("defaults unchecked boxes to false and numbers to the spec's defaults", () => {
    const settings = parse("settings", { visibility: "public" });
    expect(settings.success && settings.data).toMatchObject({
      allow_questions: false,
      auto_close_enabled: false,
      max_proposals: 50,
      evaluation_period_days: 14,
    });
    expect(parse("settings", { max_proposals: 201 }).success).toBe(false);
    expect(parse("settings", { evaluation_period_days: 0 }).success).toBe(false);
    expect(parse("budget", { budget_min: -1 }).success).toBe(false);
    const req = parse("requirements", {
      require_license: true,
      insurance_requirements: { general_liability: { required: true, minimum: 1_000_000 } },
    });
    expect(req.success && req.data).toMatchObject({
      require_insurance: false,
      require_license: true,
      insurance_requirements: {
        general_liability: { required: true, minimum: 1_000_000 },
        workers_compensation: { required: false },
      },
    });
  });

  it("reads invited vendors' e-mail addresses", () => {
    expect(parseEmailList("A@x.test, b@y.test\nA@x.test")).toEqual(["a@x.test", "b@y.test"]);
    expect(parseEmailList("")).toEqual([]);
    expect(parseEmailList("a@x.test, nope")).toBeNull();
    expect(parse("settings", { invited_vendor_emails: "nope" }).success).toBe(false);
  });

  it("takes exactly the posted form's fields; invitations stay only on a private RFP", () => {
    const budget = formFieldValues("budget", { budget_type: "fixed", budget_max: 9000, title: "Ignored" });
    expect(budget).toMatchObject({ budget_type: "fixed", budget_max: 9000 });
    expect(Object.keys(budget).sort()).toEqual([...RFP_STEP_FIELDS.budget].sort());
    const id = "00000000-0000-4000-8000-000000000001";
    expect(formFieldValues("settings", { visibility: "private" }, [id]).invited_vendor_ids).toEqual([id]);
    expect(formFieldValues("settings", { visibility: "public" }, [id]).invited_vendor_ids).toEqual([]);
    const published = formFieldValues("published", { description: "New text", title: "Ignored" });
    expect(Object.keys(published).sort()).toEqual(
      ["description", "project_end_date", "project_start_date", "scope_of_work"].sort(),
    );
    expect(published.description).toBe("New text");
  });

  it("maps the domain's errors onto the form's fields", () => {
    const errors = stepErrors(
      "settings",
      { ...EMPTY_RFP_FIELDS, visibility: "private" },
      new Date().toISOString(),
    );
    expect(toFormErrors(errors).fieldErrors).toEqual({
      invited_vendor_emails: [RFP_MESSAGES.privateNeedsInvitations],
    });
    expect(toFormErrors({ form: [RFP_MESSAGES.completeRequired] }).formErrors).toEqual([
      "Please complete all required fields",
    ]);
    expect(missingRequiredForPublish(EMPTY_RFP_FIELDS)).toBe(true);
  });
});
