import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { BOARD_OFFICE_LABELS, BOARD_OFFICES, MEMBER_ROLE_LABELS } from "@domain/associations";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AssociationDetailsFields, shownValue } from "~/components/associations/details-fields";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { SelectField } from "~/components/ui/select-field";
import { newAssociationAction, newAssociationLoader } from "./_app.properties.new.server";

export const meta: MetaFunction = () => [{ title: "Create Association · Association Commons" }];

/** Its loader and action (the schema with them) are in _app.properties.new.server.ts. */
export const loader = (args: LoaderFunctionArgs) => newAssociationLoader(args);
export const action = (args: ActionFunctionArgs) => newAssociationAction(args);

export default function NewAssociation() {
  const { roles, timeZones, defaultTimeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Checked on the server only (decision 056); the refused form comes back with its values.
  const [form, fields] = useForm({
    id: "new-association",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    defaultValue: {
      name: "",
      property_type: "",
      address_line: "",
      city: "",
      state: "",
      zip: "",
      unit_count: "",
      time_zone: defaultTimeZone,
      fiscal_year_start_month: "1",
      creator_role: roles[0] ?? "",
      board_office: "president",
    },
  });
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
      <Form method="post" className="mt-6 flex flex-col gap-6" {...getFormProps(form)}>
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
            key={form.key}
            idPrefix="new"
            timeZones={timeZones}
            errors={form.allErrors}
            values={{
              name: shownValue(fields.name.initialValue),
              property_type: shownValue(fields.property_type.initialValue),
              address_line: shownValue(fields.address_line.initialValue),
              city: shownValue(fields.city.initialValue),
              state: shownValue(fields.state.initialValue),
              zip: shownValue(fields.zip.initialValue),
              unit_count: shownValue(fields.unit_count.initialValue),
              time_zone: shownValue(fields.time_zone.initialValue),
              fiscal_year_start_month: shownValue(fields.fiscal_year_start_month.initialValue),
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
              {...getSelectProps(fields.creator_role, { ariaAttributes: false })}
              id="new-creator_role"
              required
              options={roles.map((r) => ({ value: r, label: MEMBER_ROLE_LABELS[r] }))}
              errors={fields.creator_role.errors}
            />
            {roles.includes("board_member") ? (
              <SelectField
                label="Office (board members)"
                {...getSelectProps(fields.board_office, { ariaAttributes: false })}
                id="new-board_office"
                options={BOARD_OFFICES.map((o) => ({ value: o, label: BOARD_OFFICE_LABELS[o] }))}
                errors={fields.board_office.errors}
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
