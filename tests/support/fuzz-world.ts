/**
 * The people and records the fuzz tests of every action and every loader send their requests as and
 * about: an administrator, a board member with an association, an RFP (published and a draft) and a
 * library document, a vendor, a homeowner of that association, a newcomer without roles, and a vendor
 * in the middle of onboarding; a public post with a comment and a live discussion with a message (so
 * the comment intents of /posts/{id} and the live room's intents are reached, issue 29). `peopleFor`
 * names who a route serves.
 */
import { Readable } from "node:stream";
import type { Database } from "@db/client";
import { userProfiles } from "@db/schema";
import { eq } from "drizzle-orm";
import { createComment } from "~/commands/community-comments.server";
import { createPost } from "~/commands/community-posts.server";
import { uploadDocument } from "~/commands/documents.server";
import { joinLiveDiscussion, postLiveMessage, startLiveDiscussion } from "~/commands/live-discussions.server";
import { createRfp, executeRfpCommand } from "~/commands/rfps.server";
import { storeStream } from "~/storage/files.server";
import { associationWith } from "./associations";
import { TINY_PDF } from "./files";
import { personWithRole } from "./people";
import { inDays, rfpFields } from "./rfps";

type Person = Awaited<ReturnType<typeof personWithRole>> | null;

export interface FuzzWorld {
  people: Record<string, Person>;
  /** Route parameters by route id, naming records the person of `peopleFor` may see. */
  params: Record<string, Record<string, string>>;
}

/** Who sends requests to a route: the people it serves (the first also gets every intent's bodies). */
export function peopleFor(id: string): string[] {
  if (id.startsWith("_app.admin")) return ["admin"];
  if (id.startsWith("_app.rfps")) return ["manager", "vendor"];
  if (id.startsWith("_app.properties") || id === "properties.switch") return ["manager", "homeowner"];
  // The document library: its board member (who may upload) and a reader who may not.
  if (id.startsWith("_app.documents")) return ["manager", "homeowner"];
  if (id.startsWith("onboarding")) return ["onboarding"];
  if (id.startsWith("_app.") || id.startsWith("api.") || id === "preferences") return ["vendor"];
  return ["anonymous"];
}

/** Creates the people and records (UPLOAD_DIR must be set: the library document is stored there). */
export async function fuzzWorld(db: Database): Promise<FuzzWorld> {
  const people: FuzzWorld["people"] = {};
  const params: FuzzWorld["params"] = {};
  people.anonymous = null;
  people.admin = await personWithRole(db, "admin");
  people.manager = await personWithRole(db, "board_member");
  people.vendor = await personWithRole(db, "vendor");
  people.homeowner = await personWithRole(db, "homeowner");
  people.newcomer = await personWithRole(db, null);
  const onboarding = await personWithRole(db, "vendor", { verified: false });
  await db
    .update(userProfiles)
    .set({ onboardingCompleted: false, onboardingStep: "verification" })
    .where(eq(userProfiles.id, onboarding.id));
  people.onboarding = onboarding;
  const manager = people.manager as NonNullable<Person>;
  const actor = { userId: manager.id, isAdmin: false };
  const published = await createRfp(db, {
    actor,
    mayCreate: true,
    authorContextId: null,
    fields: rfpFields({ proposal_deadline: inDays(10) }),
  });
  if (!published.ok) throw new Error("could not create the RFP");
  const rfpId = published.result.rfpId;
  await executeRfpCommand(db, rfpId, { type: "PublishRfp", actor });
  const draft = await createRfp(db, {
    actor,
    mayCreate: true,
    authorContextId: null,
    fields: rfpFields({ title: "Draft roof survey" }),
  });
  if (!draft.ok) throw new Error("could not create the draft");
  params["_app.rfps.$id"] = { id: rfpId };
  params["_app.rfps.$id_.proposals"] = { id: rfpId };
  params["_app.rfps_.$id.edit"] = { id: draft.result.rfpId };
  params["onboarding.$step"] = { step: "verification" };
  const association = await associationWith(db, { id: manager.id }, [
    { id: (people.homeowner as NonNullable<Person>).id, memberRole: "homeowner", unit: "1" },
  ]);
  params["_app.properties.$id"] = { id: association.id };
  // A library document of the board member's association (issue 12, part 1).
  const associationId = association.id;
  const stored = await storeStream("association-documents", Readable.from([TINY_PDF]), 1024 * 1024);
  const uploaded = await uploadDocument(db, {
    associationId,
    actorId: manager.id,
    file: { ...stored, name: "bylaws.pdf" },
    title: "Bylaws",
    category: "bylaws",
    visibility: "members",
    vendorEmails: [],
    folderId: null,
  });
  if (!uploaded.ok) throw new Error("could not upload the document");
  params["_app.documents.$id"] = { id: uploaded.documentId };
  // The community (issue 29): a public post with a comment, a live discussion with a message.
  const post = await createPost(db, {
    authorId: manager.id,
    authorContextId: manager.contextId,
    scope: { associationId: null, organizationId: null },
    postType: "text",
    visibility: "public",
    content: "Fuzz world post about the spring clean-up",
  });
  if (!post.ok) throw new Error("could not create the post");
  const comment = await createComment(db, {
    authorId: manager.id,
    authorContextId: manager.contextId as string,
    postId: post.postId,
    content: "Fuzz world comment",
  });
  if (!comment.ok) throw new Error("could not create the comment");
  params["_app.posts.$id"] = { id: post.postId };
  params["_app.report.$kind.$id"] = { kind: "comment", id: comment.commentId };
  const room = await startLiveDiscussion(
    db,
    manager.id,
    {
      title: "Fuzz world discussion",
      description: "",
      category: "Maintenance & Repairs",
      tags: "",
      estimatedMinutes: 30,
    },
    new Date(),
  );
  if (!room.ok) throw new Error("could not start the discussion");
  const said = await postLiveMessage(db, {
    userId: manager.id,
    discussionId: room.id,
    content: "Fuzz world message",
    replyTo: null,
    now: new Date(),
  });
  if (!said.ok) throw new Error("could not post the message");
  // The vendor (who gets every intent's bodies on /_app routes) is in the room, so its intents get past
  // the "join first" check to their fields.
  await joinLiveDiscussion(db, (people.vendor as NonNullable<Person>).id, room.id, new Date());
  params["_app.common-area.live.$id"] = { id: room.id };
  return { people, params };
}
