import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { EmailLinkRequestSchema } from "@domain/rules/email-tokens";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { AuthCard } from "~/components/shell/auth-card";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";

type Problem = { title: string; message: string };

/** The "send me a link" card of the password reset and sign-in link pages, with its neutral "sent" note. */
export function EmailLinkRequestCard(props: {
  id: string;
  title: string;
  subtitle: ReactNode;
  intro: string;
  sent: boolean;
  sentMessage: string;
  buttonLabel: string;
  honeypot: string;
  lastResult: SubmissionResult<string[]> | undefined;
  formError: Problem | null;
  busy: boolean;
}) {
  const [form, fields] = useForm<z.input<typeof EmailLinkRequestSchema>>({
    id: props.id,
    lastResult: props.lastResult,
    constraint: { email: { required: true } },
  });
  return (
    <AuthCard title={props.title} subtitle={props.subtitle}>
      {props.sent ? (
        <div
          role="status"
          className="mb-4 rounded-md border border-blue-300 bg-blue-50 p-3 text-sm text-blue-900"
        >
          <p className="font-semibold">Check your email</p>
          <p className="mt-1">{props.sentMessage}</p>
        </div>
      ) : null}
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        {props.formError ? <Alert title={props.formError.title}>{props.formError.message}</Alert> : null}
        <p className="text-sm text-slate-700">{props.intro}</p>
        <Honeypot stamp={props.honeypot} />
        <input type="hidden" name="intent" value="request" />
        <Field
          label="Email"
          autoComplete="email"
          errors={fields.email.errors}
          {...getInputProps(fields.email, { type: "email" })}
        />
        <Button disabled={props.busy}>{props.busy ? "Sending..." : props.buttonLabel}</Button>
      </Form>
    </AuthCard>
  );
}

/** A used, expired or unknown link: what went wrong and where to ask for a new one. */
export function EmailLinkProblemCard(props: {
  title: string;
  subtitle: ReactNode;
  problem: Problem;
  retryHref: string;
  retryLabel: string;
}) {
  return (
    <AuthCard title={props.title} subtitle={props.subtitle}>
      <div className="flex flex-col gap-4">
        <Alert title={props.problem.title}>{props.problem.message}</Alert>
        <Link to={props.retryHref} className="text-sm font-medium text-blue-700 underline">
          {props.retryLabel}
        </Link>
      </div>
    </AuthCard>
  );
}
