import {
  ROLE_LABELS,
  type RoleType,
  VERIFICATION_STATUS_LABELS,
  type VerificationStatus,
} from "@domain/roles";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { setAccountDisabled } from "~/commands/admin-users.server";
import { AdminTable, adminCell, adminRow } from "~/components/admin/admin-table";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { ADMIN_USERS_LIMIT, searchUsersForAdmin } from "~/queries/admin-users.server";
import { dateLabel } from "~/queries/rfp-present.server";
import { parseAccountForm } from "./_app.admin_.users.server";

export const meta: MetaFunction = () => [{ title: "Admin · Users · Association Commons" }];

/** The list's address, keeping the search and (optionally) the account awaiting confirmation. */
const usersHref = (q: string, confirm?: string) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (confirm) params.set("confirm", confirm);
  const search = params.toString();
  return `/admin/users${search ? `?${search}` : ""}`;
};

/**
 * The admin panel's users (issue 5 part 8): search, roles and their verification, disable an account.
 * Disabling asks for confirmation first (issue 11, part 5.3): "Disable" opens ?confirm=<id>, a plain
 * link, so the step works without JavaScript; only the confirmation's form disables.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const searchParams = new URL(request.url).searchParams;
  const q = (searchParams.get("q") ?? "").trim().slice(0, 100);
  const confirmId = searchParams.get("confirm");
  const rows = await searchUsersForAdmin(await getDb(), q);
  const tz = admin.profile.timezone ?? undefined;
  const toConfirm = rows.find((u) => u.id === confirmId && u.id !== admin.user.id && u.disabledAt === null);
  return json({
    confirm: toConfirm ? { id: toConfirm.id, email: toConfirm.email, name: toConfirm.fullName } : null,
    q,
    limit: ADMIN_USERS_LIMIT,
    selfId: admin.user.id,
    users: rows.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.fullName,
      joined: dateLabel(u.createdAt, tz),
      disabled: u.disabledAt !== null,
      roles: u.roles.map((r) => ({
        label: ROLE_LABELS[r.roleType as RoleType] ?? r.roleType,
        status:
          VERIFICATION_STATUS_LABELS[r.verificationStatus as VerificationStatus] ?? r.verificationStatus,
      })),
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const { submission } = await parseAccountForm(request);
  if (submission.status !== "success") {
    return json({ error: "Choose an account and an action" }, { status: 400 });
  }
  const input = submission.value;
  const { user_id: userId, q = "" } = input;
  if (userId === admin.user.id)
    return json({ error: "You cannot disable your own account" }, { status: 409 });
  // Not confirmed yet (an old page, a hand-made post): show the confirmation instead.
  if (input.intent === "disable" && input.confirmed !== "yes") return redirect(usersHref(q, userId));
  const found = await setAccountDisabled(await getDb(), userId, input.intent === "disable");
  if (!found) return json({ error: "Account not found" }, { status: 404 });
  return redirectWithFlash(usersHref(q), {
    tone: "success",
    message: input.intent === "disable" ? "Account disabled and signed out everywhere" : "Account enabled",
  });
}

export default function AdminUsers() {
  const { q, users, selfId, limit, confirm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-semibold">Admin Panel</h1>
      <AdminTabs current="users" />
      <Form method="get" className="mt-4 flex flex-wrap gap-2" role="search" aria-label="Users">
        <input
          type="search"
          name="q"
          defaultValue={q}
          aria-label="Search users by name or e-mail"
          placeholder="Name or e-mail"
          className="min-w-0 flex-1 basis-64 rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <button type="submit" className={buttonClass("primary")}>
          Search
        </button>
      </Form>
      {actionData && "error" in actionData ? (
        <div className="mt-4">
          <Alert title="That did not work">{actionData.error}</Alert>
        </div>
      ) : null}
      {confirm ? (
        <section
          aria-labelledby="confirm-disable-title"
          className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950"
        >
          <h2 id="confirm-disable-title" className="font-semibold">
            Disable {confirm.name ?? confirm.email}?
          </h2>
          <p className="mt-1 text-sm">
            {confirm.email} will be signed out everywhere and cannot sign in until an administrator enables
            the account again.
          </p>
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="user_id" value={confirm.id} />
            <input type="hidden" name="q" value={q} />
            <input type="hidden" name="confirmed" value="yes" />
            <button type="submit" name="intent" value="disable" className={buttonClass("primary")}>
              Disable account
            </button>
            <Link to={usersHref(q)} className={buttonClass("secondary")}>
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        {users.length === 0
          ? "No accounts match."
          : `${users.length} ${users.length === 1 ? "account" : "accounts"}${users.length === limit ? ` (the first ${limit}; narrow the search)` : ""}.`}
      </p>
      {users.length > 0 ? (
        <AdminTable caption="Accounts" columns={["Person", "Roles (verification)", "Joined", "Account"]}>
          {users.map((u) => (
            <tr key={u.id} data-testid="admin-user" className={adminRow}>
              <td className={adminCell}>
                <span className="font-medium">{u.name ?? "—"}</span>
                <span className="block text-xs text-slate-500">{u.email}</span>
              </td>
              <td className={adminCell}>
                {u.roles.length === 0 ? (
                  <span className="text-slate-500">No role yet</span>
                ) : (
                  <ul>
                    {u.roles.map((r) => (
                      <li key={`${r.label}-${r.status}`}>
                        {r.label} <span className="text-xs text-slate-500">({r.status})</span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td className={adminCell}>{u.joined}</td>
              <td className={adminCell}>
                <span
                  data-testid="account-state"
                  className={u.disabled ? "font-semibold text-red-700 dark:text-red-400" : ""}
                >
                  {u.disabled ? "Disabled" : "Active"}
                </span>
                {u.id !== selfId && !u.disabled ? (
                  <Link
                    to={usersHref(q, u.id)}
                    className={buttonClass("secondary", "mt-1 px-2 py-1 text-xs")}
                  >
                    Disable<span className="sr-only"> {u.email}</span>
                  </Link>
                ) : null}
                {u.id !== selfId && u.disabled ? (
                  <Form method="post" className="mt-1">
                    <input type="hidden" name="user_id" value={u.id} />
                    <input type="hidden" name="q" value={q} />
                    <button
                      type="submit"
                      name="intent"
                      value="enable"
                      className={buttonClass("secondary", "px-2 py-1 text-xs")}
                    >
                      Enable
                      <span className="sr-only"> {u.email}</span>
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
    </div>
  );
}
