import { planName } from "@domain/billing/plans";
import { navigationFor } from "@domain/navigation";
import { activeMembershipOf } from "~/auth/association.server";
import { requireViewer } from "~/auth/guards.server";
import { readSessionId } from "~/auth/session.server";
import { getDb } from "~/db.server";
import { bellItem, presentNotification } from "~/queries/notification-present.server";
import { unreadMessagesForSession } from "./messages.server";
import { getBellForSession } from "./notifications.server";

/**
 * What the authenticated shell shows around every signed-in page (navigation, bell, palette, user
 * menu): the app layout's loader, and the not-found page for an unknown address, which keeps the shell
 * for a signed-in person.
 */
export async function getShellData(request: Request) {
  // The bell finds the person through the session, so it loads alongside the viewer.
  const sessionId = await readSessionId(request);
  const [viewer, bell, unreadMessages] = await Promise.all([
    requireViewer(request),
    sessionId ? getBellForSession(await getDb(), sessionId) : { items: [], unread: 0 },
    // The messages badge (issue 28): unread messages of conversations neither muted nor archived.
    sessionId ? unreadMessagesForSession(await getDb(), sessionId) : 0,
  ]);
  // The user menu's association switcher: the person's associations and the active one (as
  // requireAssociation decides it; the page's guard shares this load).
  const { memberships, membership: activeAssociation } = await activeMembershipOf(viewer.user.id);
  const now = new Date();
  // The active role's verification: entries that need a verified role say so and lead to verifying it.
  const role = viewer.role
    ? { status: viewer.role.verificationStatus, isCurrent: viewer.role.isCurrent }
    : null;
  const timeZone = viewer.profile.timezone ?? undefined;
  return {
    bell: {
      unread: bell.unread,
      items: bell.items.map((n) => bellItem(presentNotification(n, now, timeZone))),
    },
    messages: { unread: unreadMessages },
    // What the links show: the entries' roles and permissions stay on the server, which chose them.
    nav: navigationFor(viewer.context?.contextType ?? null, viewer.permissions, role).map(
      ({ label, href, icon, note }) => (note ? { label, href, icon, note } : { label, href, icon }),
    ),
    sidebarCollapsed: viewer.profile.sidebarCollapsed,
    // The command palette gates its actions on the active context's flags (the pages check them again).
    palette: {
      userId: viewer.user.id,
      viewer: {
        contextType: viewer.context?.contextType ?? null,
        permissions: viewer.permissions,
        role,
        activeContextId: viewer.context?.id ?? null,
        contexts: viewer.contexts.map((c) => ({
          id: c.id,
          contextType: c.contextType,
          contextName: c.contextName,
        })),
      },
    },
    user: {
      name: viewer.profile.fullName?.trim() || viewer.user.email,
      email: viewer.user.email,
      tier: planName(viewer.profile.subscriptionTier),
      contexts: viewer.contexts.map((c) => ({
        id: c.id,
        contextName: c.contextName,
        contextType: c.contextType,
      })),
      activeContextId: viewer.context?.id ?? null,
      activeContextType: viewer.context?.contextType ?? null,
      associations: memberships.map((m) => ({ id: m.associationId, name: m.associationName })),
      activeAssociationId: activeAssociation?.associationId ?? null,
    },
  };
}

export type ShellData = Awaited<ReturnType<typeof getShellData>>;
