import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, SignUpSchema } from "@domain/rules/accounts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { createUserSession, requireAnonymous } from "~/auth/session.server";
import { createAccount, EmailTakenError } from "~/commands/accounts.server";
import { AuthCard } from "~/components/shell/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { getDb } from "~/db.server";

export const meta: MetaFunction = () => [{ title: "Create your account · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  if (submission.status !== "success") {
    return json(
      { result: submission.reply({ hideFields: ["password"] }), formError: AUTH_MESSAGES.signUpFailed },
      { status: 400 },
    );
  }
  try {
    const user = await createAccount(await getDb(), submission.value);
    return await createUserSession(request, user.id, "/dashboard");
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    return json(
      {
        result: submission.reply({
          fieldErrors: { email: [AUTH_MESSAGES.emailTaken] },
          hideFields: ["password"],
        }),
        formError: AUTH_MESSAGES.signUpFailed,
      },
      { status: 409 },
    );
  }
}

export default function SignUp() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm<z.input<typeof SignUpSchema>>({
    id: "sign-up",
    lastResult: actionData?.result,
    shouldRevalidate: "onInput",
    constraint: { email: { required: true }, password: { required: true, minLength: PASSWORD_MIN_LENGTH } },
  });
  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Already have an account?{" "}
          <Link to="/auth/sign-in" className="font-medium text-blue-700 underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        {actionData?.formError ? (
          <Alert title={actionData.formError}>Please correct the highlighted fields and try again.</Alert>
        ) : null}
        <Field
          label="Email"
          autoComplete="email"
          errors={fields.email.errors}
          {...getInputProps(fields.email, { type: "email" })}
        />
        <Field
          label="Password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          errors={fields.password.errors}
          {...getInputProps(fields.password, { type: "password" })}
        />
        <Field
          label="Full name (optional)"
          autoComplete="name"
          errors={fields.full_name.errors}
          {...getInputProps(fields.full_name, { type: "text" })}
        />
        <Field
          label="Phone (optional)"
          autoComplete="tel"
          errors={fields.phone.errors}
          {...getInputProps(fields.phone, { type: "tel" })}
        />
        <Field
          label="Location (optional)"
          autoComplete="address-level2"
          errors={fields.location.errors}
          {...getInputProps(fields.location, { type: "text" })}
        />
        <Button disabled={busy}>{busy ? "Creating account..." : "Create account"}</Button>
      </Form>
    </AuthCard>
  );
}
