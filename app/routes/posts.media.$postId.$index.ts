import { isPostId, mediaKind, POST_LIMITS } from "@domain/community/posts";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { getDb } from "~/db.server";
import { getPostMedia } from "~/queries/community-posts.server";
import { openStoredFile, privateDownload } from "~/storage/files.server";

const notFound = () => new Response("Media not found", { status: 404 });

/**
 * A post's media file (issue 29, part 1), streamed privately to a reader who may read the post
 * (decision 065). Anyone else, and anyone once the post is deleted, gets 404. Pictures and videos are
 * shown inline and kept by the reader's browser for an hour; documents download.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const index = Number(params.index);
  if (!isPostId(params.postId) || !/^\d{1,2}$/.test(params.index ?? "") || index >= POST_LIMITS.mediaMax)
    throw notFound();
  const media = await getPostMedia(await getDb(), user.id, params.postId, index);
  if (!media) throw notFound();
  let file: Awaited<ReturnType<typeof openStoredFile>>;
  try {
    file = await openStoredFile(media.key);
  } catch {
    throw notFound();
  }
  const kind = mediaKind(media.contentType);
  return privateDownload(
    file,
    { fileName: media.name, contentType: media.contentType },
    kind === "file" ? undefined : { maxAgeSeconds: 3600 },
  );
}
