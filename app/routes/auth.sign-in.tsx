import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { AUTH_MESSAGES, type SignInSchema } from "@domain/rules/accounts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import type { z } from "zod";
import { authenticator, InvalidCredentialsError } from "~/auth/authenticator.server";
import { createUserSession, requireAnonymous, safeRedirect } from "~/auth/session.server";
import { AuthCard } from "~/components/shell/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";

export const meta: MetaFunction = () => [{ title: "Sign in · Association Commons" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));
  try {
    const user = await authenticator.authenticate("form", request);
    return await createUserSession(request, user.id, redirectTo);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      return json(
        { formError: { title: AUTH_MESSAGES.signInFailed, message: AUTH_MESSAGES.invalidCredentials } },
        { status: 401 },
      );
    }
    throw error;
  }
}

export default function SignIn() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Sign-in has no client-side rules (spec 000 section 5): the server answers.
  const [form, fields] = useForm<z.input<typeof SignInSchema>>({
    id: "sign-in",
    constraint: { email: { required: true }, password: { required: true } },
  });
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <AuthCard
      title="Sign in"
      subtitle={
        <>
          New here?{" "}
          <Link to="/auth/sign-up" className="font-medium text-blue-700 underline">
            Create an account
          </Link>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        {actionData?.formError ? (
          <Alert title={actionData.formError.title}>{actionData.formError.message}</Alert>
        ) : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email" autoComplete="email" {...getInputProps(fields.email, { type: "email" })} />
        <Field
          label="Password"
          autoComplete="current-password"
          {...getInputProps(fields.password, { type: "password" })}
        />
        <Button disabled={busy}>{busy ? "Signing in..." : "Sign In"}</Button>
      </Form>
    </AuthCard>
  );
}
