import type { PostCard } from "~/queries/community-posts.server";

/**
 * The link preview under a post (decisions 071 and 087): the page's picture when the server could fetch
 * it (served from this site, downscaled; the reader's browser never asks the third party), then the
 * site (or domain), the page's title and description, as plain text (React escapes it; the texts come
 * from a stranger's page).
 */
export function LinkPreviewCard({ preview }: { preview: NonNullable<PostCard["linkPreview"]> }) {
  return (
    <a
      href={preview.url}
      rel="nofollow ugc noopener noreferrer"
      data-testid="link-preview"
      className="mt-3 block overflow-hidden rounded-md border border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      {preview.imageUrl ? (
        // Decorative: the title beside it says what the page is.
        <img
          src={preview.imageUrl}
          alt=""
          width={600}
          height={315}
          loading="lazy"
          decoding="async"
          data-testid="link-preview-image"
          className="block aspect-[40/21] h-auto w-full bg-slate-100 object-cover dark:bg-slate-800"
        />
      ) : null}
      <span className="block p-3">
        <span className="block text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">
          {preview.siteName ? `${preview.siteName} · ${preview.domain}` : preview.domain}
        </span>
        {preview.title ? (
          <span className="mt-1 block break-words font-semibold text-slate-900 dark:text-slate-100">
            {preview.title}
          </span>
        ) : null}
        {preview.description ? (
          <span className="mt-1 line-clamp-3 block break-words text-sm text-slate-700 dark:text-slate-300">
            {preview.description}
          </span>
        ) : null}
      </span>
    </a>
  );
}
