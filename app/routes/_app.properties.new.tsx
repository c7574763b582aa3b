import { parseWithZod } from "@conform-to/zod";
import {
  ASSOCIATION_MESSAGES,
  BOARD_OFFICE_LABELS,
  BOARD_OFFICES,
  CREATOR_ROLE_FOR,
  MEMBER_ROLE_LABELS,
  type MemberRole,
} from "@domain/associations";
import { CreateAssociationSchema } from "@domain/associations/forms";
import { isRoleVerified } from "@domain/roles";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { type ActiveViewer, forbidden, requireContext } from "~/auth/guards.server";
import { createAssociation } from "~/commands/associations.server";
import {
  AssociationDetailsFields,
  type FieldErrors,
  serverTimeZones,
} from "~/components/associations/details-fields";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { Link } from "~/components/ui/link";
import { SelectField } from "~/components/ui/select-field";
import { redirectWithFlash } from "~/flash.server";
import { readForm } from "~/forms.server";
import { once } from "~/idempotency.server";

export const meta: MetaFunction = () => [{ title: "Create Association · Association Commons" }];

/**
 * How the person may belong to a new association: one choice per verified, current board member or
 * property manager role they hold. None: they may not create one (issue 12, section 1).
 */
function creatorRoles(viewer: ActiveViewer): MemberRole[] {
  const roles = new Set<MemberRole>();
  for (const r of viewer.roles) {
    const memberRole = CREATOR_ROLE_FOR[r.roleType];
    if (memberRole && r.isCurrent && isRoleVerified(r.verificationStatus)) roles.add(memberRole);
  }
  return [...roles];
}

async function requireCreator(request: Request) {
  const viewer = await requireContext(request);
  const roles = creatorRoles(viewer);
  if (roles.length === 0) forbidden(ASSOCIATION_MESSAGES.notVerified);
  return { viewer, roles };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { viewer, roles } = await requireCreator(request);
  return json({
    roles,
    timeZones: serverTimeZones(),
    defaultTimeZone: viewer.profile.timezone || "America/New_York",
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { viewer, roles } = await requireCreator(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: CreateAssociationSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), errors: submission.error ?? {} }, { status: 400 });
  }
  const v = submission.value;
  if (!roles.includes(v.creator_role)) {
    const errors = { creator_role: [ASSOCIATION_MESSAGES.notVerified] };
    return json({ result: submission.reply({ fieldErrors: errors }), errors }, { status: 403 });
  }
  const { id } = await once(request, viewer.user.id, formData, (db) =>
    createAssociation(
      db,
      {
        name: v.name,
        propertyType: v.property_type,
        addressLine: v.address_line,
        city: v.city,
        state: v.state,
        zip: v.zip,
        unitCount: v.unit_count,
        timeZone: v.time_zone,
        fiscalYearStartMonth: v.fiscal_year_start_month,
      },
      {
        userId: viewer.user.id,
        memberRole: v.creator_role,
        boardOffice: v.creator_role === "board_member" ? (v.board_office ?? "president") : null,
      },
    ),
  );
  return redirectWithFlash(`/properties/${id}`, { tone: "success", message: ASSOCIATION_MESSAGES.created });
}

const text = (formData: unknown, name: string) => {
  const value = (formData as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : "";
};

export default function NewAssociation() {
  const { roles, timeZones, defaultTimeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors: FieldErrors = (actionData?.errors as FieldErrors | undefined) ?? {};
  const sent = actionData?.result.initialValue;
  const value = (name: string, fallback = "") => (sent ? text(sent, name) : fallback);
  return (
    <div className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link to="/properties" className="text-blue-700 underline dark:text-blue-400">
          Properties Overview
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold">Create Association</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        You will be its first member. You can invite the board, the manager and homeowners next.
      </p>
      <Form method="post" className="mt-6 flex flex-col gap-6" noValidate={false}>
        <IdempotencyKey />
        {actionData ? (
          <Alert title="The association was not created">
            Please correct the highlighted fields and try again.
          </Alert>
        ) : null}
        <section
          aria-labelledby="details-title"
          className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="details-title" className="mb-4 text-lg font-semibold">
            Association
          </h2>
          <AssociationDetailsFields
            idPrefix="new"
            timeZones={timeZones}
            errors={errors}
            values={{
              name: value("name"),
              property_type: value("property_type"),
              address_line: value("address_line"),
              city: value("city"),
              state: value("state"),
              zip: value("zip"),
              unit_count: value("unit_count"),
              time_zone: value("time_zone", defaultTimeZone),
              fiscal_year_start_month: value("fiscal_year_start_month", "1"),
            }}
          />
        </section>
        <section
          aria-labelledby="creator-title"
          className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="creator-title" className="mb-4 text-lg font-semibold">
            Your place in it
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="You join as"
              name="creator_role"
              id="new-creator_role"
              required
              defaultValue={value("creator_role", roles[0])}
              options={roles.map((r) => ({ value: r, label: MEMBER_ROLE_LABELS[r] }))}
              errors={errors.creator_role}
            />
            {roles.includes("board_member") ? (
              <SelectField
                label="Office (board members)"
                name="board_office"
                id="new-board_office"
                defaultValue={value("board_office", "president")}
                options={BOARD_OFFICES.map((o) => ({ value: o, label: BOARD_OFFICE_LABELS[o] }))}
                errors={errors.board_office}
              />
            ) : null}
          </div>
        </section>
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy}>{busy ? "Creating..." : "Create Association"}</Button>
          <Link to="/properties" className={buttonClass("secondary")}>
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
