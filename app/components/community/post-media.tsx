import { mediaKind } from "@domain/community/posts";
import { formatBytes } from "@domain/files/uploads";
import type { PostCard } from "~/queries/community-posts.server";

/**
 * A post's media (issue 29, part 1): pictures in a grid (each opens at full size), videos with their
 * controls, documents as download links. Every file is served by /posts/media/{post id}/{index} to
 * readers of the post only.
 */
export function PostMediaList({ postId, media }: { postId: string; media: PostCard["media"] }) {
  if (media.length === 0) return null;
  const href = (index: number) => `/posts/media/${postId}/${index}`;
  const items = media.map((m, index) => ({ ...m, index, kind: mediaKind(m.contentType) }));
  const pictures = items.filter((m) => m.kind === "image");
  const videos = items.filter((m) => m.kind === "video");
  const files = items.filter((m) => m.kind === "file");
  return (
    <div className="mt-3 flex flex-col gap-2" data-testid="post-media">
      {pictures.length > 0 ? (
        <ul className={`grid gap-2 ${pictures.length === 1 ? "grid-cols-1" : "grid-cols-2 sm:grid-cols-3"}`}>
          {pictures.map((m) => (
            <li key={m.index}>
              <a href={href(m.index)} target="_blank" rel="noreferrer">
                <img
                  src={href(m.index)}
                  alt={m.name}
                  loading="lazy"
                  decoding="async"
                  className={`w-full rounded-md border border-slate-200 object-cover dark:border-slate-800 ${
                    pictures.length === 1 ? "max-h-96" : "aspect-square"
                  }`}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {videos.map((m) => (
        // biome-ignore lint/a11y/useMediaCaption: people's own videos come without caption files
        <video
          key={m.index}
          src={href(m.index)}
          controls
          preload="metadata"
          className="max-h-96 w-full rounded-md"
        >
          <a href={href(m.index)}>{m.name}</a>
        </video>
      ))}
      {files.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm">
          {files.map((m) => (
            <li key={m.index}>
              <a href={href(m.index)} className="text-blue-700 underline dark:text-blue-300">
                {m.name}
              </a>{" "}
              <span className="text-xs text-slate-600 dark:text-slate-400">({formatBytes(m.size)})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
