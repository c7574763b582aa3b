import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import {
  PROFICIENCY_LABELS,
  PROFICIENCY_LEVELS,
  SKILL_CATEGORIES,
  SKILL_CATEGORY_LABELS,
  SKILL_LIMITS,
  SKILL_MESSAGES,
} from "@domain/network/skills";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { UrlDialog } from "~/components/credits/modal";
import { EndorsementCount, SkillMeta, SkillsPublic } from "~/components/network/skills-section";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { SelectField } from "~/components/ui/select-field";
import type { ShownSkill } from "~/queries/network-skills.server";
import { skillsAction, skillsLoader } from "./_app.professional.skills.server";

/** The page itself (a *.server module's constants are empty in the browser). */
const SKILLS_PATH = "/professional/skills";

export const meta: MetaFunction = () => [{ title: "Skills · Professional Center · Association Commons" }];

export const loader = ({ request }: LoaderFunctionArgs) => skillsLoader(request);
export const action = ({ request }: ActionFunctionArgs) => skillsAction(request);

interface ActionData {
  intent?: string | null;
  skillId?: string | null;
  result?: SubmissionResult<string[]> | null;
  error?: string;
  current?: Omit<
    ShownSkill,
    "id" | "categoryLabel" | "proficiencyLabel" | "endorsedByViewer" | "endorsementsCount" | "displayOrder"
  > | null;
}

const input =
  "w-full rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";

/** The add/edit skill form (in the dialog; without JavaScript the same form in a panel). */
function SkillForm({
  editing,
  actionData,
}: {
  editing: ShownSkill | null;
  actionData: ActionData | undefined;
}) {
  const mine =
    actionData &&
    actionData.intent === (editing ? "update" : "add") &&
    (!editing || actionData.skillId === editing.id)
      ? actionData
      : undefined;
  const current = mine?.current ?? null;
  const base = current ?? editing;
  const [form, fields] = useForm({
    id: editing ? `edit-skill-${editing.id}-${current?.version ?? editing.version}` : "add-skill",
    lastResult: current ? undefined : (mine?.result ?? undefined),
    shouldValidate: "onSubmit",
  });
  const err = (name: string) => (fields as Record<string, { errors?: string[] }>)[name]?.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3" data-testid="skill-form">
      <input type="hidden" name="intent" value={editing ? "update" : "add"} />
      {editing ? (
        <>
          <input type="hidden" name="skillId" value={editing.id} />
          <input type="hidden" name="version" value={current?.version ?? editing.version} />
        </>
      ) : (
        <IdempotencyKey />
      )}
      {form.errors?.length ? <Alert title={form.errors.join(" ")} /> : null}
      {current ? (
        <Alert title={SKILL_MESSAGES.stale}>
          The form now shows the current values (version {current.version}).
        </Alert>
      ) : null}
      <Field
        id="skill-skillName"
        label="Skill name"
        name="skillName"
        required
        maxLength={SKILL_LIMITS.nameMax}
        defaultValue={base?.skillName ?? ""}
        errors={err("skillName")}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id="skill-skillCategory"
          label="Category"
          name="skillCategory"
          defaultValue={base?.skillCategory ?? "technical"}
          options={SKILL_CATEGORIES.map((c) => ({ value: c, label: SKILL_CATEGORY_LABELS[c] }))}
          errors={err("skillCategory")}
        />
        <SelectField
          id="skill-proficiencyLevel"
          label="Proficiency"
          name="proficiencyLevel"
          defaultValue={base?.proficiencyLevel ?? "intermediate"}
          options={PROFICIENCY_LEVELS.map((p) => ({ value: p, label: PROFICIENCY_LABELS[p] }))}
          errors={err("proficiencyLevel")}
        />
        <Field
          id="skill-yearsExperience"
          label="Years of experience"
          name="yearsExperience"
          type="number"
          min={SKILL_LIMITS.yearsMin}
          max={SKILL_LIMITS.yearsMax}
          defaultValue={base?.yearsExperience ?? ""}
          errors={err("yearsExperience")}
        />
        <Field
          id="skill-skillSubcategory"
          label="Subcategory (optional)"
          name="skillSubcategory"
          maxLength={SKILL_LIMITS.subcategoryMax}
          defaultValue={base?.skillSubcategory ?? ""}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isCertified" defaultChecked={base?.isCertified ?? false} /> Certified
      </label>
      <Field
        id="skill-certificationDetails"
        label="Certification details (optional)"
        name="certificationDetails"
        maxLength={SKILL_LIMITS.certificationDetailsMax}
        defaultValue={base?.certificationDetails ?? ""}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isPublic" defaultChecked={base?.isPublic ?? true} /> Public (shown on
        your profile)
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isFeatured" defaultChecked={base?.isFeatured ?? false} /> Featured
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={SKILLS_PATH} className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button>{editing ? "Save Skill" : "Add Skill"}</Button>
      </div>
    </Form>
  );
}

function OwnerSkill({
  skill,
  first,
  last,
  busy,
}: {
  skill: ShownSkill;
  first: boolean;
  last: boolean;
  busy: boolean;
}) {
  const small = "px-2 py-1 text-xs";
  return (
    <li
      data-testid="skill-item"
      className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="min-w-0">
        <p className="font-semibold">
          {skill.skillName}
          {skill.isFeatured ? (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">Featured</span>
          ) : null}
          {skill.isPublic ? null : (
            <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-800">Private</span>
          )}
          {skill.isCertified ? (
            <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs text-green-900">Certified</span>
          ) : null}
        </p>
        <SkillMeta skill={skill} />
        <div>
          <EndorsementCount count={skill.endorsementsCount} />
        </div>
      </div>
      <div className="flex flex-wrap gap-1">
        <Link to={`${SKILLS_PATH}?edit=${skill.id}`} className={buttonClass("secondary", small)}>
          Edit<span className="sr-only"> {skill.skillName}</span>
        </Link>
        <Form method="post" action={SKILLS_PATH}>
          <input type="hidden" name="intent" value="feature" />
          <input type="hidden" name="skillId" value={skill.id} />
          <input type="hidden" name="featured" value={skill.isFeatured ? "false" : "true"} />
          <Button variant="ghost" className={small} disabled={busy}>
            {skill.isFeatured ? "Unfeature" : "Feature"}
            <span className="sr-only"> {skill.skillName}</span>
          </Button>
        </Form>
        <Form method="post" action={SKILLS_PATH}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="skillId" value={skill.id} />
          <input type="hidden" name="direction" value="up" />
          <Button variant="ghost" className={small} disabled={busy || first}>
            Move up<span className="sr-only">: {skill.skillName}</span>
          </Button>
        </Form>
        <Form method="post" action={SKILLS_PATH}>
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="skillId" value={skill.id} />
          <input type="hidden" name="direction" value="down" />
          <Button variant="ghost" className={small} disabled={busy || last}>
            Move down<span className="sr-only">: {skill.skillName}</span>
          </Button>
        </Form>
        <Form method="post" action={SKILLS_PATH}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="skillId" value={skill.id} />
          <Button variant="ghost" className={`${small} text-red-700 dark:text-red-400`} disabled={busy}>
            Delete<span className="sr-only"> {skill.skillName}</span>
          </Button>
        </Form>
      </div>
    </li>
  );
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

function OwnerPage({ data }: { data: Extract<PageData, { mode: "owner" }> }) {
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const filtered = Boolean(data.q || data.category);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link to="/professional" className="text-blue-700 underline dark:text-blue-300">
              Professional Center
            </Link>
          </p>
          <h1 className="text-2xl font-bold">Skills</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {data.total} skill{data.total === 1 ? "" : "s"}. Public skills show on your profile, where other
            members can endorse them.
          </p>
        </div>
        <Link to={`${SKILLS_PATH}?dialog=add`} className={buttonClass("primary")}>
          Add Skill
        </Link>
      </div>
      {actionData?.error ? <Alert title={actionData.error} /> : null}
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="skills-q" className="text-sm font-medium">
            Search skills
          </label>
          <input id="skills-q" name="q" type="search" defaultValue={data.q} className={input} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="skills-category" className="text-sm font-medium">
            Category
          </label>
          <select id="skills-category" name="category" defaultValue={data.category} className={input}>
            <option value="">All categories</option>
            {data.categories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary">Apply</Button>
      </Form>
      {data.skills.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">
            {filtered && data.total > 0 ? "No skills match your search" : SKILL_MESSAGES.empty}
          </p>
          {filtered ? null : (
            <Link
              to={`${SKILLS_PATH}?dialog=add`}
              className="mt-2 inline-block text-blue-700 underline dark:text-blue-300"
            >
              Add your first skill
            </Link>
          )}
        </div>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Your skills">
          {data.skills.map((s, i) => (
            <OwnerSkill
              key={s.id}
              skill={s}
              first={i === 0}
              last={i === data.skills.length - 1}
              busy={busy}
            />
          ))}
        </ol>
      )}
      {data.matching > data.skills.length ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Showing the first {data.skills.length} of {data.matching}. Search to find the others.
        </p>
      ) : null}
      <UrlDialog
        open={data.dialog !== null}
        closeHref={SKILLS_PATH}
        title={data.dialog === "edit" ? "Edit Skill" : "Add Skill"}
        testId="skill-dialog"
      >
        <SkillForm editing={data.editing} actionData={actionData} />
      </UrlDialog>
    </div>
  );
}

export default function SkillsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.mode === "public") {
    return (
      <div className="flex flex-col gap-4">
        <div>
          <p className="text-sm">
            {data.person.username ? (
              <Link
                to={`/professional/${data.person.username}`}
                className="text-blue-700 underline dark:text-blue-300"
              >
                {data.person.name}
              </Link>
            ) : (
              data.person.name
            )}
          </p>
          <h1 className="text-2xl font-bold">Skills of {data.person.name}</h1>
        </div>
        <SkillsPublic data={data.profile} redirectTo={data.redirectTo} />
      </div>
    );
  }
  return <OwnerPage data={data} />;
}
