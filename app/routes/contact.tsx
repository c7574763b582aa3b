import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  ContactSchema,
  isContactTopic,
} from "@domain/rules/contact";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { limitAttempts } from "~/auth/auth-limits.server";
import { getSessionUser } from "~/auth/session.server";
import { storeContactMessage } from "~/commands/contact.server";
import { GuestLayout, PageHero } from "~/components/marketing/guest-layout";
import { TextareaField } from "~/components/onboarding/textarea-field";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Honeypot } from "~/components/ui/honeypot";
import { CheckCircle2, CircleHelp as HelpCircle, Mail } from "~/components/ui/icons";
import { SelectField } from "~/components/ui/select-field";
import { getDb } from "~/db.server";
import { readForm } from "~/forms.server";
import { honeypotRefusal, honeypotStamp } from "~/honeypot.server";
import { clientIp } from "~/load-context";

export const meta: MetaFunction = () => [{ title: "Contact us · Association Commons" }];

const TOPIC_OPTIONS = CONTACT_TOPICS.map((t) => ({ value: t, label: CONTACT_TOPIC_LABELS[t] }));
const FIX_FIELDS = "Please correct the highlighted fields and try again.";

/** ?sent=1 after a message was stored (post/redirect/get); ?topic= preselects a topic. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getSessionUser(request);
  const topic = url.searchParams.get("topic");
  return json({
    signedIn: Boolean(user),
    sent: url.searchParams.get("sent") === "1",
    honeypot: honeypotStamp(),
    defaults: {
      name: user?.fullName ?? "",
      email: user?.email ?? "",
      topic: isContactTopic(topic) ? topic : "",
    },
  });
}

/** Stores the message in contact_messages; a honeypot, then a per-address limit keep bots out. */
export async function action({ request, context }: ActionFunctionArgs) {
  // The address limit runs before the body is read.
  const db = await getDb();
  const ip = clientIp(context);
  const limited = await limitAttempts(db, ["contact_ip", ip]);
  if (limited) return limited;
  const formData = await readForm(request);
  // The honeypot and its signed timestamp (issue 11, part 4.3): a bot is refused before anything else.
  const bot = honeypotRefusal(formData);
  if (bot) return json({ formError: bot }, { status: 400 });
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") {
    return json(
      { result: submission.reply(), formError: { title: CONTACT_MESSAGES.sendFailed, message: FIX_FIELDS } },
      { status: 400 },
    );
  }
  const user = await getSessionUser(request);
  await storeContactMessage(db, submission.value, {
    userId: user?.id ?? null,
    ipAddress: ip === "unknown" ? null : ip,
  });
  return redirect("/contact?sent=1");
}

export default function Contact() {
  const { signedIn, sent, defaults, honeypot } = useLoaderData<typeof loader>();
  return (
    <GuestLayout signedIn={signedIn}>
      <PageHero
        eyebrow="Contact"
        title="Contact us"
        lead="Questions about the platform for your association or company, your account, verification or vendor credits: write to us and a person answers."
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[2fr_1fr]">
        <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {sent ? <Sent /> : <ContactForm defaults={defaults} honeypot={honeypot} />}
        </div>
        <aside className="space-y-6 text-sm text-slate-600">
          <div className="flex gap-3">
            <HelpCircle aria-hidden="true" className="h-5 w-5 shrink-0 text-blue-700" />
            <p>
              Many answers are already in the{" "}
              <Link to="/help" className="font-medium text-blue-700 underline">
                Help Center
              </Link>
              : accounts, roles, verification, credits and proposals.
            </p>
          </div>
          <div className="flex gap-3">
            <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-blue-700" />
            <p>{CONTACT_MESSAGES.sent}</p>
          </div>
        </aside>
      </div>
    </GuestLayout>
  );
}

function Sent() {
  return (
    <div role="status" className="flex flex-col items-start gap-4">
      <CheckCircle2 aria-hidden="true" className="h-10 w-10 text-green-600" />
      <h2 className="text-2xl font-semibold text-slate-900">{CONTACT_MESSAGES.sentTitle}</h2>
      <p className="text-slate-600">{CONTACT_MESSAGES.sent}</p>
      <Link to="/contact" className="font-medium text-blue-700 underline">
        Send another message
      </Link>
    </div>
  );
}

function ContactForm({
  defaults,
  honeypot,
}: {
  defaults: { name: string; email: string; topic: string };
  honeypot: string;
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm<z.input<typeof ContactSchema>>({
    id: "contact",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
    constraint: {
      name: { required: true, maxLength: CONTACT_LIMITS.nameMax },
      email: { required: true },
      topic: { required: true },
      message: { required: true, minLength: CONTACT_LIMITS.messageMin, maxLength: CONTACT_LIMITS.messageMax },
    },
  });
  return (
    <Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
      <h2 className="text-xl font-semibold text-slate-900">Send us a message</h2>
      {actionData?.formError ? (
        <Alert title={actionData.formError.title}>{actionData.formError.message}</Alert>
      ) : null}
      <Honeypot stamp={honeypot} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Name"
          autoComplete="name"
          errors={fields.name.errors}
          {...getInputProps(fields.name, { type: "text" })}
        />
        <Field
          label="Email"
          autoComplete="email"
          errors={fields.email.errors}
          {...getInputProps(fields.email, { type: "email" })}
        />
      </div>
      <Field
        label="Organization (optional)"
        autoComplete="organization"
        errors={fields.organization.errors}
        {...getInputProps(fields.organization, { type: "text" })}
      />
      <SelectField
        label="Topic"
        placeholder="Choose a topic"
        options={TOPIC_OPTIONS}
        errors={fields.topic.errors}
        {...getSelectProps(fields.topic)}
      />
      <TextareaField
        label="Message"
        rows={6}
        hint={`At least ${CONTACT_LIMITS.messageMin} characters.`}
        errors={fields.message.errors}
        {...getTextareaProps(fields.message)}
      />
      <div>
        <Button disabled={busy}>{busy ? "Sending..." : "Send message"}</Button>
      </div>
    </Form>
  );
}
