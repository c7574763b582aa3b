/**
 * The /rfps loader asks for the person's saved searches and runs the search at the same time (they do
 * not depend on each other), and a failed search still answers the page with its own error state (500
 * and the message) and the saved searches.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type * as savedSearchQueries from "~/queries/saved-searches.server";
import * as rfpList from "~/routes/_app.rfps._index";
import { routeArgs, useAppDatabase } from "../support/app";
import { type Engine, engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

const search = vi.hoisted(() => ({ fail: false, calledBeforeSavedSearchesAnswered: null as boolean | null }));
const savedAnswered = vi.hoisted(() => ({ value: false }));

vi.mock("~/queries/saved-searches.server", async (importOriginal) => {
  const actual = await importOriginal<typeof savedSearchQueries>();
  return {
    ...actual,
    listSavedSearches: async (...args: Parameters<typeof actual.listSavedSearches>) => {
      savedAnswered.value = false;
      const answer = await actual.listSavedSearches(...args);
      savedAnswered.value = true;
      return answer;
    },
  };
});

vi.mock("~/queries/rfp-search.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/queries/rfp-search.server")>();
  return {
    ...actual,
    searchRfps: async (...args: Parameters<typeof actual.searchRfps>) => {
      search.calledBeforeSavedSearchesAnswered = !savedAnswered.value;
      if (search.fail) throw new Error("connection reset");
      return actual.searchRfps(...args);
    },
  };
});

describe.each(engines)("the /rfps loader on %s", (engine: Engine) => {
  const t = useTestDatabase(engine);
  beforeAll(() => useAppDatabase(t.handle));
  afterEach(() => {
    search.fail = false;
    vi.restoreAllMocks();
  });

  const list = async (cookie: string) =>
    (await rfpList.loader(
      routeArgs(new Request("http://localhost/rfps?q=roof", { headers: { Cookie: cookie } })) as never,
    )) as Response;

  it("starts the search without waiting for the saved searches", async () => {
    const vendor = await personWithRole(t.db, "vendor");
    const answer = await list(vendor.cookie);
    expect(answer.status).toBe(200);
    expect(search.calledBeforeSavedSearchesAnswered).toBe(true);
    const body = await answer.json();
    expect(body).toMatchObject({ error: null, total: 0, saved: [] });
  });

  it("a failed search answers 500 with the page's message, keeping the saved searches", async () => {
    const vendor = await personWithRole(t.db, "vendor");
    search.fail = true;
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await list(vendor.cookie);
    expect(answer.status).toBe(500);
    expect(await answer.json()).toMatchObject({
      error: "The RFPs could not be loaded. Please try again.",
      rfps: [],
      total: 0,
      saved: [],
    });
    expect(quiet).toHaveBeenCalledWith("RFP search failed", expect.any(Error));
  });
});
