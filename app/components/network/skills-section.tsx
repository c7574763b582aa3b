import { SKILL_LIMITS, SKILL_MESSAGES } from "@domain/network/skills";
import { Form, Link } from "@remix-run/react";
import type { ProfileSkills, ShownSkill } from "~/queries/network-skills.server";

/**
 * Skills on a profile (spec 002 section 2, "Skills section"; issue 28 part 4): the compact variant (8
 * chips) and the public variant (public skills only, with +1 for other members). The data comes from
 * `profileSkills(db, ownerId, viewerId)` (app/queries/network-skills.server.ts); the +1 forms post to
 * /professional/skills and come back to `redirectTo`. The owner's full variant is /professional/skills.
 */

export const SKILLS_ACTION = "/professional/skills";

const chip =
  "inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm dark:border-slate-700 dark:bg-slate-900";

/** The +1 (or take it back) on another member's skill. Works without JavaScript. */
export function EndorseSkillButton({ skill, redirectTo }: { skill: ShownSkill; redirectTo: string }) {
  const on = skill.endorsedByViewer;
  return (
    <Form method="post" action={SKILLS_ACTION} className="inline">
      <input type="hidden" name="intent" value={on ? "unendorse" : "endorse"} />
      <input type="hidden" name="skillId" value={skill.id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        aria-pressed={on}
        className={`rounded-full border px-2 py-0.5 text-xs font-medium ${
          on
            ? "border-blue-600 bg-blue-600 text-white hover:bg-blue-700"
            : "border-blue-600 text-blue-700 hover:bg-blue-50 dark:text-blue-300 dark:hover:bg-slate-800"
        }`}
      >
        +1
        <span className="sr-only">
          {" "}
          {on ? `(endorsed, take back) ${skill.skillName}` : `endorse ${skill.skillName}`}
        </span>
      </button>
    </Form>
  );
}

export function SkillMeta({ skill }: { skill: ShownSkill }) {
  return (
    <span className="text-sm text-slate-600 dark:text-slate-400">
      {skill.categoryLabel} · {skill.proficiencyLabel}
      {skill.yearsExperience !== null
        ? ` · ${skill.yearsExperience} year${skill.yearsExperience === 1 ? "" : "s"}`
        : ""}
    </span>
  );
}

export function EndorsementCount({ count }: { count: number }) {
  return (
    <span className="text-xs text-slate-600 dark:text-slate-400" data-testid="skill-endorsements">
      {count} endorsement{count === 1 ? "" : "s"}
    </span>
  );
}

/** The compact variant: the first 8 as chips, with a link to the rest. */
export function SkillsCompact({
  data,
  viewAllHref,
  redirectTo,
}: {
  data: ProfileSkills;
  viewAllHref: string;
  redirectTo: string;
}) {
  const shown = data.skills.slice(0, SKILL_LIMITS.compactChips);
  return (
    <section aria-labelledby="skills-compact-heading" data-testid="skills-compact">
      <h2 id="skills-compact-heading" className="text-lg font-semibold">
        Skills
      </h2>
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{SKILL_MESSAGES.empty}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {shown.map((s) => (
            <li key={s.id} className={chip}>
              <span>{s.skillName}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {s.endorsementsCount}
                <span className="sr-only"> endorsements</span>
              </span>
              {data.isOwner ? null : <EndorseSkillButton skill={s} redirectTo={redirectTo} />}
            </li>
          ))}
        </ul>
      )}
      {data.total > shown.length || data.isOwner ? (
        <Link
          to={viewAllHref}
          className="mt-2 inline-block text-sm text-blue-700 underline dark:text-blue-300"
        >
          {data.isOwner ? "Manage skills" : `View all ${data.total} skills`}
        </Link>
      ) : null}
    </section>
  );
}

/** The public variant: public skills with their details and +1 for other members. */
export function SkillsPublic({ data, redirectTo }: { data: ProfileSkills; redirectTo: string }) {
  return (
    <section aria-labelledby="skills-public-heading" data-testid="skills-public">
      <h2 id="skills-public-heading" className="text-lg font-semibold">
        Skills
      </h2>
      {data.skills.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{SKILL_MESSAGES.empty}</p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {data.skills.map((s) => (
            <li
              key={s.id}
              data-testid="skill-item"
              className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {s.skillName}
                  {s.isFeatured ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                      Featured
                    </span>
                  ) : null}
                </p>
                <SkillMeta skill={s} />
                <div>
                  <EndorsementCount count={s.endorsementsCount} />
                </div>
              </div>
              {data.isOwner ? null : <EndorseSkillButton skill={s} redirectTo={redirectTo} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
