import { SHARE_POST_TEXTS } from "@domain/messages";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ShareForm, type ShareFormAnswer } from "~/components/community/share-form";
import { shareAction, shareLoader } from "./_app.posts.$id_.share.server";

export const meta: MetaFunction = () => [{ title: "Send in a message · Association Commons" }];

/**
 * /posts/{id}/share (issue 29, part 1; decision 072): send a post in a message, on its own page (how
 * it works without JavaScript; the post card's dialog shows the same form). A post the reader may not
 * read is 404; a send lands in the conversation.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => shareLoader(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => shareAction(request, params.id);

export default function SharePostPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ShareFormAnswer | undefined;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{SHARE_POST_TEXTS.action}</h1>
      <ShareForm data={data} answer={answer} idPrefix="share" />
      <p className="text-sm">
        <Link to={data.redirectTo} className="text-blue-700 underline dark:text-blue-300">
          Back
        </Link>
      </p>
    </div>
  );
}
