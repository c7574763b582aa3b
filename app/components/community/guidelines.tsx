import { COMMUNITY_GUIDELINES } from "@domain/community/guidelines";

/**
 * The Community Guidelines' five sections (spec 002), for the page and for any modal that shows them.
 * `headingLevel` is the level of each section's title (2 on the page, under its h1).
 */
export function CommunityGuidelines({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const Point = headingLevel === 2 ? "h3" : "h4";
  return (
    <div className="space-y-10">
      <nav aria-label="Guideline sections">
        <ul className="flex flex-wrap gap-2 text-sm">
          {COMMUNITY_GUIDELINES.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-slate-700 hover:bg-slate-100"
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {COMMUNITY_GUIDELINES.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-20">
          <Heading id={`${s.id}-title`} className="text-xl font-semibold text-slate-900">
            {s.title}
          </Heading>
          <p className="mt-2 max-w-3xl text-slate-700">{s.intro}</p>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {s.points.map((p) => (
              <li key={p.title} className="rounded-xl border border-slate-200 bg-white p-5">
                <Point className="font-semibold text-slate-900">{p.title}</Point>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{p.body}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
