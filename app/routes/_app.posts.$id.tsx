import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { type CommentAnswer, CommentSection } from "~/components/community/comment-section";
import { useLivePost } from "~/components/community/live-posts";
import { PostCardView } from "~/components/community/post-card";
import { PostEditForm, type PostFormAnswer } from "~/components/community/post-composer";
import { postPageAction, postPageLoader } from "./_app.posts.$id.server";

/**
 * /posts/{id} (spec 002 section 2: the post link that Copy link copies): one post, whole, for a reader
 * who may read it (decision 065), with its comment section (decision 066); anyone else, and anyone
 * once it is deleted, gets 404. The post's forms go to the feed's action, the comments' to
 * ./_app.posts.$id.server.ts, and all come back here.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.post.authorName}'s post · Common Area · Association Commons`
      : "Post · Association Commons",
  },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await postPageLoader(request, params.id));
}

export const action = ({ request, params }: ActionFunctionArgs) => postPageAction(request, params.id);

export default function PostPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as (PostFormAnswer & CommentAnswer) | undefined;
  useLivePost(data.post.id, data);
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
        mayAward={data.mayAward}
        awardAnswer={answer}
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
      <CommentSection
        postId={data.post.id}
        commentsCount={data.post.commentsCount}
        comments={data.comments}
        nextComments={data.nextComments}
        morePage={data.morePage}
        canComment={data.canComment}
        closed={data.commentsClosed}
        hint={data.commentsRemainingHint}
        limited={data.commentingLimited}
        mayAward={data.mayAward}
        editing={data.editCommentId}
        now={data.now}
        acceptedCommentId={data.post.acceptedCommentId}
        canAccept={data.post.mine && data.post.isQuestion}
        answer={answer}
      />
    </div>
  );
}
