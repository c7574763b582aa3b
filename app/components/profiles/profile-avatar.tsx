import { smallAvatarUrl } from "@domain/network/avatar";
import { initials, profileName } from "@domain/network/profile";

const SIZES = {
  sm: "h-10 w-10 text-sm",
  md: "h-16 w-16 text-lg",
  lg: "h-24 w-24 text-2xl sm:h-28 sm:w-28",
} as const;

/**
 * A person's photo, or the initials of their name on a coloured disc (spec 002: "Avatar fallback
 * initials come from the words of the name"). Small sizes use the 96 px version of a stored photo.
 */
export function ProfileAvatar({
  name,
  url,
  size = "md",
}: {
  name: string | null | undefined;
  url: string | null | undefined;
  size?: keyof typeof SIZES;
}) {
  const src = size === "lg" ? url : smallAvatarUrl(url);
  const classes = `${SIZES[size]} shrink-0 rounded-full`;
  if (src) {
    return <img src={src} alt={profileName(name)} className={`${classes} object-cover`} loading="lazy" />;
  }
  return (
    <span
      role="img"
      aria-label={profileName(name)}
      className={`${classes} inline-flex items-center justify-center bg-blue-100 font-semibold text-blue-800 dark:bg-blue-900 dark:text-blue-100`}
    >
      {initials(name)}
    </span>
  );
}
