import {
  ADD_ROLE_HREF,
  activeRolesLabel,
  EDIT_PROFILE_HREF,
  memberSince,
  PROFILE_TEXT,
  profileHref,
  profileName,
  rolesShown,
  showMoreRolesLabel,
  yearsLabel,
} from "@domain/network/profile";
import { ROLE_LABELS, type RoleType } from "@domain/roles";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { Briefcase, CalendarDays, Lock, Mail, MapPin, ShieldCheck, UsersRound } from "~/components/ui/icons";
import type { ProfileRole, UnifiedProfile } from "~/queries/professional-profile.server";
import { ProfileAvatar } from "./profile-avatar";

/**
 * The unified profile of spec 002 in its three variants: `full` (the profile page), `compact` (a list
 * entry: avatar, name, badge, two roles) and `card` (a directory card). Data comes from the loader; the
 * e-mail is there only for the owner.
 */

type ProfileData = Pick<
  UnifiedProfile,
  | "username"
  | "fullName"
  | "avatarUrl"
  | "location"
  | "email"
  | "yearsExperience"
  | "professionalSummary"
  | "isPublic"
  | "hasVerifiedRole"
  | "currentRolesCount"
  | "createdAt"
  | "professionalRoles"
>;

/** A panel's frame (border and background). */
export const PANEL = "rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";

const roleLabel = (type: string) => ROLE_LABELS[type as RoleType] ?? type;

function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
      <ShieldCheck className="h-3.5 w-3.5" />
      {PROFILE_TEXT.verified}
    </span>
  );
}

function RoleItem({ role }: { role: ProfileRole }) {
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{role.title}</span>
        {role.isPrimary ? (
          <span className="rounded bg-blue-100 px-1.5 text-xs text-blue-900 dark:bg-blue-900 dark:text-blue-100">
            Primary
          </span>
        ) : null}
        {role.verificationStatus === "verified" ? (
          <span className="inline-flex items-center gap-0.5 text-xs text-emerald-800 dark:text-emerald-300">
            <ShieldCheck className="h-3.5 w-3.5" /> Verified
          </span>
        ) : null}
        {!role.isCurrent ? <span className="text-xs text-slate-600 dark:text-slate-400">Past</span> : null}
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {[roleLabel(role.roleType), role.organizationName].filter(Boolean).join(" · ")}
      </p>
      {role.description ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{role.description}</p>
      ) : null}
    </li>
  );
}

/**
 * Professional Experience: the first three roles, the rest behind "Show N More Roles" (a <details>
 * element: it opens without JavaScript; its summary reads "Show Less" once open).
 */
export function ProfessionalExperience({ roles, owner }: { roles: ProfileRole[]; owner: boolean }) {
  const { shown, hidden, more } = rolesShown(roles, "full");
  return (
    <section aria-labelledby="experience-title" className={`${PANEL} p-4 sm:p-6`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="experience-title" className="text-lg font-semibold">
          {PROFILE_TEXT.experience}
        </h2>
        {owner && roles.length > 0 ? (
          <Link to={ADD_ROLE_HREF} className={buttonClass("secondary", "text-sm")}>
            {PROFILE_TEXT.addRole}
          </Link>
        ) : null}
      </div>
      {roles.length === 0 ? (
        <div className="mt-3">
          <p className="text-slate-600 dark:text-slate-400">{PROFILE_TEXT.noRoles}</p>
          {owner ? (
            <Link to={ADD_ROLE_HREF} className={buttonClass("primary", "mt-3 text-sm")}>
              {PROFILE_TEXT.addFirstRole}
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <ul className="mt-3 flex flex-col gap-2">
            {shown.map((r) => (
              <RoleItem key={r.id} role={r} />
            ))}
          </ul>
          {more > 0 ? (
            <details className="group mt-2">
              <summary className="cursor-pointer text-sm font-medium text-blue-700 hover:underline dark:text-blue-300">
                <span className="group-open:hidden">{showMoreRolesLabel(more)}</span>
                <span className="hidden group-open:inline">{PROFILE_TEXT.showLess}</span>
              </summary>
              <ul className="mt-2 flex flex-col gap-2">
                {hidden.map((r) => (
                  <RoleItem key={r.id} role={r} />
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The full variant's header: who, badges, facts, and the owner's or the visitor's actions. */
export function ProfileHeader({
  profile,
  owner,
  actions,
}: {
  profile: ProfileData;
  owner: boolean;
  /** The visitor's actions (Contact, Connect) the page composes. */
  actions?: ReactNode;
}) {
  const name = profileName(profile.fullName);
  return (
    <section aria-labelledby="profile-name" className={`${PANEL} p-4 sm:p-6`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <ProfileAvatar name={profile.fullName} url={profile.avatarUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="profile-name" className="break-words text-2xl font-semibold">
              {name}
            </h1>
            {profile.hasVerifiedRole ? <VerifiedBadge /> : null}
          </div>
          <p className="mt-1 inline-flex items-center gap-1 text-sm text-slate-700 dark:text-slate-300">
            <Briefcase className="h-4 w-4" />
            {activeRolesLabel(profile.currentRolesCount)}
          </p>
          <ul className="mt-3 flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
            {profile.location ? (
              <li className="inline-flex items-center gap-1">
                <MapPin className="h-4 w-4" /> {profile.location}
              </li>
            ) : null}
            <li className="inline-flex items-center gap-1 break-all">
              <Mail className="h-4 w-4 shrink-0" />
              {owner && profile.email ? profile.email : PROFILE_TEXT.contactViaPlatform}
            </li>
            {profile.yearsExperience !== null ? (
              <li className="inline-flex items-center gap-1">
                <UsersRound className="h-4 w-4" /> {yearsLabel(profile.yearsExperience)}
              </li>
            ) : null}
            <li className="inline-flex items-center gap-1">
              <CalendarDays className="h-4 w-4" /> {memberSince(profile.createdAt)}
            </li>
          </ul>
          {profile.professionalSummary ? (
            <p className="mt-3 whitespace-pre-line text-slate-800 dark:text-slate-200">
              {profile.professionalSummary}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2 sm:flex-col sm:items-end">
          {owner ? (
            <>
              <Link to={EDIT_PROFILE_HREF} className={buttonClass("primary", "text-sm")}>
                {PROFILE_TEXT.editProfile}
              </Link>
              <span className="inline-flex items-center gap-1 rounded-full border border-slate-300 px-2 py-0.5 text-xs dark:border-slate-700">
                {profile.isPublic ? null : <Lock className="h-3.5 w-3.5" />}
                {profile.isPublic ? PROFILE_TEXT.public : PROFILE_TEXT.private}
              </span>
            </>
          ) : (
            actions
          )}
        </div>
      </div>
    </section>
  );
}

/** Compact variant: avatar, name, badge, the first two roles (a list entry). */
export function ProfileCompact({ profile }: { profile: ProfileData }) {
  const { shown, more } = rolesShown(profile.professionalRoles, "compact");
  const name = profileName(profile.fullName);
  return (
    <div className="flex items-start gap-3">
      <ProfileAvatar name={profile.fullName} url={profile.avatarUrl} size="sm" />
      <div className="min-w-0">
        <Link
          to={profileHref(profile.username)}
          className="font-medium text-blue-700 hover:underline dark:text-blue-300"
        >
          {name}
        </Link>
        {profile.hasVerifiedRole ? (
          <ShieldCheck className="ml-1 inline h-4 w-4 text-emerald-700" aria-label={PROFILE_TEXT.verified} />
        ) : null}
        <ul className="text-sm text-slate-600 dark:text-slate-400">
          {shown.map((r) => (
            <li key={r.id}>{[r.title, r.organizationName].filter(Boolean).join(" · ")}</li>
          ))}
          {more > 0 ? <li>+{more} more</li> : null}
        </ul>
      </div>
    </div>
  );
}

/** Card variant: a directory card with View Profile (the visitor's link). */
export function ProfileCard({ profile, footer }: { profile: ProfileData; footer?: ReactNode }) {
  const name = profileName(profile.fullName);
  const primary = profile.professionalRoles[0];
  return (
    <article className={`${PANEL} flex h-full flex-col gap-3 p-4`} aria-label={name}>
      <div className="flex items-start gap-3">
        <ProfileAvatar name={profile.fullName} url={profile.avatarUrl} size="md" />
        <div className="min-w-0 flex-1">
          <h2 className="break-words text-base font-semibold">
            <Link to={profileHref(profile.username)} className="hover:underline">
              {name}
            </Link>
          </h2>
          {primary ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {[primary.title, primary.organizationName].filter(Boolean).join(" · ")}
            </p>
          ) : null}
          {profile.location ? (
            <p className="inline-flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
              <MapPin className="h-3.5 w-3.5" /> {profile.location}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {profile.hasVerifiedRole ? <VerifiedBadge /> : null}
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {activeRolesLabel(profile.currentRolesCount)}
        </span>
      </div>
      {profile.professionalSummary ? (
        <p className="line-clamp-3 text-sm text-slate-700 dark:text-slate-300">
          {profile.professionalSummary}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2">
        <Link to={profileHref(profile.username)} className={buttonClass("secondary", "text-sm")}>
          {PROFILE_TEXT.viewProfile}
        </Link>
        {footer}
      </div>
    </article>
  );
}
