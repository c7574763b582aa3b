/**
 * The learning hub's certificates (issue 30, parts 5 and 10; decision 077): issued once on completing
 * a certification course (also under concurrent completions), the person's pages, the public
 * verification page for valid, expired, revoked and unknown numbers, revocation for admins only, the
 * PDF, the Open Badges VC-JWT verified with the published JWKS, the expiry reminder sent once, renewal
 * by a refresher course, and the profile and Professional Center activity.
 */

import { gunzipSync } from "node:zlib";
import { queryRows } from "@db/client";
import { CERTIFICATE_MESSAGES, formatCertificateNumber } from "@domain/learning/certificates";
import { statusBitAt } from "@domain/learning/status-list";
import { sql } from "drizzle-orm";
import { createLocalJWKSet, type JWK, jwtVerify } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CourseDefinition,
  completeLesson,
  curriculumOf,
  enrollInCourse,
  publishCourse,
  submitQuiz,
} from "~/commands/learning.server";
import { certifyCompletion, sendCertificateExpiryReminders } from "~/commands/learning-certificates.server";
import { centerActivity } from "~/queries/professional-center.server";
import * as certificationsRoute from "~/routes/_app.learning-hub.certifications._index";
import * as certificationRoute from "~/routes/_app.learning-hub.certifications.$id";
import { loader as profileLoader } from "~/routes/_app.professional.$slug";
import * as jwksRoute from "~/routes/[.]well-known.jwks[.]json";
import * as statusRoute from "~/routes/credentials.$id.status";
import * as issuerRoute from "~/routes/credentials.issuer";
import * as statusListRoute from "~/routes/credentials.status.$list";
import * as credentialRoute from "~/routes/learning-hub.certifications.$id.credential";
import * as pdfRoute from "~/routes/learning-hub.certifications.$id.pdf";
import * as verifyRoute from "~/routes/verify-certificate.$number";
import { argsOf, getAs, outcome, postAs, useAppDatabase } from "../support/app";
import { bothEngines, useTestDatabase } from "../support/db";
import { pdfText } from "../support/pdf";
import { personWithRole } from "../support/people";

type Person = Awaited<ReturnType<typeof personWithRole>>;

const CERT_COURSE: CourseDefinition = {
  slug: "test-cert-reserve-basics",
  title: "Certified Reserve Basics",
  shortDescription: "Reserves, certified.",
  description: "About reserves.",
  difficulty: "beginner",
  providesCertification: true,
  certificateValidMonths: 24,
  modules: [
    {
      title: "Only module",
      lessons: [
        { title: "Components", minutes: 5, body: "Roofs and paving." },
        { title: "Funding", minutes: 5, body: "Percent funded." },
      ],
      quiz: {
        title: "Check",
        passPercent: 100,
        questions: [{ prompt: "A reserve study lists?", options: ["Components", "Owners"], correct: [0] }],
      },
    },
  ],
};

const REFRESHER: CourseDefinition = {
  slug: "test-cert-reserve-refresher",
  title: "Reserve Basics Refresher",
  shortDescription: "Renews the reserve certificate.",
  description: "A refresher.",
  difficulty: "beginner",
  renewsCourseSlug: CERT_COURSE.slug,
  modules: [{ title: "Refresh", lessons: [{ title: "What changed", minutes: 5, body: "News." }] }],
};

const DAY = 86_400_000;

describe.each(bothEngines)("learning hub certificates on %s", (engine) => {
  const t = useTestDatabase(engine);
  let ann: Person;
  let admin: Person;
  let stranger: Person;
  let courseId: string;
  let refresherId: string;

  /** Enrols and does every item of the course at `now` (quizzes with the right answers). */
  const completeCourse = async (userId: string, id: string, now = new Date()) => {
    await enrollInCourse(t.db, { userId, courseId: id, now });
    for (const item of await curriculumOf(t.db, id)) {
      if (item.kind === "lesson")
        await completeLesson(t.db, { userId, courseId: id, lessonId: item.id, now });
      else await submitQuiz(t.db, { userId, courseId: id, quizId: item.id, answers: { q1: ["o1"] }, now });
    }
  };
  const certificatesOf = (userId: string) =>
    queryRows<{ id: string; number: string; issued_at: string; expires_at: string | null }>(
      t.db,
      sql`select id, number, issued_at, expires_at from certificates where user_id = ${userId}`,
    );
  const verify = (number: string, who?: Person) =>
    outcome(() =>
      verifyRoute.loader(
        argsOf(
          who
            ? getAs(`/verify-certificate/${number}`, who)
            : new Request(`http://localhost/verify-certificate/${number}`),
          { number },
        ),
      ),
    );
  const certPage = (who: Person, id: string) =>
    outcome(() =>
      certificationRoute.loader(argsOf(getAs(`/learning-hub/certifications/${id}`, who), { id })),
    );
  const revoke = (who: Person, id: string, body: Record<string, string>) =>
    outcome(() =>
      certificationRoute.action(argsOf(postAs(`/learning-hub/certifications/${id}`, who, body), { id })),
    );

  beforeAll(async () => {
    useAppDatabase(t.handle);
    ann = await personWithRole(t.db, "manager", { label: "cert-ann" });
    admin = await personWithRole(t.db, "admin", { label: "cert-admin" });
    stranger = await personWithRole(t.db, "vendor", { label: "cert-stranger" });
    courseId = (await publishCourse(t.db, CERT_COURSE)).id;
    refresherId = (await publishCourse(t.db, REFRESHER)).id;
  });

  it("issues one certificate on completion: 128 random bits, issue date, expiry 24 months on", async () => {
    const at = new Date("2026-03-04T10:00:00Z");
    await enrollInCourse(t.db, { userId: ann.id, courseId, now: at });
    const items = await curriculumOf(t.db, courseId);
    // Not before the last item.
    for (const item of items.slice(0, -1))
      await completeLesson(t.db, { userId: ann.id, courseId, lessonId: item.id, now: at });
    expect(await certificatesOf(ann.id)).toHaveLength(0);
    const quiz = items.at(-1);
    if (quiz?.kind !== "quiz") throw new Error("the quiz closes the module");
    // A failed quiz issues nothing.
    await submitQuiz(t.db, { userId: ann.id, courseId, quizId: quiz.id, answers: { q1: ["o2"] }, now: at });
    expect(await certificatesOf(ann.id)).toHaveLength(0);
    const later = new Date(at.getTime() + 11 * 60_000);
    await submitQuiz(t.db, {
      userId: ann.id,
      courseId,
      quizId: quiz.id,
      answers: { q1: ["o1"] },
      now: later,
    });
    const [cert, ...more] = await certificatesOf(ann.id);
    expect(more).toHaveLength(0);
    expect(cert?.number).toMatch(/^[0-9A-F]{32}$/);
    expect(new Date(cert?.issued_at as string).toISOString()).toBe(later.toISOString());
    expect(new Date(cert?.expires_at as string).toISOString()).toBe("2028-03-04T10:11:00.000Z");
    // Completing again (a passed quiz retaken) issues nothing more; calling the issuer again neither.
    await submitQuiz(t.db, {
      userId: ann.id,
      courseId,
      quizId: quiz.id,
      answers: { q1: ["o1"] },
      now: later,
    });
    await t.db.transaction((tx) => certifyCompletion(tx, ann.id, courseId, later));
    expect(await certificatesOf(ann.id)).toHaveLength(1);
    const history = await queryRows<{ kind: string }>(
      t.db,
      sql`select kind from certificate_history where certificate_id = ${cert?.id}`,
    );
    expect(history.map((h) => h.kind)).toEqual(["issued"]);
  });

  it("issues once under concurrent completions of the last item", async () => {
    const bea = await personWithRole(t.db, "homeowner", { label: "cert-bea" });
    await enrollInCourse(t.db, { userId: bea.id, courseId });
    const items = await curriculumOf(t.db, courseId);
    const quiz = items.find((i) => i.kind === "quiz");
    const lessons = items.filter((i) => i.kind === "lesson");
    await submitQuiz(t.db, { userId: bea.id, courseId, quizId: quiz?.id as string, answers: { q1: ["o1"] } });
    await completeLesson(t.db, { userId: bea.id, courseId, lessonId: lessons[0]?.id as string });
    const last = lessons[1]?.id as string;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => completeLesson(t.db, { userId: bea.id, courseId, lessonId: last })),
    );
    expect(results.filter((r) => r.ok && r.completedNow)).toHaveLength(1);
    expect(await certificatesOf(bea.id)).toHaveLength(1);
  });

  it("shows the person's certificates and a certificate to its holder and admins only", async () => {
    const [cert] = await certificatesOf(ann.id);
    const id = cert?.id as string;
    const list = await outcome(() =>
      certificationsRoute.loader(argsOf(getAs("/learning-hub/certifications", ann))),
    );
    expect(list.status).toBe(200);
    expect(list.data.certificates).toHaveLength(1);
    expect(list.data.certificates[0]).toMatchObject({
      certificateName: CERT_COURSE.title,
      isVerified: true,
      isActive: true,
      displayNumber: formatCertificateNumber(cert?.number as string),
      course: { slug: CERT_COURSE.slug, title: CERT_COURSE.title },
    });
    const own = await certPage(ann, id);
    expect(own.status).toBe(200);
    expect(own.data.owner).toBe(true);
    expect(own.data.canRevoke).toBe(false);
    expect((await certPage(stranger, id)).status).toBe(404);
    expect((await certPage(ann, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await certPage(ann, "not-a-uuid")).status).toBe(404);
    const seenByAdmin = await certPage(admin, id);
    expect(seenByAdmin.status).toBe(200);
    expect(seenByAdmin.data.canRevoke).toBe(true);
  });

  it("verifies a number publicly: valid, in any form; unknown and malformed are a 404 page", async () => {
    const [cert] = await certificatesOf(ann.id);
    const number = cert?.number as string;
    const valid = await verify(number);
    expect(valid.status).toBe(200);
    expect(valid.data.certificate).toMatchObject({
      status: "valid",
      holderName: "Test manager",
      certificateName: CERT_COURSE.title,
      course: { title: CERT_COURSE.title },
    });
    expect(valid.response.headers.get("Cache-Control")).toBe("no-store");
    // Nothing more than the page shows: no ids, no e-mail.
    expect(JSON.stringify(valid.data)).not.toContain(ann.id);
    expect(JSON.stringify(valid.data)).not.toContain(ann.email);
    expect(JSON.stringify(valid.data)).not.toContain(cert?.id);
    expect(valid.data.manageHref).toBeNull();
    expect((await verify(number, stranger)).data.manageHref).toBeNull();
    // An admin gets the way to the certificate's page (to revoke it).
    expect((await verify(number, admin)).data.manageHref).toBe(`/learning-hub/certifications/${cert?.id}`);
    expect((await verify(formatCertificateNumber(number).toLowerCase())).data.certificate.status).toBe(
      "valid",
    );
    const unknown = await verify("0".repeat(32));
    expect(unknown.status).toBe(404);
    expect(unknown.data.certificate).toBeNull();
    expect((await verify("nonsense'--")).status).toBe(404);
    expect((await verify("x".repeat(5000))).status).toBe(404);
  });

  it("says expired once past the expiry", async () => {
    const cy = await personWithRole(t.db, "homeowner", { label: "cert-cy" });
    await completeCourse(cy.id, courseId, new Date(Date.now() - 800 * DAY));
    const [cert] = await certificatesOf(cy.id);
    const page = await verify(cert?.number as string);
    expect(page.status).toBe(200);
    expect(page.data.certificate.status).toBe("expired");
    const own = await certPage(cy, cert?.id as string);
    expect(own.data.cert.state).toMatchObject({ label: "Expired", tone: "error" });
  });

  it("lets only admins revoke, with a reason; the public page and the credential's status say so", async () => {
    const dee = await personWithRole(t.db, "homeowner", { label: "cert-dee" });
    await completeCourse(dee.id, courseId);
    const [cert] = await certificatesOf(dee.id);
    const id = cert?.id as string;
    // The holder and other people may not; nor a forged id.
    expect((await revoke(dee, id, { intent: "revoke", reason: "Mine" })).status).toBe(403);
    expect((await revoke(stranger, id, { intent: "revoke", reason: "No" })).status).toBe(403);
    // Hostile forms: 4xx with the values kept, nothing revoked.
    const empty = await revoke(admin, id, { intent: "revoke", reason: "   " });
    expect(empty.status).toBe(400);
    const long = await revoke(admin, id, { intent: "revoke", reason: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.data.result.initialValue.reason).toHaveLength(501);
    expect((await revoke(admin, id, { intent: "other", reason: "x" })).status).toBe(400);
    expect((await verify(cert?.number as string)).data.certificate.status).toBe("valid");
    const done = await revoke(admin, id, { intent: "revoke", reason: "Quiz answers were shared." });
    expect(done.status).toBe(302);
    expect((await revoke(admin, id, { intent: "revoke", reason: "Again" })).status).toBe(409);
    const page = await verify(cert?.number as string);
    expect(page.data.certificate).toMatchObject({
      status: "revoked",
      revocationReason: "Quiz answers were shared.",
    });
    const [audit] = await queryRows<{ actor_id: string; reason: string; kind: string }>(
      t.db,
      sql`select actor_id, reason, kind from certificate_history where certificate_id = ${id} and kind = 'revoked'`,
    );
    expect(audit).toMatchObject({ actor_id: admin.id, reason: "Quiz answers were shared." });
    const [row] = await queryRows<{ revoked_by: string }>(
      t.db,
      sql`select revoked_by from certificates where id = ${id}`,
    );
    expect(row?.revoked_by).toBe(admin.id);
    const status = await outcome(() => statusRoute.loader(argsOf(new Request("http://localhost/"), { id })));
    expect(status.data.revokedCredentials).toEqual([
      expect.objectContaining({ id: `urn:uuid:${id}`, revocationReason: "Quiz answers were shared." }),
    ]);
    const own = await certPage(dee, id);
    expect(own.data.cert.state).toMatchObject({ label: "Inactive", tone: "error" });
  });

  it("gives the holder a PDF with their name, the course and the number; nobody else", async () => {
    const [cert] = await certificatesOf(ann.id);
    const id = cert?.id as string;
    const got = await outcome(() =>
      pdfRoute.loader(argsOf(getAs(`/learning-hub/certifications/${id}/pdf`, ann), { id })),
    );
    expect(got.status).toBe(200);
    expect(got.response.headers.get("Content-Type")).toBe("application/pdf");
    const text = pdfText(Buffer.from(await got.response.arrayBuffer()));
    expect(text).toContain("Test manager");
    expect(text).toContain(CERT_COURSE.title);
    expect(text).toContain(formatCertificateNumber(cert?.number as string));
    expect(text).toContain(`/verify-certificate/${cert?.number}`);
    const other = await outcome(() =>
      pdfRoute.loader(argsOf(getAs(`/learning-hub/certifications/${id}/pdf`, stranger), { id })),
    );
    expect(other.status).toBe(404);
  });

  it("signs an Open Badges 3.0 VC-JWT that verifies with the published JWKS, and not once tampered", async () => {
    const [cert] = await certificatesOf(ann.id);
    const id = cert?.id as string;
    const got = await outcome(() =>
      credentialRoute.loader(argsOf(getAs(`/learning-hub/certifications/${id}/credential`, ann), { id })),
    );
    expect(got.status).toBe(200);
    const jwt = await got.response.text();
    const jwks = (await outcome(() => jwksRoute.loader())).data as { keys: JWK[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA" });
    expect(jwks.keys[0]).not.toHaveProperty("d");
    const issuer = (await outcome(() => issuerRoute.loader())).data;
    const { payload, protectedHeader } = await jwtVerify(jwt, createLocalJWKSet(jwks), {
      issuer: issuer.id,
      algorithms: ["EdDSA"],
    });
    expect(protectedHeader.kid).toBe(jwks.keys[0]?.kid);
    expect(payload.jti).toBe(`urn:uuid:${id}`);
    expect(payload.exp).toBe(Math.floor(new Date(cert?.expires_at as string).getTime() / 1000));
    // biome-ignore lint/suspicious/noExplicitAny: the credential's JSON, read loosely by the assertions
    const vc = payload.vc as Record<string, any>;
    expect(vc.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
    expect(vc.issuer.id).toBe(issuer.id);
    expect(vc.credentialSubject.achievement.name).toBe(CERT_COURSE.title);
    expect(vc.credentialSubject.identifier[0].identityHash).toBe("Test manager");
    // Its status: an entry of a signed Bitstring Status List (decision 086).
    expect(vc.credentialStatus).toMatchObject({
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListCredential: expect.stringMatching(/\/credentials\/status\/1$/),
    });
    // Credentials signed before that point name the unsigned list of their own, still served.
    const status = await outcome(() => statusRoute.loader(argsOf(new Request("http://localhost/"), { id })));
    expect(status.data.revokedCredentials).toEqual([]);
    // Tampered: another name in the payload, same signature.
    const [h, p, s] = jwt.split(".");
    const claims = JSON.parse(Buffer.from(p as string, "base64url").toString());
    claims.vc.credentialSubject.identifier[0].identityHash = "Mallory";
    const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${s}`;
    await expect(jwtVerify(forged, createLocalJWKSet(jwks))).rejects.toThrow();
    // Only the holder downloads it.
    const other = await outcome(() =>
      credentialRoute.loader(
        argsOf(getAs(`/learning-hub/certifications/${id}/credential`, stranger), { id }),
      ),
    );
    expect(other.status).toBe(404);
    expect(
      (await outcome(() => statusRoute.loader(argsOf(new Request("http://localhost/"), { id: "nope" }))))
        .status,
    ).toBe(404);
  });

  it("serves the credential's status as a signed Bitstring Status List whose bit a revocation sets", async () => {
    const fay = await personWithRole(t.db, "manager", { label: "cert-fay" });
    const gil = await personWithRole(t.db, "manager", { label: "cert-gil" });
    await completeCourse(fay.id, courseId);
    await completeCourse(gil.id, courseId);
    const jwks = createLocalJWKSet((await outcome(() => jwksRoute.loader())).data as { keys: JWK[] });
    const issuer = (await outcome(() => issuerRoute.loader())).data.id as string;
    /** The holder's credential, verified; its status entry. */
    const statusOf = async (who: Person) => {
      const [cert] = await certificatesOf(who.id);
      const id = cert?.id as string;
      const got = await outcome(() =>
        credentialRoute.loader(argsOf(getAs(`/learning-hub/certifications/${id}/credential`, who), { id })),
      );
      const { payload } = await jwtVerify(await got.response.text(), jwks, { issuer, algorithms: ["EdDSA"] });
      return { id, entry: (payload.vc as { credentialStatus: Record<string, string> }).credentialStatus };
    };
    /** The list a status entry names, fetched and verified with the published key; the entry's bit. */
    const bitOf = async (entry: Record<string, string>) => {
      const list = (entry.statusListCredential ?? "").split("/").pop() as string;
      const got = await outcome(() =>
        statusListRoute.loader(argsOf(new Request(`http://localhost/credentials/status/${list}`), { list })),
      );
      expect(got.status).toBe(200);
      expect(got.response.headers.get("Content-Type")).toBe("application/vc+jwt");
      const jwt = await got.response.text();
      const { payload, protectedHeader } = await jwtVerify(jwt, jwks, { issuer, algorithms: ["EdDSA"] });
      expect(protectedHeader.alg).toBe("EdDSA");
      // biome-ignore lint/suspicious/noExplicitAny: the credential's JSON, read loosely by the assertions
      const vc = payload.vc as Record<string, any>;
      expect(vc.type).toEqual(["VerifiableCredential", "BitstringStatusListCredential"]);
      expect(vc.id).toBe(entry.statusListCredential);
      expect(vc.issuer).toBe(issuer);
      expect(vc.credentialSubject).toMatchObject({
        type: "BitstringStatusList",
        statusPurpose: "revocation",
      });
      const encoded = vc.credentialSubject.encodedList as string;
      expect(encoded.startsWith("u")).toBe(true);
      const bits = new Uint8Array(gunzipSync(Buffer.from(encoded.slice(1), "base64url")));
      expect(bits.length).toBe(16_384);
      // Tampered: the signature no longer verifies.
      const [h, p, s] = jwt.split(".");
      const claims = JSON.parse(Buffer.from(p as string, "base64url").toString());
      claims.vc.credentialSubject.encodedList = "uH4sIAAAAAAAAA";
      const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${s}`;
      await expect(jwtVerify(forged, jwks)).rejects.toThrow();
      return statusBitAt(bits, Number(entry.statusListIndex));
    };
    const fays = await statusOf(fay);
    const gils = await statusOf(gil);
    expect(fays.entry.id).toBe(`${fays.entry.statusListCredential}#${fays.entry.statusListIndex}`);
    expect(fays.entry.statusListIndex).not.toBe(gils.entry.statusListIndex);
    // The same place every time the credential is downloaded.
    expect((await statusOf(fay)).entry).toEqual(fays.entry);
    expect(await bitOf(fays.entry)).toBe(false);
    expect(await bitOf(gils.entry)).toBe(false);
    expect((await revoke(admin, fays.id, { intent: "revoke", reason: "Shared answers." })).status).toBe(302);
    expect(await bitOf(fays.entry)).toBe(true);
    expect(await bitOf(gils.entry)).toBe(false);
    // Unknown or malformed lists: 404.
    for (const list of ["999", "0", "abc", "1e3"])
      expect(
        (await outcome(() => statusListRoute.loader(argsOf(new Request("http://localhost/"), { list }))))
          .status,
      ).toBe(404);
  });

  it("sends the expiry reminder once, 30 days before; a renewal by the refresher moves the expiry", async () => {
    const eve = await personWithRole(t.db, "homeowner", { label: "cert-eve" });
    // Issued 24 months less 20 days ago: expires in about 20 days.
    const issued = new Date(Date.now() - (730 - 20) * DAY);
    await completeCourse(eve.id, courseId, issued);
    const [cert] = await certificatesOf(eve.id);
    const id = cert?.id as string;
    const reminders = () =>
      queryRows<{ title: string; action_url: string }>(
        t.db,
        sql`select title, action_url from notifications where user_id = ${eve.id} and type = 'certificate_expiring'`,
      );
    // 40 days before the expiry: nothing yet.
    const expires = new Date(cert?.expires_at as string);
    await sendCertificateExpiryReminders(t.db, new Date(expires.getTime() - 40 * DAY));
    expect(await reminders()).toHaveLength(0);
    const now = new Date(expires.getTime() - 20 * DAY);
    await sendCertificateExpiryReminders(t.db, now);
    await sendCertificateExpiryReminders(t.db, now);
    await Promise.all([sendCertificateExpiryReminders(t.db, now), sendCertificateExpiryReminders(t.db, now)]);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: "Certification expiring soon",
      action_url: `/learning-hub/certifications/${id}`,
    });
    // The refresher renews it: same certificate and number, 24 months from its completion.
    const renewedAt = new Date(expires.getTime() - 10 * DAY);
    await completeCourse(eve.id, refresherId, renewedAt);
    const after = await certificatesOf(eve.id);
    expect(after).toHaveLength(1);
    expect(after[0]?.number).toBe(cert?.number);
    expect(new Date(after[0]?.expires_at as string).getTime()).toBeGreaterThan(
      renewedAt.getTime() + 700 * DAY,
    );
    // The new expiry gets its own reminder when its time comes, once.
    const newExpiry = new Date(after[0]?.expires_at as string);
    await sendCertificateExpiryReminders(t.db, new Date(newExpiry.getTime() - 5 * DAY));
    await sendCertificateExpiryReminders(t.db, new Date(newExpiry.getTime() - 4 * DAY));
    expect(await reminders()).toHaveLength(2);
    // A refresher without the original certificate grants nothing.
    const fay = await personWithRole(t.db, "homeowner", { label: "cert-fay" });
    await completeCourse(fay.id, refresherId);
    expect(await certificatesOf(fay.id)).toHaveLength(0);
  });

  it("shows on the unified profile: all to the owner, not the revoked ones to visitors", async () => {
    const profile = async (ownerId: string, who: Person) => {
      const [row] = await queryRows<{ username: string }>(
        t.db,
        sql`select username from user_profiles where id = ${ownerId}`,
      );
      const slug = row?.username as string;
      return outcome(() => profileLoader(argsOf(getAs(`/professional/${slug}`, who), { slug })));
    };
    const own = await profile(ann.id, ann);
    expect(own.status).toBe(200);
    expect(own.data.certificates.map((c: { certificateName: string }) => c.certificateName)).toEqual([
      CERT_COURSE.title,
    ]);
    const visited = await profile(ann.id, stranger);
    expect(visited.data.certificates).toHaveLength(1);
    const [revoked] = await queryRows<{ user_id: string }>(
      t.db,
      sql`select user_id from certificates where revoked_at is not null limit 1`,
    );
    const owner = await profile(revoked?.user_id as string, stranger);
    expect(owner.status).toBe(200);
    expect(owner.data.certificates).toEqual([]);
  });

  it("shows on the Professional Center activity as certification_earned (not once revoked)", async () => {
    const items = await centerActivity(t.db, ann.id);
    const earned = items.filter((a) => a.type === "certification_earned");
    expect(earned).toHaveLength(1);
    expect(earned[0]).toMatchObject({ title: "Certification earned", description: CERT_COURSE.title });
    const revoked = await queryRows<{ user_id: string }>(
      t.db,
      sql`select user_id from certificates where revoked_at is not null limit 1`,
    );
    const gone = await centerActivity(t.db, revoked[0]?.user_id as string);
    expect(gone.filter((a) => a.type === "certification_earned")).toHaveLength(0);
    expect(CERTIFICATE_MESSAGES.notFound).toBe("Certificate not found");
  });
});
