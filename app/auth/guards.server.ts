import { isRoleVerified, type PermissionFlag, type Permissions, type RoleType } from "@domain/roles";
import { json, redirect } from "@remix-run/node";
import { switchContext } from "~/commands/roles.server";
import { getDb } from "~/db.server";
import type { ViewerContext, ViewerProfile, ViewerRole } from "~/queries/viewer.server";
import { oncePerRequest } from "./request-scope.server";
import { getSignedInViewer, type SessionUser, signInRedirect } from "./session.server";

export interface Viewer {
  user: SessionUser;
  profile: ViewerProfile;
  roles: ViewerRole[];
  contexts: ViewerContext[];
  /** The active context: the profile's, else the default or first one (which is then saved). */
  context: ViewerContext | null;
  role: ViewerRole | null;
  permissions: Permissions | null;
}

export interface ActiveViewer extends Viewer {
  context: ViewerContext;
  role: ViewerRole;
  permissions: Permissions;
}

/** Everything the shell and the guards need about the signed-in person, in one place. */
export async function requireViewer(request: Request): Promise<Viewer> {
  // The session, the person, the profile, the roles and the contexts: one statement, shared by the
  // loaders of one page (each still runs this guard).
  const signedIn = await getSignedInViewer(request);
  if (!signedIn) throw signInRedirect(request);
  const { user, roles, contexts } = signedIn;
  if (!signedIn.profile) throw new Response("Profile not found", { status: 404 });
  const profile = { ...signedIn.profile };
  let context = contexts.find((c) => c.id === profile.activeRoleContext) ?? null;
  if (!context && contexts.length > 0) {
    // Spec 000 section 4: fall back to the default or first context, and save it (once per request).
    context = contexts[0] ?? null;
    if (context) {
      const fallback = context.id;
      await oncePerRequest(`switch:${user.sessionId}`, async () =>
        switchContext(await getDb(), user.id, fallback),
      );
      profile.activeRoleContext = context.id;
    }
  }
  const role = context ? (roles.find((r) => r.id === context.professionalRoleId) ?? null) : null;
  return { user, profile, roles, contexts, context, role, permissions: context?.permissions ?? null };
}

/**
 * A signed-in person with an active context. Someone who has no role yet has not finished
 * onboarding and is sent there.
 */
export async function requireContext(request: Request): Promise<ActiveViewer> {
  const viewer = await requireViewer(request);
  if (!viewer.context || !viewer.role || !viewer.permissions) throw redirect("/onboarding");
  return viewer as ActiveViewer;
}

/**
 * No such page (not "no such record"): the route error boundary shows the generic "Page not found"
 * even where a route words its own 404 (see RouteErrorBoundary).
 */
export function pageNotFound(): never {
  throw json({ notFound: "page" }, { status: 404 });
}

export function forbidden(message = "You do not have permission to do this."): never {
  throw json({ error: message }, { status: 403 });
}

/** The active context must carry `flag` (spec 000 section 6), else 403. */
export async function requirePermission(request: Request, flag: PermissionFlag): Promise<ActiveViewer> {
  const viewer = await requireContext(request);
  if (!viewer.permissions[flag]) forbidden();
  return viewer;
}

/**
 * The active role must be current and verified (or need no verification), and of one of `types`
 * when given. Vendors answer RFPs only once verified, for instance.
 */
export async function requireVerifiedRole(
  request: Request,
  types?: readonly RoleType[],
): Promise<ActiveViewer> {
  const viewer = await requireContext(request);
  if (types && !types.includes(viewer.context.contextType)) forbidden();
  if (!viewer.role.isCurrent || !isRoleVerified(viewer.role.verificationStatus)) {
    forbidden("Your role must be verified first. Verification review takes about 1-2 business days.");
  }
  return viewer;
}

/** Administrators: an admin context that may verify users. */
export async function requireAdmin(request: Request): Promise<ActiveViewer> {
  const viewer = await requirePermission(request, "can_verify_users");
  if (viewer.context.contextType !== "admin") forbidden();
  return viewer;
}
