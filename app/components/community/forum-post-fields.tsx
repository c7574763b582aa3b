import { addTag, FORUM_LIMITS } from "@domain/community/forums";
import { useEffect, useState } from "react";

const control =
  "rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

/** What the composer shows in a forum category (spec 002: enabled by the caller). */
export interface ForumComposerOptions {
  categoryId: string;
  tags: boolean;
  question: boolean;
  /** The category's moderators post announcements, pinned on its page (decision 085). */
  announcement?: boolean;
}

/**
 * Forum tags (spec 002 section 5): lowercased, unique, at most 5, added with Enter or a comma. With
 * JavaScript the typed tag becomes a chip on Enter or a comma and the chips travel in a hidden field;
 * without it the field itself is sent, comma-separated, and the server applies the same rules.
 */
function ForumTagsField({ errors }: { errors?: string[] }) {
  const [hydrated, setHydrated] = useState(false);
  const [tags, setTags] = useState<string[]>([]);
  const [typed, setTyped] = useState("");
  useEffect(() => setHydrated(true), []);
  const full = tags.length >= FORUM_LIMITS.tagsMax;
  const commit = () => {
    if (!typed.trim()) return;
    setTags((prev) => addTag(prev, typed));
    setTyped("");
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="forum-tags" className="text-sm font-medium">
        Forum tags
      </label>
      {hydrated ? (
        <>
          {tags.length > 0 ? (
            <ul className="flex flex-wrap gap-1" aria-label="Forum tags">
              {tags.map((tag) => (
                <li key={tag}>
                  <button
                    type="button"
                    className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100"
                    aria-label={`Remove tag ${tag}`}
                    onClick={() => setTags((prev) => prev.filter((t) => t !== tag))}
                  >
                    #{tag} ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <input type="hidden" name="tags" value={[...tags, ...(typed.trim() ? [typed] : [])].join(",")} />
          <input
            id="forum-tags"
            value={typed}
            disabled={full}
            maxLength={FORUM_LIMITS.tagMaxLength + 1}
            placeholder={full ? "5 tags at most" : "Type a tag, then Enter or a comma"}
            onChange={(e) => {
              const value = e.currentTarget.value;
              if (value.includes(",")) {
                setTags((prev) => value.split(",").reduce((acc, part) => addTag(acc, part), prev));
                setTyped("");
              } else setTyped(value);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                commit();
              }
            }}
            aria-describedby="forum-tags-hint"
            className={control}
          />
        </>
      ) : (
        <input
          id="forum-tags"
          name="tags"
          maxLength={200}
          placeholder="Tags separated by commas"
          aria-describedby="forum-tags-hint"
          className={control}
        />
      )}
      <p id="forum-tags-hint" className="text-xs text-slate-600 dark:text-slate-400">
        Up to {FORUM_LIMITS.tagsMax} tags, lowercase.
      </p>
      {errors?.length ? <p className="text-sm text-red-700 dark:text-red-400">{errors.join(" ")}</p> : null}
    </div>
  );
}

/** The category's hidden id, the question checkbox and the forum tags, inside the composer's form. */
export function ForumPostFields({
  options,
  tagErrors,
}: {
  options: ForumComposerOptions;
  tagErrors?: string[];
}) {
  return (
    <div className="flex flex-col gap-3">
      {options.announcement ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isAnnouncement" value="on" />
          Announcement (pinned at the top of this community)
        </label>
      ) : null}
      {options.question ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isQuestion" value="on" />
          This is a question
        </label>
      ) : null}
      {options.tags ? <ForumTagsField errors={tagErrors} /> : null}
    </div>
  );
}
