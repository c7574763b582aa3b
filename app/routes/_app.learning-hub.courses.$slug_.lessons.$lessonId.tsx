import { itemHref } from "@domain/learning/courses";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CourseTrail } from "~/components/learning/course-card";
import { useLeaveBeacon } from "~/components/learning/leave-beacon";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { lessonAction, lessonLoader } from "./_app.learning-hub.courses.$slug_.lessons.$lessonId.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `${data?.lesson.title ?? "Lesson"} · ${data?.view.course.title ?? "Course"} · Association Commons`,
  },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => lessonLoader(request, params);
export const action = ({ request, params }: ActionFunctionArgs) => lessonAction(request, params);

export default function LessonPage() {
  const data = useLoaderData<typeof loader>();
  useLeaveBeacon(data.lesson.id);
  const answer = useActionData<typeof action>() as { error: string | null } | undefined;
  const { view, lesson } = data;
  const slug = view.course.slug;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <CourseTrail course={view.course} />
      <header>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {lesson.moduleTitle} · {lesson.minutes} min
        </p>
        <h1 className="text-2xl font-bold">{lesson.title}</h1>
      </header>
      {answer?.error ? <Alert title={answer.error} /> : null}
      {lesson.videoUrl ? (
        <p>
          <a
            href={lesson.videoUrl}
            rel="noopener noreferrer"
            target="_blank"
            className="text-blue-700 underline dark:text-blue-300"
          >
            Watch the video for this lesson
          </a>
        </p>
      ) : null}
      <article
        className="lesson-body flex flex-col gap-3 leading-relaxed [&_a]:text-blue-700 [&_a]:underline [&_h2]:mt-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc dark:[&_a]:text-blue-300"
        // The body is micromark's HTML of the lesson's Markdown: raw HTML escaped, unsafe links dropped.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered safely on the server (queries/learning.server.ts)
        dangerouslySetInnerHTML={{ __html: lesson.html }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        {data.previous ? (
          <Link to={itemHref(slug, data.previous)} className="btn btn-secondary">
            Previous
          </Link>
        ) : (
          <span />
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="complete" />
          <Button>{lesson.done ? (data.next ? "Next" : "Back to course") : "Mark Complete"}</Button>
        </Form>
      </div>
    </div>
  );
}
