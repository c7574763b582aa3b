import { isPostId } from "@domain/community/posts";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";
import { getDb } from "~/db.server";
import { getLinkPreviewImage } from "~/queries/community-posts.server";
import { openStoredFile, privateDownload } from "~/storage/files.server";

const notFound = () => new Response("Image not found", { status: 404 });

/**
 * A link preview's picture (decision 087), as this server fetched and downscaled it: served from our
 * own origin, so a reader's browser never asks the third party. Only to a reader who may read the post
 * (decision 065); anyone else, a deleted post, and a replaced picture's old address get 404. The
 * address names the stored file, so the reader's browser may keep it for a day.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const name = params.name ?? "";
  if (!isPostId(params.postId) || !/^[a-f0-9]{32}$/.test(name)) throw notFound();
  const key = await getLinkPreviewImage(await getDb(), user.id, params.postId, name);
  if (!key) throw notFound();
  let file: Awaited<ReturnType<typeof openStoredFile>>;
  try {
    file = await openStoredFile(key);
  } catch {
    throw notFound();
  }
  return privateDownload(
    file,
    { fileName: "preview.webp", contentType: "image/webp" },
    { maxAgeSeconds: 24 * 3600 },
  );
}
