/**
 * When the vendor statistics cannot be read (spec 001 section 8, vendor dashboard), the pages stay up:
 * /vendor-dashboard has no stat cards (the page shows 'Failed to load dashboard data. Please try
 * again.' with Try Again) but still its lists, and /dashboard drops only its RFP dashboard.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loader as dashboardLoader } from "~/routes/_app.dashboard";
import { loader as vendorDashboardLoader } from "~/routes/_app.vendor-dashboard._index";
import { useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

vi.mock("~/queries/dashboards.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/queries/dashboards.server")>();
  return {
    ...actual,
    getVendorStats: vi.fn(async () => {
      throw new Error("statistics are down");
    }),
  };
});

const get = (url: string, cookie: string) =>
  new Request(`http://localhost${url}`, { headers: { Cookie: cookie } });
const args = (request: Request) => ({ request, params: {}, context: {} });

describe.each(engines)("vendor statistics failing on %s", (engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => {
    useAppDatabase(t.handle);
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("keeps the vendor dashboard and /dashboard up without the statistics", async () => {
    const vendor = await personWithRole(t.db, "vendor");
    const response = (await vendorDashboardLoader(args(get("/vendor-dashboard", vendor.cookie)))) as Response;
    expect(response.status).toBe(200);
    const page = await response.json();
    expect(page.cards).toBeNull();
    expect(page.openRfps).toEqual([]);
    expect(page.activeProposals).toEqual([]);
    expect(page.credits).toMatchObject({ balance: 0 });

    const dashboard = (await dashboardLoader(args(get("/dashboard", vendor.cookie)))) as Response;
    expect(dashboard.status).toBe(200);
    const body = await dashboard.json();
    expect(body.rfpDashboard).toBeNull();
    expect(body.name).toBeTruthy();
  });
});
