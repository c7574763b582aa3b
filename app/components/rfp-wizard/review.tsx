import type { RfpFields } from "@domain/rfp";
import {
  BUDGET_TYPE_LABELS,
  PROPERTY_TYPES,
  RFP_CATEGORY_LABELS,
  RFP_VISIBILITY_LABELS,
  type RfpWizardStepId,
} from "@domain/rfp/types";
import { Link } from "@remix-run/react";

type Row = [label: string, value: string | null | undefined];

const dollars = (n: number | undefined) => (n === undefined ? null : `$${n.toLocaleString("en-US")}`);
const yesNo = (b: boolean) => (b ? "Yes" : "No");

function budgetLine(f: RfpFields): string | null {
  switch (f.budget_type) {
    case "range":
      return f.budget_min !== undefined || f.budget_max !== undefined
        ? `${dollars(f.budget_min) ?? "?"} – ${dollars(f.budget_max) ?? "?"}`
        : null;
    case "fixed":
    case "not_to_exceed":
      return dollars(f.budget_max);
    case "hourly":
      return f.budget_hourly_rate !== undefined ? `${dollars(f.budget_hourly_rate)} per hour` : null;
    default:
      return null;
  }
}

function insuranceLine(r: { required: boolean; minimum?: number }) {
  if (!r.required) return "Not required";
  return r.minimum !== undefined ? `Required, at least ${dollars(r.minimum)}` : "Required";
}

/** The review step (spec 001 section 2.5, step 6): every section with a link back to its step. */
export function ReviewSummary({
  fields,
  deadlineLabel,
  invitedEmails,
  hrefFor,
}: {
  fields: RfpFields;
  deadlineLabel: string | null;
  invitedEmails: string[];
  hrefFor: (step: RfpWizardStepId) => string;
}) {
  const f = fields;
  const place = [
    f.location_address,
    f.location_city,
    [f.location_state, f.location_zip].filter(Boolean).join(" "),
  ]
    .filter(Boolean)
    .join(", ");
  const sections: { step: RfpWizardStepId; title: string; rows: Row[] }[] = [
    {
      step: "basic",
      title: "Basic Information",
      rows: [
        ["Title", f.title],
        ["Category", f.category ? RFP_CATEGORY_LABELS[f.category] : null],
        ["Short description", f.short_description],
        ["Description", f.description],
        ["Organization", f.organization_name],
        ["Property", f.property_name],
        [
          "Property type",
          f.property_type ? PROPERTY_TYPES.find((p) => p.id === f.property_type)?.label : null,
        ],
      ],
    },
    {
      step: "location",
      title: "Location & Timeline",
      rows: [
        ["Location", place],
        ["Proposal deadline", deadlineLabel],
        ["Project dates", [f.project_start_date, f.project_end_date].filter(Boolean).join(" to ") || null],
        ["Estimated duration", f.estimated_duration_days ? `${f.estimated_duration_days} days` : null],
      ],
    },
    {
      step: "budget",
      title: "Budget & Scope",
      rows: [
        ["Budget type", BUDGET_TYPE_LABELS[f.budget_type]],
        ["Budget", budgetLine(f)],
        ["Budget notes", f.budget_description],
        ["Scope of work", f.scope_of_work],
        ["Technical specifications", f.technical_specifications],
      ],
    },
    {
      step: "requirements",
      title: "Requirements",
      rows: [
        ["Insurance", yesNo(f.require_insurance)],
        ["License", yesNo(f.require_license)],
        ["References", yesNo(f.require_references)],
        ["General liability", insuranceLine(f.insurance_requirements.general_liability)],
        ["Workers' compensation", insuranceLine(f.insurance_requirements.workers_compensation)],
      ],
    },
    {
      step: "settings",
      title: "Settings",
      rows: [
        ["Visibility", f.visibility ? RFP_VISIBILITY_LABELS[f.visibility] : null],
        ...(f.visibility === "private"
          ? ([["Invited vendors", invitedEmails.join(", ") || null]] as Row[])
          : []),
        ["Maximum proposals", String(f.max_proposals)],
        ["Evaluation period", `${f.evaluation_period_days} days`],
        ["Questions allowed", yesNo(f.allow_questions)],
        ["Auto-close at deadline", yesNo(f.auto_close_enabled)],
      ],
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      {sections.map((s) => (
        <section
          key={s.step}
          aria-labelledby={`review-${s.step}`}
          className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
        >
          <div className="flex items-center justify-between gap-3">
            <h2 id={`review-${s.step}`} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
              {s.title}
            </h2>
            <Link
              to={hrefFor(s.step)}
              className="text-sm text-blue-700 underline dark:text-blue-300"
              aria-label={`Edit ${s.title}`}
            >
              Edit
            </Link>
          </div>
          <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
            {s.rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
                <dd className="whitespace-pre-line break-words text-slate-900 dark:text-slate-100">
                  {value || <span className="text-slate-400 dark:text-slate-500">Not provided</span>}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
