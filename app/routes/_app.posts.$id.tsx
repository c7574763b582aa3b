import { isPostId } from "@domain/community/posts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { pageNotFound, requireViewer } from "~/auth/guards.server";
import { PostCardView } from "~/components/community/post-card";
import { PostEditForm, type PostFormAnswer } from "~/components/community/post-composer";
import { getDb } from "~/db.server";
import { getPost } from "~/queries/community-posts.server";
import { postingScope, postsAction } from "./_app.common-area._index.server";

/**
 * /posts/{id} (spec 002 section 2: the post link that Copy link copies): one post, whole, for a reader
 * who may read it (decision 065); anyone else, and anyone once it is deleted, gets 404. Its forms post
 * to the feed's action and come back here.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.post.authorName}'s post · Common Area · Association Commons`
      : "Post · Association Commons",
  },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  if (!isPostId(params.id)) pageNotFound();
  const post = await getPost(await getDb(), viewer.user.id, params.id);
  if (!post) pageNotFound();
  const editing = post.mine && new URL(request.url).searchParams.get("edit") === "1";
  const scope = editing ? await postingScope(viewer) : null;
  return json({
    post,
    editing,
    organizationName: scope?.name ?? null,
    here: `/posts/${post.id}`,
    now: new Date().toISOString(),
  });
}

export const action = ({ request }: ActionFunctionArgs) => postsAction(request);

export default function PostPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as PostFormAnswer | undefined;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <p className="text-sm">
        <Link to="/common-area" className="text-blue-700 underline dark:text-blue-300">
          Common Area
        </Link>
      </p>
      <h1 className="sr-only">Post by {data.post.authorName}</h1>
      <PostCardView
        post={data.post}
        redirectTo={data.here}
        now={data.now}
        full
        editHref={`${data.here}?edit=1`}
        editForm={
          data.editing ? (
            <PostEditForm
              post={data.post}
              answer={answer}
              redirectTo={data.here}
              cancelHref={data.here}
              organizationName={data.organizationName}
            />
          ) : undefined
        }
      />
    </div>
  );
}
