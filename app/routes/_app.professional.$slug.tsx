import { PROFILE_NOT_FOUND, PROFILE_TEXT, profileHref, profileName } from "@domain/network/profile";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { ExpertBadge } from "~/components/community/expert-badge";
import { RouteErrorBoundary } from "~/components/errors/error-screens";
import { CertificateStateBadge, VerifiedBadge } from "~/components/learning/certification-card";
import { ConnectionActions } from "~/components/network/connection-actions";
import { EndorsementsCompact } from "~/components/network/endorsements-section";
import { SkillsCompact } from "~/components/network/skills-section";
import { ProfessionalExperience, ProfileHeader } from "~/components/profiles/unified-profile";
import { buttonClass } from "~/components/ui/button";
import { getDb } from "~/db.server";
import { type Karma, karmaSummary } from "~/queries/community-comments.server";
import { pairState } from "~/queries/connections.server";
import { type CertificationCard, listCertificates } from "~/queries/learning-certificates.server";
import { profileEndorsements } from "~/queries/network-endorsements.server";
import { profileSkills } from "~/queries/network-skills.server";
import { ownUsername } from "~/queries/professional-profile.server";
import { loadProfessionalProfile } from "./_app.professional.$slug.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? profileName(data.profile.fullName) : PROFILE_NOT_FOUND.title} · Association Commons` },
];

/**
 * The unified profile (issue 28, part 1; spec 002 "Unified profile"): the full variant. The owner sees
 * their e-mail, Edit Profile and whether the profile is public; everyone else "Contact via platform"
 * and Contact. A private profile is for the owner and their connections; anyone else, and anyone
 * across a block, gets 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // /professional/me: one's own profile ("me" is never a username: RESERVED_USERNAMES).
  if (params.slug === "me") {
    const own = await ownUsername(await getDb(), user.id);
    if (!own) throw json({ error: PROFILE_TEXT.notFound }, { status: 404 });
    throw redirect(profileHref(own));
  }
  const found = await loadProfessionalProfile(params.slug ?? "", user.id);
  if (!found) throw json({ error: PROFILE_TEXT.notFound }, { status: 404 });
  // One address per profile: /professional/Jane-Doe reads as /professional/jane-doe.
  if (params.slug !== found.profile.username) throw redirect(profileHref(found.profile.username));
  const db = await getDb();
  const ownerId = found.profile.id;
  // A visitor's Connect / Pending / Accept / Connected / Blocked actions; the skills and endorsements the
  // viewer may see (public ones for others, all for the owner).
  const [pair, skills, endorsements, karma, certificates] = await Promise.all([
    found.access === "owner" ? null : pairState(db, user.id, ownerId),
    profileSkills(db, ownerId, user.id),
    profileEndorsements(db, ownerId, user.id),
    karmaSummary(db, ownerId),
    // Certificates earned (issue 30, part 10): revoked ones only for the owner.
    listCertificates(db, ownerId).then((list) =>
      found.access === "owner" ? list : list.filter((c) => c.isActive),
    ),
  ]);
  return json({ ...found, viewerId: user.id, pair, skills, endorsements, karma, certificates });
}

/**
 * The page: the header (who, facts, actions: Contact, View Profile and the connection's actions for
 * a visitor) and Professional Experience.
 */
export default function ProfessionalProfile() {
  const { access, profile, viewerId, pair, skills, endorsements, karma, certificates } =
    useLoaderData<typeof loader>();
  const here = profileHref(profile.username);
  const ofPerson = access === "owner" ? "" : `?${new URLSearchParams({ user: profile.id })}`;
  const isOwner = access === "owner";
  const visitorActions = (
    <>
      {pair ? (
        <ConnectionActions
          viewerId={viewerId}
          person={{ id: profile.id, name: profileName(profile.fullName) }}
          pair={pair}
          redirectTo={profileHref(profile.username)}
          showBlock
        />
      ) : null}
      <Link
        to={`/messages?${new URLSearchParams({ user: profile.id })}`}
        className={buttonClass("primary", "text-sm")}
      >
        {PROFILE_TEXT.contact}
      </Link>
      <Link to={profileHref(profile.username)} className={buttonClass("secondary", "text-sm")}>
        {PROFILE_TEXT.viewProfile}
      </Link>
    </>
  );
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <ProfileHeader profile={profile} owner={isOwner} actions={visitorActions} />
      <ProfessionalExperience roles={profile.professionalRoles} owner={isOwner} />
      <CommunityStanding karma={karma} />
      <Certifications certificates={certificates as CertificationCard[]} owner={isOwner} />
      <SkillsCompact data={skills} viewAllHref={`/professional/skills${ofPerson}`} redirectTo={here} />
      <EndorsementsCompact
        data={endorsements}
        viewerId={viewerId}
        viewAllHref={`/professional/endorsements${ofPerson}`}
        redirectTo={here}
      />
    </div>
  );
}

/**
 * Certificates earned in the learning hub (issue 30, part 10): each with its state; the owner opens
 * their certificate, a visitor its public verification page.
 */
function Certifications({ certificates, owner }: { certificates: CertificationCard[]; owner: boolean }) {
  if (certificates.length === 0 && !owner) return null;
  return (
    <section
      aria-labelledby="profile-certifications"
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="profile-certifications"
    >
      <h2 id="profile-certifications" className="text-lg font-semibold">
        Certifications
      </h2>
      {certificates.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          No certifications yet.{" "}
          <Link
            to="/learning-hub/courses?certification=true"
            className="text-blue-700 underline dark:text-blue-300"
          >
            Certification courses
          </Link>
        </p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {certificates.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-2">
              <Link
                to={owner ? `/learning-hub/certifications/${c.id}` : c.verificationPath}
                className="font-medium text-blue-700 underline dark:text-blue-300"
              >
                {c.certificateName}
              </Link>
              <CertificateStateBadge label={c.state.label} tone={c.state.tone} />
              {c.isVerified ? <VerifiedBadge /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Karma from the community (decision 066): its total, its kinds, and the Expert badge it earns. */
function CommunityStanding({ karma }: { karma: Karma }) {
  return (
    <section
      aria-labelledby="community-standing"
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="community-standing"
    >
      <h2 id="community-standing" className="flex items-center text-lg font-semibold">
        Community
        {karma.expert ? <ExpertBadge /> : null}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <span className="font-semibold">{karma.total}</span> karma: {karma.post} from posts, {karma.comment}{" "}
        from comments, {karma.award} from awards
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound={PROFILE_NOT_FOUND} />;
}
