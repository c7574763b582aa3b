/**
 * The one request-parsing entry (app/forms.server.ts) and the one flash mechanism (issue 11, parts
 * 2.3 and 4.1): what each malformed body answers, the one domain-error status map, and success
 * messages travelling in the flash cookie instead of `?done=` query parameters.
 */

import { describe, expect, it } from "vitest";
import { domainErrorStatus, FORM_MESSAGES, MAX_FORM_BYTES, readForm, readJson } from "~/forms.server";
import { action as rolesAction } from "~/routes/_app.settings.roles";
import { formRequest, routeArgs, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { personWithRole } from "../support/people";

const post = (body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", {
    method: "POST",
    body,
    headers: { ...(contentType ? { "Content-Type": contentType } : {}), ...headers },
  });

async function refusal(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

describe("readForm", () => {
  it("reads url-encoded and multipart forms", async () => {
    const form = await readForm(post("a=1&b=%C3%A9", "application/x-www-form-urlencoded; charset=utf-8"));
    expect([...form]).toEqual([
      ["a", "1"],
      ["b", "é"],
    ]);
    const multipart = new FormData();
    multipart.append("intent", "save");
    expect(
      (await readForm(new Request("http://localhost/x", { method: "POST", body: multipart }))).get("intent"),
    ).toBe("save");
  });

  it.each([
    ["no Content-Type", null, undefined, 415, FORM_MESSAGES.unsupported],
    ["JSON", '{"a":1}', "application/json", 415, FORM_MESSAGES.unsupported],
    ["text/plain", "a=1", "text/plain", 415, FORM_MESSAGES.unsupported],
    ["XML", "<a/>", "application/xml", 415, FORM_MESSAGES.unsupported],
    ["multipart without boundary", "--x", "multipart/form-data", 400, FORM_MESSAGES.noBoundary],
    ["broken multipart", "not multipart", "multipart/form-data; boundary=zz", 400, FORM_MESSAGES.unreadable],
    ["NUL in a value", "a=x%00y", "application/x-www-form-urlencoded", 400, FORM_MESSAGES.nul],
  ])("refuses %s", async (_name, body, type, status, error) => {
    expect(await refusal(readForm(post(body, type)))).toEqual({ status, error });
  });

  it("refuses a body over the limit: declared, and while reading one without a length", async () => {
    expect(
      await refusal(
        readForm(
          post("a=1", "application/x-www-form-urlencoded", { "Content-Length": String(MAX_FORM_BYTES + 1) }),
        ),
      ),
    ).toEqual({ status: 413, error: FORM_MESSAGES.tooLarge });
    const big = `a=${"x".repeat(MAX_FORM_BYTES)}`;
    expect(await refusal(readForm(post(big, "application/x-www-form-urlencoded")))).toEqual({
      status: 413,
      error: FORM_MESSAGES.tooLarge,
    });
  });

  it("reads JSON only as JSON", async () => {
    expect(await readJson(post('{"a":1}', "application/json"))).toEqual({ a: 1 });
    expect((await refusal(readJson(post("a=1", "application/x-www-form-urlencoded")))).status).toBe(415);
    expect((await refusal(readJson(post("{", "application/json")))).status).toBe(400);
  });
});

describe("domainErrorStatus", () => {
  it("maps each kind of domain error to one status", () => {
    expect(
      ["validation", "authentication", "credit", "authorization", "not_found", "business_rule", "stale"].map(
        domainErrorStatus,
      ),
    ).toEqual([400, 401, 402, 403, 404, 409, 409]);
  });
});

describe.each(engines)("flash instead of ?done= on %s", (engine) => {
  const t = useTestDatabase(engine);
  it("the roles page redirects with the message in the flash cookie", async () => {
    useAppDatabase(t.handle);
    const person = await personWithRole(t.db, "vendor");
    const response = (await rolesAction(
      routeArgs(
        formRequest(
          "/settings/roles",
          { intent: "move", roleId: person.roleId as string, direction: "up" },
          { Cookie: person.cookie },
        ),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings/roles");
    expect(response.headers.get("Set-Cookie")).toMatch(/^flash=/);
  });
});
