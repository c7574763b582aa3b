/**
 * The RFP pages as a browser uses them (issue 4): /rfps, /rfps/{id} with the proposal form, and
 * /rfps/{id}/proposals, through their loaders and actions with real sessions.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { appendInTransaction, lockStreams } from "@db/event-store";
import { CREDITS_STREAM_TYPE, type CreditsState, creditsStreamId } from "@domain/credits";
import { PROPOSAL_STREAM_TYPE, type ProposalState, proposalStreamId, submitProposal } from "@domain/proposal";
import { RFP_STREAM_TYPE, type RfpFields, type RfpState, rfpStreamId } from "@domain/rfp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeCreditsCommand } from "~/commands/credits.server";
import { attachProposalDocuments, listProposalDocuments } from "~/commands/proposal-documents.server";
import { createRfp, executeRfpCommand, proposalIdFor } from "~/commands/rfps.server";
import { resetEnvForTests } from "~/env.server";
import { getVendorCredits } from "~/queries/credits.server";
import * as authorProposalsRoute from "~/routes/_app.dashboard_.proposals";
import * as listRoute from "~/routes/_app.rfps._index";
import * as detailRoute from "~/routes/_app.rfps.$id";
import * as proposalsRoute from "~/routes/_app.rfps.$id_.proposals";
import * as proposalDocumentRoute from "~/routes/documents.proposal.$id";
import { storeStream } from "~/storage/files.server";
import { formRequest, thrown, useAppDatabase } from "../support/app";
import { engines, useTestDatabase } from "../support/db";
import { TINY_PDF } from "../support/files";
import { personWithRole } from "../support/people";
import { inDays, rfpFields } from "../support/rfps";
import { untilSomeoneWaitsForALock } from "../support/wait";

type Person = Awaited<ReturnType<typeof personWithRole>>;
// biome-ignore lint/suspicious/noExplicitAny: loader JSON, read loosely by the assertions
type Loose = any;

const fields = (patch: Partial<RfpFields> = {}): RfpFields =>
  rfpFields({
    title: "Lobby renovation",
    category: "construction",
    description: "Renovate the main lobby: flooring, lighting, mailroom millwork and paint.",
    proposal_deadline: inDays(10),
    budget_type: "range",
    budget_min: 40_000,
    budget_max: 60_000,
    visibility: "public",
    organization_name: "Harbor Point HOA",
    location_city: "Sarasota",
    location_state: "FL",
    ...patch,
  });

const BID = {
  total_price: "52,500",
  timeline_days: "30",
  cover_letter:
    "We have renovated eleven condominium lobbies in Sarasota County since 2015, on time and on budget.",
};

async function json(response: unknown) {
  if (response instanceof Response) return { status: response.status, data: await response.json() };
  throw new Error("not a response");
}

const get = (path: string, who: Person | null) =>
  new Request(`http://localhost${path}`, { headers: who ? { Cookie: who.cookie } : {} });
const post = (path: string, who: Person, body: Record<string, string>) =>
  formRequest(path, body, { Cookie: who.cookie });

describe.each(engines)("RFP pages on %s", (engine) => {
  const t = useTestDatabase(engine);
  let manager: Person;
  let vendor: Person;
  let vendor2: Person;
  let unverified: Person;
  let homeowner: Person;
  let rfpId: string;
  let privateId: string;

  async function publish(author: Person, patch: Partial<RfpFields> = {}) {
    const actor = { userId: author.id, isAdmin: false };
    const created = await createRfp(t.db, {
      actor,
      mayCreate: true,
      authorContextId: null,
      fields: fields(patch),
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const published = await executeRfpCommand(t.db, created.result.rfpId, { type: "PublishRfp", actor });
    if (!published.ok) throw new Error(JSON.stringify(published.error));
    return created.result.rfpId;
  }
  const grant = async (who: Person, amount: number) => {
    const r = await executeCreditsCommand(t.db, {
      type: "GrantBonusCredits",
      vendorId: who.id,
      amount,
      reason: "test",
      grantedBy: null,
    });
    expect(r.ok).toBe(true);
  };
  const detail = async (id: string, who: Person) =>
    (await (
      await detailRoute.loader({ request: get(`/rfps/${id}`, who), params: { id }, context: {} })
    ).json()) as Loose;
  const act = (id: string, who: Person, body: Record<string, string>) =>
    detailRoute.action({ request: post(`/rfps/${id}`, who, body), params: { id }, context: {} });

  let uploadDir: string;
  afterAll(() => {
    rmSync(uploadDir, { recursive: true, force: true });
    delete process.env.UPLOAD_DIR;
    resetEnvForTests();
  });
  beforeAll(async () => {
    useAppDatabase(t.handle);
    uploadDir = mkdtempSync(path.join(tmpdir(), "proposal-uploads-"));
    process.env.UPLOAD_DIR = uploadDir;
    resetEnvForTests();
    manager = await personWithRole(t.db, "manager");
    vendor = await personWithRole(t.db, "vendor");
    vendor2 = await personWithRole(t.db, "vendor");
    unverified = await personWithRole(t.db, "vendor", { verified: false });
    homeowner = await personWithRole(t.db, "homeowner");
    rfpId = await publish(manager);
    privateId = await publish(manager, {
      title: "Private reserve study",
      visibility: "private",
      invited_vendor_ids: [vendor2.id],
    });
  });

  it("the list shows what each may see, with cards worded on the server", async () => {
    const forVendor = await (
      await listRoute.loader({ request: get("/rfps", vendor), params: {}, context: {} })
    ).json();
    expect(forVendor.rfps.map((r: { title: string }) => r.title)).toEqual(["Lobby renovation"]);
    expect(forVendor.rfps[0]).toMatchObject({
      canPropose: true,
      isAuthor: false,
      budgetLabel: "$40,000 – $60,000",
      urgency: "new",
    });
    const forInvited = await (
      await listRoute.loader({ request: get("/rfps", vendor2), params: {}, context: {} })
    ).json();
    expect(forInvited.rfps.map((r: { title: string }) => r.title).sort()).toEqual([
      "Lobby renovation",
      "Private reserve study",
    ]);
    const forAuthor = await (
      await listRoute.loader({ request: get("/rfps?mine=1", manager), params: {}, context: {} })
    ).json();
    expect(
      forAuthor.rfps.every((r: { isAuthor: boolean; canPropose: boolean }) => r.isAuthor && !r.canPropose),
    ).toBe(true);
    expect(forAuthor.mayCreate).toBe(true);
    const searched = await (
      await listRoute.loader({ request: get("/rfps?q=mailroom", homeowner), params: {}, context: {} })
    ).json();
    expect(searched.total).toBe(1);
  });

  it("a private RFP is refused to those not invited; an unknown one is 404", async () => {
    const refused = await thrown(() =>
      detailRoute.loader({
        request: get(`/rfps/${privateId}`, vendor),
        params: { id: privateId },
        context: {},
      }),
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Not authorized to view this RFP" });
    const missing = await thrown(() =>
      detailRoute.loader({ request: get("/rfps/nope", vendor), params: { id: "nope" }, context: {} }),
    );
    expect(missing.status).toBe(404);
  });

  it("reading counts a view (not the author's own)", async () => {
    await detail(rfpId, vendor);
    await detail(rfpId, manager);
    const seen = await detail(rfpId, manager);
    expect(seen.rfp.viewCount).toBe(1);
    expect(seen.viewer.manage).toBe(true);
  });

  it("a bid with problems comes back with every message and what was typed", async () => {
    const r = await json(
      await act(rfpId, vendor, {
        intent: "submit",
        total_price: "12.5",
        timeline_days: "",
        cover_letter: "Too short",
      }),
    );
    // Conform's shape (issue 11, part 4.1): the field errors and what was typed; nothing is written.
    expect(r.status).toBe(400);
    expect(r.data.result.error).toMatchObject({ total_price: ["Use whole dollars"] });
    expect(r.data.result.initialValue).toMatchObject({ total_price: "12.5", cover_letter: "Too short" });
    expect((await detail(rfpId, vendor)).proposal).toBeNull();
    // What the RFP requires of a submitted bid is checked once, by decide; its errors come back alike.
    const r2 = await json(
      await act(rfpId, vendor, { intent: "submit", total_price: "100", cover_letter: "Too short" }),
    );
    expect(r2.status).toBe(400);
    expect(r2.data.result.error).toMatchObject({
      timeline_days: ["Enter a timeline in days"],
      cover_letter: ["Cover letter must be at least 50 characters"],
    });
    expect(r2.data.result.initialValue).toMatchObject({ total_price: "100" });
    expect((await detail(rfpId, vendor)).proposal).toBeNull();
  });

  it("without credits the submission is refused with 402 and the balance; a draft is kept", async () => {
    const saved = await act(rfpId, vendor, { intent: "save_draft", ...BID });
    expect(saved.status).toBe(302);
    const d = await detail(rfpId, vendor);
    expect(d.proposal).toMatchObject({
      status: "draft",
      values: { total_price: "52500", timeline_days: "30" },
    });
    const r = await json(await act(rfpId, vendor, { intent: "submit", ...BID }));
    expect(r.status).toBe(402);
    expect(r.data).toMatchObject({
      formError: "Not enough credits to submit this proposal",
      credits: { balance: 0, required: 1 },
    });
  });

  it("an unverified vendor is refused", async () => {
    const r = await json(await act(rfpId, unverified, { intent: "submit", ...BID }));
    expect(r.status).toBe(403);
    expect(r.data.formError).toBe("Only verified vendors can create proposals");
  });

  it("with credits the bid is submitted once, spending one credit, even when the form is posted twice", async () => {
    await grant(vendor, 2);
    const key = (await detail(rfpId, vendor)).submitKey;
    const first = await act(rfpId, vendor, { intent: "submit", submit_key: key, ...BID });
    const again = await act(rfpId, vendor, { intent: "submit", submit_key: key, ...BID });
    expect([first.status, again.status]).toEqual([302, 302]);
    expect((await getVendorCredits(t.db, vendor.id)).balance).toBe(1);
    const d = await detail(rfpId, vendor);
    expect(d.proposal).toMatchObject({ status: "submitted", label: "Under Review", withdrawable: true });
    const dup = await json(await act(rfpId, vendor, { intent: "submit", ...BID }));
    expect(dup.status).toBe(409);
    expect(dup.data.formError).toBe("You have already submitted a proposal for this RFP");
  });

  it("only the author reviews; accepting one closes the RFP as awarded and rejects the rest", async () => {
    await grant(vendor2, 1);
    expect((await act(rfpId, vendor2, { intent: "submit", ...BID, total_price: "70000" })).status).toBe(302);
    const refused = await thrown(() =>
      proposalsRoute.loader({
        request: get(`/rfps/${rfpId}/proposals`, homeowner),
        params: { id: rfpId },
        context: {},
      }),
    );
    expect(refused.status).toBe(403);
    const vendorRefused = await thrown(() =>
      proposalsRoute.action({
        request: post(`/rfps/${rfpId}/proposals`, vendor, { intent: "accept" }),
        params: { id: rfpId },
        context: {},
      }),
    );
    expect(vendorRefused.status).toBe(403);

    const review = (await (
      await proposalsRoute.loader({
        request: get(`/rfps/${rfpId}/proposals`, manager),
        params: { id: rfpId },
        context: {},
      })
    ).json()) as Loose;
    expect(review.proposals).toHaveLength(2);
    const mine = review.proposals.find((p: { price: string | null }) => p.price === "$52,500");
    const theirs = review.proposals.find((p: { price: string | null }) => p.price === "$70,000");
    expect(mine).toMatchObject({
      pricePosition: "Within budget",
      label: "New",
      canDecide: true,
      canShortlist: true,
    });
    expect(theirs).toMatchObject({ pricePosition: "Above budget", priceAbove: true });

    const shortlisted = await proposalsRoute.action({
      request: post(`/rfps/${rfpId}/proposals`, manager, { intent: "shortlist", proposal_id: mine.id }),
      params: { id: rfpId },
      context: {},
    });
    expect(shortlisted.status).toBe(302);
    expect((await detail(rfpId, vendor)).proposal.label).toBe("Shortlisted");

    // A reason over the limit is refused with its message, not cut short; the proposal stays as it was.
    const tooLong = await json(
      await proposalsRoute.action({
        request: post(`/rfps/${rfpId}/proposals`, manager, {
          intent: "reject",
          proposal_id: theirs.id,
          reason: "x".repeat(1001),
        }),
        params: { id: rfpId },
        context: {},
      }),
    );
    expect(tooLong.status).toBe(400);
    // Told at the reason field of that proposal's reject form (Conform's answer), not as a page error.
    expect(tooLong.data).toMatchObject({
      proposalId: theirs.id,
      intent: "reject",
      result: { error: { reason: ["The reason can be at most 1000 characters"] } },
    });
    expect(tooLong.data.error).toBeUndefined();
    // A form this page does not have: a 400 on the page, nothing reviewed.
    const unknown = await json(
      await proposalsRoute.action({
        request: post(`/rfps/${rfpId}/proposals`, manager, { intent: "award", proposal_id: theirs.id }),
        params: { id: rfpId },
        context: {},
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ proposalId: theirs.id, intent: null });
    expect(unknown.data.error).toBeTruthy();
    expect((await detail(rfpId, vendor2)).proposal.label).not.toBe("Not Selected");

    const accepted = await proposalsRoute.action({
      request: post(`/rfps/${rfpId}/proposals`, manager, { intent: "accept", proposal_id: mine.id }),
      params: { id: rfpId },
      context: {},
    });
    expect(accepted.status).toBe(302);
    const won = await detail(rfpId, vendor);
    expect(won.proposal.label).toBe("Won");
    expect(won.rfp.status).toBe("closed");
    expect((await detail(rfpId, vendor2)).proposal.label).toBe("Not Selected");
    // The author's list of everything received, filtered by status; others see none of it.
    const all = (await (
      await authorProposalsRoute.loader({
        request: get("/dashboard/proposals", manager),
        params: {},
        context: {},
      })
    ).json()) as Loose;
    expect(all.proposals.map((p: { label: string }) => p.label).sort()).toEqual(["Accepted", "Rejected"]);
    const onlyAccepted = (await (
      await authorProposalsRoute.loader({
        request: get("/dashboard/proposals?status=accepted", manager),
        params: {},
        context: {},
      })
    ).json()) as Loose;
    expect(onlyAccepted.proposals).toHaveLength(1);
    expect(onlyAccepted.proposals[0]).toMatchObject({ price: "$52,500", rfpTitle: "Lobby renovation" });
    const none = (await (
      await authorProposalsRoute.loader({
        request: get("/dashboard/proposals", homeowner),
        params: {},
        context: {},
      })
    ).json()) as Loose;
    expect(none.total).toBe(0);
    const after = await json(
      await proposalsRoute.action({
        request: post(`/rfps/${rfpId}/proposals`, manager, { intent: "reject", proposal_id: mine.id }),
        params: { id: rfpId },
        context: {},
      }),
    );
    expect(after.status).toBe(409);
  });

  it("the vendor withdraws; cancelling refunds bidders still in the running", async () => {
    const second = await publish(manager, { title: "Mailroom lockers" });
    await grant(vendor, 1);
    await grant(vendor2, 1);
    expect((await act(second, vendor, { intent: "submit", ...BID })).status).toBe(302);
    expect((await act(second, vendor2, { intent: "submit", ...BID })).status).toBe(302);
    expect((await act(second, vendor, { intent: "withdraw" })).status).toBe(302);
    expect((await detail(second, vendor)).proposal.label).toBe("Withdrawn");
    const before = (await getVendorCredits(t.db, vendor2.id)).balance;
    const noReason = await json(await act(second, manager, { intent: "cancel", reason: " " }));
    expect(noReason.status).toBe(400);
    expect((await act(second, vendor, { intent: "cancel", reason: "mine now" })).status).toBe(403);
    expect(
      (await act(second, manager, { intent: "cancel", reason: "Board postponed the project" })).status,
    ).toBe(302);
    expect((await getVendorCredits(t.db, vendor2.id)).balance).toBe(before + 1);
    expect((await detail(second, manager)).rfp).toMatchObject({
      status: "cancelled",
      cancelReason: "Board postponed the project",
    });
  });
  it("a bid carries documents: checked by content, private to the vendor and the author, frozen on submit", async () => {
    const rfp = await publish(manager, { title: "Garage sealing" });
    await grant(vendor2, 1);
    const multipart = (who: Person, entries: [string, string | File][]) => {
      const form = new FormData();
      for (const [k, v] of entries) form.append(k, v);
      return detailRoute.action({
        request: new Request(`http://localhost/rfps/${rfp}`, {
          method: "POST",
          body: form,
          headers: { Cookie: who.cookie },
        }),
        params: { id: rfp },
        context: {},
      });
    };
    const fields = Object.entries(BID) as [string, string][];
    // A file that is not what its name says is refused with "name: reason", and nothing is attached.
    const bad = await json(
      await multipart(vendor2, [
        ["intent", "save_draft"],
        ...fields,
        ["documents", new File([new Uint8Array([0, 1, 2, 3])], "quote.pdf")],
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.uploadErrors[0]).toMatch(/^quote\.pdf: /);
    expect((await detail(rfp, vendor2)).proposal.documents).toEqual([]);
    // A real PDF is attached to the draft.
    const ok = await multipart(vendor2, [
      ["intent", "save_draft"],
      ...fields,
      ["documents", new File([new Uint8Array(TINY_PDF)], "certificate.pdf")],
    ]);
    expect(ok.status).toBe(302);
    const [doc] = (await detail(rfp, vendor2)).proposal.documents;
    expect(doc).toMatchObject({ fileName: "certificate.pdf" });
    const download = (who: Person) =>
      thrown(() =>
        proposalDocumentRoute.loader({
          request: get(`/documents/proposal/${doc.id}`, who),
          params: { id: doc.id },
          context: {},
        }),
      );
    expect((await download(vendor2)).status).toBe(200);
    // The author sees it only once the bid is submitted; other vendors never.
    expect((await download(manager)).status).toBe(404);
    expect((await download(vendor)).status).toBe(404);
    expect((await act(rfp, vendor2, { intent: "submit", ...BID })).status).toBe(302);
    const forAuthor = await download(manager);
    expect(forAuthor.status).toBe(200);
    expect(Buffer.from(await forAuthor.arrayBuffer()).equals(TINY_PDF)).toBe(true);
    const review = (await (
      await proposalsRoute.loader({
        request: get(`/rfps/${rfp}/proposals`, manager),
        params: { id: rfp },
        context: {},
      })
    ).json()) as Loose;
    expect(review.proposals[0].documents.map((d: { fileName: string }) => d.fileName)).toEqual([
      "certificate.pdf",
    ]);
    // Submitted: documents can no longer be removed.
    expect((await act(rfp, vendor2, { intent: "remove_document", document_id: doc.id })).status).toBe(404);
  });

  // A submission in flight holds the proposal's stream lock from before it decides until it commits.
  // On PostgreSQL an attach arriving meanwhile used to check the projection row (still a draft), attach
  // and commit while the bid was being submitted; now it waits for the lock and is then refused.
  it.runIf(engine === "postgres")(
    "documents attached while the bid is being submitted wait for it, then are refused",
    async () => {
      const rfp = await publish(manager, { title: "Elevator modernisation" });
      const bidder = await personWithRole(t.db, "vendor");
      await grant(bidder, 1);
      expect((await act(rfp, bidder, { intent: "save_draft", ...BID })).status).toBe(302);
      const proposalId = proposalIdFor(rfp, bidder.id);
      const streams = [
        { streamId: rfpStreamId(rfp), streamType: RFP_STREAM_TYPE },
        { streamId: proposalStreamId(proposalId), streamType: PROPOSAL_STREAM_TYPE },
        { streamId: creditsStreamId(bidder.id), streamType: CREDITS_STREAM_TYPE },
      ];
      let release = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let locked = () => {};
      const holding = new Promise<void>((r) => {
        locked = r;
      });
      // What submitProposalCommand does, paused between taking the locks and appending.
      const submitting = t.db.transaction(async (tx) => {
        const loaded = await lockStreams(tx, streams);
        locked();
        await gate;
        const state = (i: number) => loaded.get((streams[i] as { streamId: string }).streamId);
        const proposal = state(1)?.state as ProposalState;
        const decision = submitProposal(
          {
            proposalId,
            vendor: { userId: bidder.id, verifiedVendor: true },
            rfp: state(0)?.state as RfpState,
            proposal,
            credits: state(2)?.state as CreditsState,
            fields: proposal.fields,
          },
          { now: new Date().toISOString() },
        );
        if (!decision.ok) throw new Error(JSON.stringify(decision.error));
        const { rfp: rfpEvents, proposals, credits } = decision.appends;
        await appendInTransaction(
          tx,
          [rfpEvents, proposals.get(proposalId) ?? [], credits.get(bidder.id) ?? []].map((events, i) => ({
            ...(streams[i] as { streamId: string; streamType: string }),
            expectedVersion: state(i)?.version ?? 0,
            events,
          })),
        );
      });
      await holding;
      const file = await storeStream(
        "proposal-documents",
        (async function* () {
          yield new Uint8Array(TINY_PDF);
        })(),
        1_000_000,
      );
      let settled = false;
      const attaching = attachProposalDocuments(t.db, {
        proposalId,
        vendorId: bidder.id,
        files: [{ ...file, name: "late.pdf" }],
        tooMany: false,
      }).finally(() => {
        settled = true;
      });
      // The attach is blocked on the proposal's stream lock, not finished: it waits for the submission.
      await untilSomeoneWaitsForALock(t.db, "the attach to wait for the proposal's stream lock");
      expect(settled).toBe(false);
      release();
      await submitting;
      expect(await attaching).toEqual({
        ok: false,
        errors: ["Documents cannot change once the proposal is submitted"],
      });
      expect(await listProposalDocuments(t.db, proposalId)).toEqual([]);
    },
  );
});
