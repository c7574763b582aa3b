import { activeNavHref, createRfpEntry, NAV_ITEMS, navigationFor } from "@domain/navigation";
import {
  CONTEXT_PERMISSIONS,
  defaultVerificationMethod,
  initialVerificationStatus,
  PERMISSION_DEFAULTS,
  PERMISSION_FLAGS,
  permissionsFrom,
  ROLE_LABELS,
  ROLE_TYPES,
  type RoleType,
  requiresVerification,
  verificationAfterOrganizationEdit,
  verificationMethodsFor,
} from "@domain/roles";
import { ROLE_MESSAGES, RoleSchema, roleUpdateSchema } from "@domain/rules/roles";
import { describe, expect, it } from "vitest";

const granted = (type: RoleType) => PERMISSION_FLAGS.filter((f) => CONTEXT_PERMISSIONS[type][f]).sort();

describe("role context permissions (spec 000 sections 3 and 6)", () => {
  it("has exactly the 12 permission flags", () => {
    expect(PERMISSION_FLAGS).toHaveLength(12);
    expect(Object.keys(PERMISSION_DEFAULTS).sort()).toEqual([...PERMISSION_FLAGS].sort());
  });

  it("defaults can_access_academy and can_message_users to true when missing, all others to false", () => {
    expect(permissionsFrom({})).toEqual({ ...PERMISSION_DEFAULTS });
    expect(
      Object.entries(permissionsFrom({}))
        .filter(([, v]) => v)
        .map(([k]) => k)
        .sort(),
    ).toEqual(["can_access_academy", "can_message_users"]);
    expect(
      permissionsFrom({ can_access_academy: null, can_message_users: undefined, can_create_rfp: true }),
    ).toMatchObject({
      can_access_academy: true,
      can_message_users: true,
      can_create_rfp: true,
    });
    expect(permissionsFrom({ can_access_academy: false }).can_access_academy).toBe(false);
  });

  // One test per role type: the defaults are the context's purpose written as flags.
  const expected: Record<RoleType, string[]> = {
    admin: PERMISSION_FLAGS.filter(() => true),
    board_member: [
      "can_access_academy",
      "can_access_board_tools",
      "can_create_events",
      "can_create_rfp",
      "can_manage_documents",
      "can_message_users",
      "can_view_financials",
    ],
    manager: [
      "can_access_academy",
      "can_access_board_tools",
      "can_admin_organization",
      "can_create_events",
      "can_create_rfp",
      "can_manage_documents",
      "can_manage_properties",
      "can_message_users",
      "can_view_financials",
    ],
    vendor: ["can_access_academy", "can_manage_documents", "can_message_users", "can_submit_proposals"],
    attorney: ["can_access_academy", "can_access_board_tools", "can_manage_documents", "can_message_users"],
    cpa: ["can_access_academy", "can_manage_documents", "can_message_users", "can_view_financials"],
    homeowner: ["can_access_academy", "can_message_users"],
    other: ["can_access_academy", "can_message_users"],
  };
  for (const type of ROLE_TYPES) {
    it(`gives a ${ROLE_LABELS[type]} context its flags`, () => {
      expect(granted(type)).toEqual([...expected[type]].sort());
      // Every context may use the academy and message people.
      expect(CONTEXT_PERMISSIONS[type].can_access_academy).toBe(true);
      expect(CONTEXT_PERMISSIONS[type].can_message_users).toBe(true);
    });
  }

  it("lets only admin contexts verify users, and only vendors (and admins) submit proposals", () => {
    expect(ROLE_TYPES.filter((t) => CONTEXT_PERMISSIONS[t].can_verify_users)).toEqual(["admin"]);
    expect(ROLE_TYPES.filter((t) => CONTEXT_PERMISSIONS[t].can_submit_proposals)).toEqual([
      "admin",
      "vendor",
    ]);
    expect(ROLE_TYPES.filter((t) => CONTEXT_PERMISSIONS[t].can_create_rfp)).toEqual([
      "admin",
      "board_member",
      "manager",
    ]);
  });
});

describe("verification rules (spec 000 section 3)", () => {
  it("requires verification for every role except homeowner and other", () => {
    expect(ROLE_TYPES.filter((t) => !requiresVerification(t))).toEqual(["homeowner", "other"]);
  });
  it("defaults a role that requires verification to document_upload", () => {
    expect(defaultVerificationMethod("vendor")).toBe("document_upload");
    expect(defaultVerificationMethod("homeowner")).toBeNull();
  });
  it("starts a new role pending, or not_required when none is needed", () => {
    expect(initialVerificationStatus("manager")).toBe("pending");
    expect(initialVerificationStatus("other")).toBe("not_required");
  });
  it("offers the methods by role", () => {
    expect(verificationMethodsFor("manager")).toEqual(["document_upload", "cam_license", "sunbiz", "manual"]);
    expect(verificationMethodsFor("attorney")).toEqual(["document_upload", "bar_number", "manual"]);
    expect(verificationMethodsFor("vendor")).toEqual(["document_upload", "sunbiz", "manual"]);
    expect(verificationMethodsFor("cpa")).toEqual(["document_upload", "manual"]);
  });
});

describe("role input (onboarding role step messages)", () => {
  const messages = (input: Record<string, unknown>) =>
    RoleSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
  it("needs a role: Please select a professional role", () => {
    expect(messages({ title: "X", organization_name: "Y" })).toContain(ROLE_MESSAGES.roleRequired);
    expect(ROLE_MESSAGES.roleRequired).toBe("Please select a professional role");
  });
  it("refuses admin as a self-chosen role", () => {
    expect(messages({ role_type: "admin", title: "X", organization_name: "Y" })).toContain(
      ROLE_MESSAGES.roleRequired,
    );
  });
  it("needs a job title: Job title is required", () => {
    expect(messages({ role_type: "vendor", title: "  ", organization_name: "Y" })).toEqual([
      "Job title is required",
    ]);
  });
  it("needs an organization unless homeowner: Organization name is required for this role", () => {
    expect(messages({ role_type: "vendor", title: "Owner" })).toEqual([
      "Organization name is required for this role",
    ]);
    expect(messages({ role_type: "homeowner", title: "Owner" })).toEqual([]);
  });
  it("clears the organization for a homeowner", () => {
    expect(
      RoleSchema.parse({ role_type: "homeowner", title: "Owner", organization_name: "Acme" })
        .organization_name,
    ).toBeUndefined();
    expect(
      roleUpdateSchema("homeowner").parse({ title: "Owner", organization_name: "Acme" }).organization_name,
    ).toBeUndefined();
  });
  it("reads responsibilities one per line", () => {
    expect(
      RoleSchema.parse({ role_type: "homeowner", title: "T", responsibilities: "a\n\n b \r\nc" })
        .responsibilities,
    ).toEqual(["a", "b", "c"]);
  });
});

describe("navigation (spec 000 section 6)", () => {
  it("shows the Admin Panel to admin contexts only", () => {
    for (const type of ROLE_TYPES) {
      const labels = navigationFor(type, CONTEXT_PERMISSIONS[type]).map((i) => i.label);
      expect(labels.includes("Admin Panel")).toBe(type === "admin");
    }
  });
  it("shows Vendor Credits (/credits) to vendor contexts only", () => {
    for (const type of ROLE_TYPES) {
      const items = navigationFor(type, CONTEXT_PERMISSIONS[type]);
      const credits = items.find((i) => i.label === "Vendor Credits");
      expect(Boolean(credits)).toBe(type === "vendor");
      if (credits) expect(credits.href).toBe("/credits");
    }
    expect(navigationFor(null, null).some((i) => i.label === "Vendor Credits")).toBe(false);
  });
  it("shows My Proposals and the Vendor Dashboard to vendor contexts only", () => {
    for (const type of ROLE_TYPES) {
      const items = navigationFor(type, CONTEXT_PERMISSIONS[type]);
      expect(items.find((i) => i.label === "My Proposals")?.href).toBe(
        type === "vendor" ? "/rfps/my-proposals" : undefined,
      );
      expect(items.find((i) => i.label === "Vendor Dashboard")?.href).toBe(
        type === "vendor" ? "/vendor-dashboard" : undefined,
      );
    }
  });
  it("shows Create RFP to admin, board member and manager contexts that may create RFPs", () => {
    for (const type of ROLE_TYPES) {
      const labels = navigationFor(type, CONTEXT_PERMISSIONS[type]).map((i) => i.label);
      expect(labels.includes("Create RFP")).toBe(["admin", "board_member", "manager"].includes(type));
    }
    // The flag decides too: a manager context without can_create_rfp does not see it.
    const without = { ...CONTEXT_PERMISSIONS.manager, can_create_rfp: false };
    expect(navigationFor("manager", without).some((i) => i.label === "Create RFP")).toBe(false);
    // A vendor context never sees it, even with the flag.
    const vendorWith = { ...CONTEXT_PERMISSIONS.vendor, can_create_rfp: true };
    expect(navigationFor("vendor", vendorWith).some((i) => i.label === "Create RFP")).toBe(false);
  });
  it("lists the entries in the spec's order, RFPs for everybody; the bottom bar takes the first 5", () => {
    const labels = (type: RoleType) => navigationFor(type, CONTEXT_PERMISSIONS[type]).map((i) => i.label);
    expect(labels("manager")).toEqual([
      "Dashboard",
      "Search",
      "RFPs",
      "Create RFP",
      "Properties Overview",
      "Documents",
      "Financial Management",
      "Board Room",
      "Legal Resources",
      "Calendar",
      "Common Area",
      "Learning Hub",
      "Professional Center",
      "Directory",
      "Connections",
      "Messages",
      "Settings",
    ]);
    expect(labels("board_member")).toEqual([
      "Dashboard",
      "Search",
      "RFPs",
      "Create RFP",
      "Properties Overview",
      "Documents",
      "Financial Management",
      "Board Room",
      "Legal Resources",
      "Calendar",
      "Common Area",
      "Learning Hub",
      "Professional Center",
      "Directory",
      "Connections",
      "Messages",
      "Settings",
    ]);
    expect(labels("vendor")).toEqual([
      "Dashboard",
      "Search",
      "RFPs",
      "My Proposals",
      "Vendor Dashboard",
      "Vendor Credits",
      "Documents",
      "Calendar",
      "Common Area",
      "Learning Hub",
      "Professional Center",
      "Directory",
      "Connections",
      "Messages",
      "Settings",
    ]);
    expect(labels("admin")).toEqual([
      "Dashboard",
      "Search",
      "RFPs",
      "Create RFP",
      "Properties Overview",
      "Documents",
      "Financial Management",
      "Board Room",
      "Legal Resources",
      "Calendar",
      "Common Area",
      "Learning Hub",
      "Professional Center",
      "Directory",
      "Connections",
      "Messages",
      "Settings",
      "Admin Panel",
    ]);
    expect(labels("homeowner")).toEqual([
      "Dashboard",
      "Search",
      "RFPs",
      "Meeting Minutes",
      "Calendar",
      "Common Area",
      "Learning Hub",
      "Professional Center",
      "Directory",
      "Connections",
      "Messages",
      "Settings",
    ]);
    expect(navigationFor(null, null).map((i) => i.href)).toContain("/rfps");
  });
  it("marks one entry active: the longest href the path starts with", () => {
    const items = navigationFor("vendor", CONTEXT_PERMISSIONS.vendor);
    expect(activeNavHref(items, "/rfps/my-proposals")).toBe("/rfps/my-proposals");
    expect(activeNavHref(items, "/rfps")).toBe("/rfps");
    expect(activeNavHref(items, "/rfps/123")).toBe("/rfps");
    expect(activeNavHref(items, "/rfpsx")).toBeNull();
    expect(activeNavHref(items, "/settings/account")).toBe("/settings");
  });
  it("shows an unverified board member or manager Create RFP with a note, leading to verification", () => {
    for (const type of ["board_member", "manager"] as const) {
      const entry = (status: string, isCurrent = true) =>
        navigationFor(type, CONTEXT_PERMISSIONS[type], { status, isCurrent }).find(
          (i) => i.label === "Create RFP",
        );
      expect(entry("pending")).toMatchObject({ href: "/settings/verification", note: "Verify to create" });
      expect(entry("rejected")).toMatchObject({ href: "/settings/verification", note: "Verify to create" });
      expect(entry("submitted")).toMatchObject({
        href: "/settings/verification",
        note: "Verification pending",
      });
      expect(entry("verified")).toMatchObject({ href: "/rfps/new" });
      expect(entry("verified")?.note).toBeUndefined();
      // A former role can never be verified: no entry.
      expect(entry("pending", false)).toBeUndefined();
      expect(
        createRfpEntry(type, CONTEXT_PERMISSIONS[type], { status: "pending", isCurrent: true })?.note,
      ).toBe("Verify to create");
    }
    // Other entries do not depend on verification; a vendor never gets Create RFP.
    const pendingVendor = navigationFor("vendor", CONTEXT_PERMISSIONS.vendor, {
      status: "pending",
      isCurrent: true,
    });
    expect(pendingVendor.map((i) => i.href)).toEqual(
      navigationFor("vendor", CONTEXT_PERMISSIONS.vendor).map((i) => i.href),
    );
    expect(
      createRfpEntry("vendor", CONTEXT_PERMISSIONS.vendor, { status: "verified", isCurrent: true }),
    ).toBeNull();
  });
  it("never marks the stand-in entry current: on /settings/verification no entry is", () => {
    const items = navigationFor("manager", CONTEXT_PERMISSIONS.manager, {
      status: "pending",
      isCurrent: true,
    });
    expect(activeNavHref(items, "/settings/verification")).toBe("/settings");
  });
  it("shows entries with no roles to everybody, even without a context", () => {
    expect(navigationFor(null, null).map((i) => i.label)).toEqual(
      NAV_ITEMS.filter((i) => !i.roles).map((i) => i.label),
    );
  });
});

describe("renaming a verified role's organization (issue 11, part 7)", () => {
  it.each([
    ["vendor", "verified", "Roofers", "Roofers Inc", "pending"],
    ["manager", "submitted", "Acme", "Other Co", "pending"],
    ["vendor", "verified", "Roofers", " roofers ", null],
    ["vendor", "verified", "Roofers", "Roofers", null],
    ["vendor", "pending", "Roofers", "Other", null],
    ["vendor", "rejected", "Roofers", "Other", null],
    ["homeowner", "not_required", null, null, null],
    ["other", "not_required", "A", "B", null],
    ["attorney", "verified", null, "New Firm", "pending"],
  ] as const)("%s %s: %j -> %j gives %j", (roleType, status, before, after, expected) => {
    expect(verificationAfterOrganizationEdit(roleType, status, before, after)).toBe(expected);
  });
});
