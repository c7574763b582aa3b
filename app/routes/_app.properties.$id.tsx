import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import {
  ASSOCIATION_MESSAGES,
  BOARD_OFFICE_LABELS,
  BOARD_OFFICES,
  MEMBER_ROLE_LABELS,
  MEMBER_ROLES,
} from "@domain/associations";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AssociationDetailsFields, shownValue } from "~/components/associations/details-fields";
import { ConnectionActions } from "~/components/network/connection-actions";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { SelectField } from "~/components/ui/select-field";
import {
  type AssociationActionData,
  associationAction,
  associationLoader,
  type FormName,
} from "~/routes/_app.properties.$id.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.association.name ?? "Association"} · Properties · Association Commons` },
];

/**
 * One association (issue 12, section 1): details and settings, members, join requests and invitations
 * (loader, action and the forms' one schema in _app.properties.$id.server.ts). Members only.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => associationLoader(request, params.id);

export const action = ({ request, params }: ActionFunctionArgs) => associationAction(request, params.id);

const card = "rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
const cell = "px-3 py-2 align-top";

/** A field's value as the form shows it: what was typed (after a refused post) or what is stored. */

export default function AssociationPage() {
  const {
    association: a,
    me,
    members,
    requests,
    invitations,
    timeZones,
    managers,
    viewerId,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AssociationActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [settingsForm, settings] = useForm({
    id: "settings",
    lastResult: actionData?.form === "settings" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    defaultValue: {
      name: a.name,
      property_type: a.propertyType,
      address_line: a.addressLine ?? "",
      city: a.city ?? "",
      state: a.state ?? "",
      zip: a.zip ?? "",
      unit_count: String(a.unitCount),
      time_zone: a.timeZone,
      fiscal_year_start_month: String(a.fiscalYearStartMonth),
      board_seats: String(a.boardSeats),
      quorum_minimum: a.quorumMinimum === null ? "" : String(a.quorumMinimum),
    },
  });
  const [inviteForm, invite] = useForm({
    id: "invite",
    lastResult: actionData?.form === "invite" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    defaultValue: { email: "", member_role: "homeowner", board_office: "director", unit: "" },
  });
  const alertFor = (form: FormName) =>
    actionData?.form === form ? (
      <div className="mb-4">
        <Alert title="That did not work">{actionData.error}</Alert>
      </div>
    ) : null;
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
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(settingsForm)}>
            <input type="hidden" name="intent" value="settings" />
            <AssociationDetailsFields
              key={settingsForm.key}
              idPrefix="settings"
              timeZones={timeZones}
              errors={settingsForm.allErrors}
              values={{
                name: shownValue(settings.name.initialValue),
                property_type: shownValue(settings.property_type.initialValue),
                address_line: shownValue(settings.address_line.initialValue),
                city: shownValue(settings.city.initialValue),
                state: shownValue(settings.state.initialValue),
                zip: shownValue(settings.zip.initialValue),
                unit_count: shownValue(settings.unit_count.initialValue),
                time_zone: shownValue(settings.time_zone.initialValue),
                fiscal_year_start_month: shownValue(settings.fiscal_year_start_month.initialValue),
              }}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Board seats"
                {...getInputProps(settings.board_seats, { type: "number", ariaAttributes: false })}
                min={1}
                max={25}
                required
                errors={settings.board_seats.errors}
              />
              <Field
                label="Quorum (board members; empty: a majority of the seats)"
                {...getInputProps(settings.quorum_minimum, { type: "number", ariaAttributes: false })}
                min={1}
                max={25}
                errors={settings.quorum_minimum.errors}
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
                    {m.connection ? (
                      <div className="mt-1">
                        <ConnectionActions
                          viewerId={viewerId}
                          person={{ id: m.userId, name: m.name }}
                          pair={m.connection}
                          redirectTo={`/properties/${a.id}`}
                          showRemove={false}
                          hideBlocked
                        />
                      </div>
                    ) : null}
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
          <Form
            method="post"
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
            {...getFormProps(inviteForm)}
          >
            <input type="hidden" name="intent" value="invite" />
            <IdempotencyKey />
            <Field
              label="Email"
              {...getInputProps(invite.email, { type: "email", ariaAttributes: false })}
              required
              errors={invite.email.errors}
            />
            <SelectField
              label="Role"
              {...getSelectProps(invite.member_role, { ariaAttributes: false })}
              required
              options={MEMBER_ROLES.map((r) => ({ value: r, label: MEMBER_ROLE_LABELS[r] }))}
              errors={invite.member_role.errors}
            />
            <SelectField
              label="Office (board members)"
              {...getSelectProps(invite.board_office, { ariaAttributes: false })}
              options={BOARD_OFFICES.map((o) => ({ value: o, label: BOARD_OFFICE_LABELS[o] }))}
              errors={invite.board_office.errors}
            />
            <Field
              label="Unit (homeowners)"
              {...getInputProps(invite.unit, { type: "text", ariaAttributes: false })}
              maxLength={40}
              errors={invite.unit.errors}
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
