import type { PostCard } from "~/queries/community-posts.server";

/**
 * The link preview under a post (decision 071): the site (or domain), the page's title and description,
 * as plain text (React escapes it; the texts come from a stranger's page). No image: the CSP allows
 * images from this site only, and a third-party image would tell that site who reads the post.
 */
export function LinkPreviewCard({ preview }: { preview: NonNullable<PostCard["linkPreview"]> }) {
  return (
    <a
      href={preview.url}
      rel="nofollow ugc noopener noreferrer"
      data-testid="link-preview"
      className="mt-3 block rounded-md border border-slate-200 p-3 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
    >
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
    </a>
  );
}
