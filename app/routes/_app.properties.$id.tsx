import { parseWithZod } from "@conform-to/zod";
import {
  ASSOCIATION_MESSAGES,
  type AssociationError,
  BOARD_OFFICE_LABELS,
  BOARD_OFFICES,
  type BoardOffice,
  MEMBER_ROLE_LABELS,
  MEMBER_ROLES,
  MONTH_LABELS,
  mayManageAssociation,
  membershipLabel,
  propertyTypeLabel,
  quorumRequired,
} from "@domain/associations";
import { AssociationSettingsSchema, InvitationSchema, MemberActionSchema } from "@domain/associations/forms";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { type AssociationViewer, requireAssociation } from "~/auth/association.server";
import { forbidden } from "~/auth/guards.server";
import {
  changeBoardOffice,
  createInvitation,
  decideJoinRequest,
  removeMember,
  revokeInvitation,
  updateAssociationSettings,
} from "~/commands/associations.server";
import {
  AssociationDetailsFields,
  type FieldErrors,
  serverTimeZones,
} from "~/components/associations/details-fields";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { Link } from "~/components/ui/link";
import { SelectField } from "~/components/ui/select-field";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { domainErrorStatus, readForm } from "~/forms.server";
import { once } from "~/idempotency.server";
import {
  getAssociationDetails,
  listAssociationMembers,
  listWaitingInvitations,
} from "~/queries/associations.server";
import { dateLabel } from "~/queries/rfp-present.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.association.name ?? "Association"} · Properties · Association Commons` },
];

/**
 * One association (issue 12, section 1): details and settings, members, join requests and
 * invitations. Members only: anyone else gets 404 (requireAssociation). Board members and property
 * managers change settings and members; anyone else's attempt is 403. A member may leave, except the
 * last board member or manager.
 */
async function scoped(request: Request, id: string | undefined) {
  return requireAssociation(request, { associationId: id ?? "" });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await scoped(request, params.id);
  const db = await getDb();
  const manages = mayManageAssociation(viewer.membership.memberRole);
  const [details, members, invitations] = await Promise.all([
    getAssociationDetails(db, viewer.association.id),
    listAssociationMembers(db, viewer.association.id),
    manages ? listWaitingInvitations(db, viewer.association.id) : [],
  ]);
  if (!details) throw json({ notFound: "page" }, { status: 404 });
  const tz = viewer.profile.timezone ?? undefined;
  const active = members.filter((m) => m.status === "active");
  const managers = active.filter((m) => mayManageAssociation(m.memberRole)).length;
  return json({
    association: {
      ...details,
      propertyTypeLabel: propertyTypeLabel(details.propertyType),
      fiscalYearStartLabel: MONTH_LABELS[details.fiscalYearStartMonth - 1] ?? "",
      quorum: quorumRequired(details.boardSeats, details.quorumMinimum),
    },
    me: { memberId: viewer.membership.memberId, label: membershipLabel(viewer.membership), manages },
    managers,
    members: active.map((m) => ({
      id: m.id,
      name: m.name,
      email: manages ? m.email : null,
      memberRole: m.memberRole,
      boardOffice: m.boardOffice,
      unit: m.unit,
      joined: m.joinedAt ? dateLabel(m.joinedAt, tz) : "",
    })),
    requests: manages
      ? members
          .filter((m) => m.status === "requested")
          .map((m) => ({
            id: m.id,
            name: m.name,
            email: m.email,
            unit: m.unit,
            asked: dateLabel(m.createdAt, tz),
          }))
      : [],
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: membershipLabel({
        memberRole: i.memberRole as (typeof MEMBER_ROLES)[number],
        boardOffice: i.boardOffice,
        unit: i.unit,
      }),
      expires: dateLabel(i.expiresAt, tz),
    })),
    timeZones: manages ? serverTimeZones() : [],
  });
}

type FormName = "settings" | "invite" | "member";

const refused = (form: FormName, error: AssociationError) =>
  json(
    { form, error: error.message, errors: {} as FieldErrors, values: null },
    { status: domainErrorStatus(error.kind) },
  );

function requireManager(viewer: AssociationViewer) {
  if (!mayManageAssociation(viewer.membership.memberRole)) forbidden();
}

export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await scoped(request, params.id);
  const association = viewer.association;
  const here = `/properties/${association.id}`;
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const db = await getDb();

  if (intent === "leave") {
    const outcome = await removeMember(db, association.id, viewer.membership.memberId);
    if (!outcome.ok) return refused("member", outcome.error);
    return redirectWithFlash("/properties", { tone: "success", message: ASSOCIATION_MESSAGES.left });
  }

  requireManager(viewer);
  if (intent === "settings") {
    const submission = parseWithZod(formData, { schema: AssociationSettingsSchema });
    if (submission.status !== "success") {
      return json(
        {
          form: "settings" as FormName,
          error: "Please correct the highlighted fields and try again.",
          errors: (submission.error ?? {}) as FieldErrors,
          values: submission.reply().initialValue ?? null,
        },
        { status: 400 },
      );
    }
    const v = submission.value;
    await updateAssociationSettings(db, association.id, {
      name: v.name,
      propertyType: v.property_type,
      addressLine: v.address_line,
      city: v.city,
      state: v.state,
      zip: v.zip,
      unitCount: v.unit_count,
      timeZone: v.time_zone,
      fiscalYearStartMonth: v.fiscal_year_start_month,
      boardSeats: v.board_seats,
      quorumMinimum: v.quorum_minimum,
    });
    return redirectWithFlash(here, { tone: "success", message: ASSOCIATION_MESSAGES.settingsSaved });
  }

  if (intent === "invite") {
    const submission = parseWithZod(formData, { schema: InvitationSchema });
    if (submission.status !== "success") {
      return json(
        {
          form: "invite" as FormName,
          error: "Please correct the highlighted fields and try again.",
          errors: (submission.error ?? {}) as FieldErrors,
          values: submission.reply().initialValue ?? null,
        },
        { status: 400 },
      );
    }
    const v = submission.value;
    const outcome = await once(request, viewer.user.id, formData, (db) =>
      createInvitation(
        db,
        { id: association.id, name: association.name },
        { userId: viewer.user.id, name: viewer.profile.fullName?.trim() || viewer.user.email },
        {
          email: v.email,
          memberRole: v.member_role,
          boardOffice: (v.board_office as BoardOffice | undefined) ?? null,
          unit: v.unit,
        },
      ),
    );
    if (!outcome.ok) return refused("invite", outcome.error);
    return redirectWithFlash(here, {
      tone: "success",
      message: `${ASSOCIATION_MESSAGES.invitationSent} to ${v.email}`,
    });
  }

  const submission = parseWithZod(formData, { schema: MemberActionSchema });
  if (submission.status !== "success") {
    return refused("member", { kind: "validation", message: "Choose a member and an action" });
  }
  const v = submission.value;
  switch (v.intent) {
    case "change_office": {
      const outcome = await changeBoardOffice(db, association.id, v.member_id, v.board_office);
      if (!outcome.ok) return refused("member", outcome.error);
      return redirectWithFlash(here, { tone: "success", message: ASSOCIATION_MESSAGES.officeChanged });
    }
    case "remove": {
      const outcome = await removeMember(db, association.id, v.member_id);
      if (!outcome.ok) return refused("member", outcome.error);
      const self = v.member_id === viewer.membership.memberId;
      return redirectWithFlash(self ? "/properties" : here, {
        tone: "success",
        message: self ? ASSOCIATION_MESSAGES.left : ASSOCIATION_MESSAGES.memberRemoved,
      });
    }
    case "revoke": {
      const outcome = await revokeInvitation(db, association.id, v.invitation_id);
      if (!outcome.ok) return refused("invite", outcome.error);
      return redirectWithFlash(here, { tone: "success", message: ASSOCIATION_MESSAGES.invitationRevoked });
    }
    case "approve":
    case "decline": {
      const outcome = await decideJoinRequest(
        db,
        { id: association.id, name: association.name },
        v.member_id,
        v.intent,
      );
      if (!outcome.ok) return refused("member", outcome.error);
      return redirectWithFlash(here, {
        tone: "success",
        message:
          v.intent === "approve"
            ? ASSOCIATION_MESSAGES.requestApproved
            : ASSOCIATION_MESSAGES.requestDeclined,
      });
    }
    case "leave":
      // Handled above; the union names it so that a hand-made post cannot slip past.
      return refused("member", { kind: "validation", message: "Choose a member and an action" });
    default: {
      const never: never = v;
      return never;
    }
  }
}

const card = "rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
const cell = "px-3 py-2 align-top";

function sentValue(values: unknown, name: string, fallback: string) {
  const v = (values as Record<string, unknown> | null)?.[name];
  return typeof v === "string" ? v : fallback;
}

export default function AssociationPage() {
  const {
    association: a,
    me,
    members,
    requests,
    invitations,
    timeZones,
    managers,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errorsOf = (form: FormName): FieldErrors => (actionData?.form === form ? actionData.errors : {});
  const alertFor = (form: FormName) =>
    actionData?.form === form ? (
      <div className="mb-4">
        <Alert title="That did not work">{actionData.error}</Alert>
      </div>
    ) : null;
  const settingsValues = actionData?.form === "settings" ? actionData.values : null;
  const inviteValues = actionData?.form === "invite" ? actionData.values : null;
  const address = [a.addressLine, [a.city, a.state].filter(Boolean).join(", "), a.zip]
    .filter(Boolean)
    .join(" · ");
  const lastManager = me.manages && managers <= 1;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link to="/properties" className="text-blue-700 underline dark:text-blue-400">
            Properties Overview
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-semibold">{a.name}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          {a.propertyTypeLabel}
          {address ? ` · ${address}` : ""} · You: {me.label}
        </p>
      </div>

      <section aria-labelledby="details-title" className={card}>
        <h2 id="details-title" className="text-lg font-semibold">
          Details
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Units</dt>
            <dd className="font-semibold">{a.unitCount}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Time zone</dt>
            <dd className="font-semibold">{a.timeZone.replaceAll("_", " ")}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Fiscal year starts</dt>
            <dd className="font-semibold">{a.fiscalYearStartLabel}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Board seats</dt>
            <dd className="font-semibold">{a.boardSeats}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Quorum</dt>
            <dd className="font-semibold" data-testid="quorum">
              {a.quorum} board {a.quorum === 1 ? "member" : "members"}
              <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                {a.quorumMinimum === null ? "a majority of the board seats" : "set by the association"}
              </span>
            </dd>
          </div>
        </dl>
      </section>

      {me.manages ? (
        <section aria-labelledby="settings-title" className={card}>
          <h2 id="settings-title" className="mb-4 text-lg font-semibold">
            Settings
          </h2>
          {alertFor("settings")}
          <Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="settings" />
            <AssociationDetailsFields
              idPrefix="settings"
              timeZones={timeZones}
              errors={errorsOf("settings")}
              values={{
                name: sentValue(settingsValues, "name", a.name),
                property_type: sentValue(settingsValues, "property_type", a.propertyType),
                address_line: sentValue(settingsValues, "address_line", a.addressLine ?? ""),
                city: sentValue(settingsValues, "city", a.city ?? ""),
                state: sentValue(settingsValues, "state", a.state ?? ""),
                zip: sentValue(settingsValues, "zip", a.zip ?? ""),
                unit_count: sentValue(settingsValues, "unit_count", String(a.unitCount)),
                time_zone: sentValue(settingsValues, "time_zone", a.timeZone),
                fiscal_year_start_month: sentValue(
                  settingsValues,
                  "fiscal_year_start_month",
                  String(a.fiscalYearStartMonth),
                ),
              }}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Board seats"
                id="settings-board_seats"
                name="board_seats"
                type="number"
                min={1}
                max={25}
                required
                defaultValue={sentValue(settingsValues, "board_seats", String(a.boardSeats))}
                errors={errorsOf("settings").board_seats}
              />
              <Field
                label="Quorum (board members; empty: a majority of the seats)"
                id="settings-quorum_minimum"
                name="quorum_minimum"
                type="number"
                min={1}
                max={25}
                defaultValue={sentValue(
                  settingsValues,
                  "quorum_minimum",
                  a.quorumMinimum === null ? "" : String(a.quorumMinimum),
                )}
                errors={errorsOf("settings").quorum_minimum}
              />
            </div>
            <div>
              <Button disabled={busy}>Save settings</Button>
            </div>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="members-title" className={card}>
        <h2 id="members-title" className="mb-3 text-lg font-semibold">
          Members ({members.length})
        </h2>
        {alertFor("member")}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Members of {a.name}</caption>
            <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
              <tr>
                <th scope="col" className={cell}>
                  Member
                </th>
                <th scope="col" className={cell}>
                  Role
                </th>
                <th scope="col" className={cell}>
                  Office or unit
                </th>
                <th scope="col" className={cell}>
                  Joined
                </th>
                {me.manages ? (
                  <th scope="col" className={cell}>
                    Manage
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr
                  key={m.id}
                  data-testid="member-row"
                  className="border-b border-slate-100 dark:border-slate-800"
                >
                  <td className={cell}>
                    <span className="font-medium">{m.name}</span>
                    {m.id === me.memberId ? (
                      <span className="text-slate-600 dark:text-slate-400"> (you)</span>
                    ) : null}
                    {m.email ? <span className="block text-xs text-slate-500">{m.email}</span> : null}
                  </td>
                  <td className={cell}>{MEMBER_ROLE_LABELS[m.memberRole]}</td>
                  <td className={cell}>
                    {m.memberRole === "board_member" && m.boardOffice
                      ? BOARD_OFFICE_LABELS[m.boardOffice]
                      : m.unit
                        ? `Unit ${m.unit}`
                        : "—"}
                  </td>
                  <td className={cell}>{m.joined}</td>
                  {me.manages ? (
                    <td className={cell}>
                      <div className="flex flex-wrap items-end gap-2">
                        {m.memberRole === "board_member" ? (
                          <Form method="post" className="flex items-end gap-1">
                            <input type="hidden" name="intent" value="change_office" />
                            <input type="hidden" name="member_id" value={m.id} />
                            <label className="sr-only" htmlFor={`office-${m.id}`}>
                              Office of {m.name}
                            </label>
                            <select
                              id={`office-${m.id}`}
                              name="board_office"
                              defaultValue={m.boardOffice ?? "director"}
                              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
                            >
                              {BOARD_OFFICES.map((o) => (
                                <option key={o} value={o}>
                                  {BOARD_OFFICE_LABELS[o]}
                                </option>
                              ))}
                            </select>
                            <button type="submit" className={buttonClass("secondary", "px-2 py-1 text-xs")}>
                              Change office<span className="sr-only"> of {m.name}</span>
                            </button>
                          </Form>
                        ) : null}
                        {m.id !== me.memberId ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="remove" />
                            <input type="hidden" name="member_id" value={m.id} />
                            <button type="submit" className={buttonClass("secondary", "px-2 py-1 text-xs")}>
                              Remove<span className="sr-only"> {m.name}</span>
                            </button>
                          </Form>
                        ) : null}
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
          {lastManager ? (
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="cannot-leave">
              You cannot leave: {ASSOCIATION_MESSAGES.lastManager}
            </p>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="leave" />
              <button type="submit" className={buttonClass("secondary")}>
                Leave association
              </button>
            </Form>
          )}
        </div>
      </section>

      {me.manages ? (
        <section aria-labelledby="requests-title" className={card}>
          <h2 id="requests-title" className="mb-3 text-lg font-semibold">
            Join requests ({requests.length})
          </h2>
          {requests.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">No requests are waiting.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {requests.map((r) => (
                <li
                  key={r.id}
                  data-testid="join-request"
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700"
                >
                  <span>
                    <span className="font-medium">{r.name}</span> ({r.email}) asks to join as the owner of
                    unit <strong>{r.unit}</strong>
                    <span className="block text-xs text-slate-500">Asked {r.asked}</span>
                  </span>
                  <span className="flex gap-2">
                    <Form method="post">
                      <input type="hidden" name="member_id" value={r.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="approve"
                        className={buttonClass("primary", "px-3 py-1")}
                      >
                        Approve<span className="sr-only"> {r.name}</span>
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="member_id" value={r.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="decline"
                        className={buttonClass("secondary", "px-3 py-1")}
                      >
                        Decline<span className="sr-only"> {r.name}</span>
                      </button>
                    </Form>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {me.manages ? (
        <section aria-labelledby="invite-title" className={card}>
          <h2 id="invite-title" className="mb-3 text-lg font-semibold">
            Invitations
          </h2>
          {alertFor("invite")}
          <Form method="post" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <input type="hidden" name="intent" value="invite" />
            <IdempotencyKey />
            <Field
              label="Email"
              id="invite-email"
              name="email"
              type="email"
              required
              defaultValue={sentValue(inviteValues, "email", "")}
              errors={errorsOf("invite").email}
            />
            <SelectField
              label="Role"
              id="invite-member_role"
              name="member_role"
              required
              defaultValue={sentValue(inviteValues, "member_role", "homeowner")}
              options={MEMBER_ROLES.map((r) => ({ value: r, label: MEMBER_ROLE_LABELS[r] }))}
              errors={errorsOf("invite").member_role}
            />
            <SelectField
              label="Office (board members)"
              id="invite-board_office"
              name="board_office"
              defaultValue={sentValue(inviteValues, "board_office", "director")}
              options={BOARD_OFFICES.map((o) => ({ value: o, label: BOARD_OFFICE_LABELS[o] }))}
              errors={errorsOf("invite").board_office}
            />
            <Field
              label="Unit (homeowners)"
              id="invite-unit"
              name="unit"
              maxLength={40}
              defaultValue={sentValue(inviteValues, "unit", "")}
              errors={errorsOf("invite").unit}
            />
            <div className="sm:col-span-2 lg:col-span-4">
              <Button disabled={busy}>Send invitation</Button>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                The link works once and expires in 7 days. Someone without an account creates one through it.
              </p>
            </div>
          </Form>
          <h3 className="mt-6 font-semibold">Waiting ({invitations.length})</h3>
          {invitations.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">No invitations are waiting.</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2">
              {invitations.map((i) => (
                <li
                  key={i.id}
                  data-testid="invitation"
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700"
                >
                  <span>
                    <span className="font-medium">{i.email}</span> · {i.role}
                    <span className="block text-xs text-slate-500">Expires {i.expires}</span>
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="invitation_id" value={i.id} />
                    <button type="submit" className={buttonClass("secondary", "px-3 py-1")}>
                      Revoke<span className="sr-only"> the invitation of {i.email}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
