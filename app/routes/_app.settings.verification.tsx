import type { SubmissionResult } from "@conform-to/react";
import {
  ROLE_LABELS,
  requiresVerification,
  VERIFICATION_METHOD_HINTS,
  VERIFICATION_METHOD_LABELS,
  VERIFICATION_REVIEW_TIME,
  VERIFICATION_STATUS_LABELS,
  type VerificationMethod,
  type VerificationStatus,
  verificationMethodsFor,
} from "@domain/roles";
import { ONBOARDING_MESSAGES } from "@domain/rules/onboarding";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/auth/session.server";
import {
  authorizeVerification,
  readVerificationSubmission,
  submitVerification,
  VerificationNotAllowedError,
} from "~/commands/verification.server";
import { VerificationForm } from "~/components/onboarding/verification-form";
import { SettingsSection } from "~/components/settings/controls";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db.server";
import { redirectWithFlash } from "~/flash.server";
import { getVerificationOverview } from "~/queries/verification.server";

export const meta: MetaFunction = () => [{ title: "Verification · Settings · Association Commons" }];

/** Roles in these states can be (re)submitted here. */
const OPEN_STATUSES = ["pending", "rejected"];

const RoleIdSchema = z.string().uuid();

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const roles = await getVerificationOverview(await getDb(), user.id);
  return json({
    roles: roles.map((role) => ({
      id: role.id,
      label: ROLE_LABELS[role.roleType],
      title: role.title,
      organizationName: role.organizationName,
      status: (role.status in VERIFICATION_STATUS_LABELS ? role.status : "pending") as VerificationStatus,
      methodLabel: role.method
        ? (VERIFICATION_METHOD_LABELS[role.method as VerificationMethod] ?? null)
        : null,
      reference: role.reference,
      submittedAt: role.submittedAt,
      rejectionReason: role.rejectionReason,
      documents: role.documents.map((d) => ({ id: d.id, fileName: d.fileName, sizeBytes: d.sizeBytes })),
      canSubmit: requiresVerification(role.roleType) && OPEN_STATUSES.includes(role.status),
      defaultMethod: (role.method as VerificationMethod | null) ?? "document_upload",
      methods: verificationMethodsFor(role.roleType).map((m) => ({
        value: m,
        label: VERIFICATION_METHOD_LABELS[m],
        hint: VERIFICATION_METHOD_HINTS[m],
      })),
    })),
  });
}

type ActionData = { roleId: string; result?: SubmissionResult<string[]>; formError?: string };

/**
 * The role comes in the address (`?roleId=`, the form's action), so the person and the role are
 * authorized before a byte of the documents is read (issue 11, part 2.4): a refused request is answered
 * with its body unread.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const roleId = RoleIdSchema.safeParse(new URL(request.url).searchParams.get("roleId"));
  if (!roleId.success) {
    return json<ActionData>(
      { roleId: "", formError: ONBOARDING_MESSAGES.submitVerificationFailed },
      { status: 400 },
    );
  }
  try {
    await authorizeVerification(await getDb(), user.id, roleId.data);
  } catch (error) {
    if (!(error instanceof VerificationNotAllowedError)) throw error;
    return json<ActionData>(
      { roleId: roleId.data, formError: ONBOARDING_MESSAGES.submitVerificationFailed },
      { status: 409 },
    );
  }
  const read = await readVerificationSubmission(request);
  if (!read.value) {
    return json<ActionData>({ roleId: roleId.data, result: read.errorReply ?? undefined }, { status: 400 });
  }
  try {
    await submitVerification(await getDb(), user.id, roleId.data, read.value, read.accepted);
  } catch (error) {
    if (!(error instanceof VerificationNotAllowedError)) console.error("settings verification", error);
    return json<ActionData>(
      { roleId: roleId.data, result: read.reply(), formError: ONBOARDING_MESSAGES.submitVerificationFailed },
      { status: error instanceof VerificationNotAllowedError ? 409 : 500 },
    );
  }
  return redirectWithFlash("/settings/verification", {
    message: `Verification submitted. ${VERIFICATION_REVIEW_TIME}.`,
    tone: "success",
  });
}

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const STATUS_STYLES: Record<VerificationStatus, string> = {
  not_required: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  submitted: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100",
  verified: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  rejected: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

export default function VerificationSettings() {
  const { roles } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Verified professionals earn more trust and unlock everything their role can do.{" "}
        {VERIFICATION_REVIEW_TIME}.
      </p>
      {roles.length === 0 ? (
        <SettingsSection id="no-roles" title="No roles yet">
          <p className="text-sm">
            Add a professional role first:{" "}
            <Link to="/onboarding" className="font-medium text-blue-700 underline dark:text-blue-300">
              continue onboarding
            </Link>{" "}
            or{" "}
            <Link to="/settings/roles" className="font-medium text-blue-700 underline dark:text-blue-300">
              add a role
            </Link>
            .
          </p>
        </SettingsSection>
      ) : null}
      {roles.map((role) => {
        const mine = actionData?.roleId === role.id ? actionData : undefined;
        return (
          <SettingsSection
            key={role.id}
            id={`role-${role.id}`}
            title={`${role.label}: ${role.title}`}
            description={role.organizationName ?? undefined}
          >
            <p className="text-sm">
              Status:{" "}
              <span
                data-testid="verification-status"
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[role.status]}`}
              >
                {VERIFICATION_STATUS_LABELS[role.status]}
              </span>
              {role.methodLabel && role.status !== "not_required" ? (
                <span className="ml-2 text-slate-600 dark:text-slate-400">
                  Method: {role.methodLabel}
                  {role.reference ? ` (${role.reference})` : ""}
                </span>
              ) : null}
            </p>
            {role.status === "rejected" && role.rejectionReason ? (
              <p className="mt-2 text-sm text-red-700 dark:text-red-400">Reason: {role.rejectionReason}</p>
            ) : null}
            {role.status === "submitted" ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{VERIFICATION_REVIEW_TIME}.</p>
            ) : null}
            {role.documents.length > 0 ? (
              <div className="mt-3">
                <h3 className="text-sm font-medium">Documents</h3>
                <ul className="mt-1 flex flex-col gap-1 text-sm">
                  {role.documents.map((doc) => (
                    <li key={doc.id}>
                      <a
                        href={`/documents/verification/${doc.id}`}
                        className="font-medium text-blue-700 underline [overflow-wrap:anywhere] dark:text-blue-300"
                      >
                        {doc.fileName}
                      </a>{" "}
                      <span className="text-slate-500 dark:text-slate-400">
                        ({formatSize(doc.sizeBytes)})
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {role.canSubmit ? (
              <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
                <VerificationForm
                  id={`verify-${role.id}`}
                  methods={role.methods}
                  defaultMethod={role.defaultMethod}
                  defaultReference={role.reference}
                  lastResult={mine?.result}
                  formError={mine?.formError}
                  hiddenFields={{ roleId: role.id }}
                  action={`/settings/verification?${new URLSearchParams({ roleId: role.id })}`}
                >
                  <div>
                    <Button name="intent" value="submit" disabled={busy}>
                      {role.status === "rejected" ? "Resubmit for verification" : "Submit for verification"}
                    </Button>
                  </div>
                </VerificationForm>
              </div>
            ) : null}
          </SettingsSection>
        );
      })}
    </div>
  );
}
