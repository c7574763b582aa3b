import { recordProfileView } from "~/commands/profile-views.server";
import { getDb } from "~/db.server";
import { getProfileForViewer } from "~/queries/professional-profile.server";

/**
 * /professional/{username}: the profile as the signed-in viewer may see it (404 otherwise), and the
 * view counted when the viewer is someone else (once per viewer per day).
 */
export async function loadProfessionalProfile(username: string, viewerId: string) {
  const db = await getDb();
  const found = await getProfileForViewer(db, username, viewerId);
  if (!found) return null;
  if (found.access === "visitor") {
    try {
      await recordProfileView(db, found.profile.id, viewerId);
    } catch (error) {
      // A count that could not be written does not keep anyone from the page.
      console.error("profile view not recorded", error);
    }
  }
  return found;
}
