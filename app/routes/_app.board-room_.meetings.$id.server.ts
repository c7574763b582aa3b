import { VersionConflictError } from "@db/event-store";
import { MEETING_MESSAGES } from "@domain/meeting";
import { changeMeeting } from "~/commands/meetings.server";
import { getDb } from "~/db.server";

/**
 * The meeting page's change with the stream version its form was rendered from (the agenda's reorder
 * forms: the arrows and drag and drop). A stream that moved on is a conflict (409): the page reloads
 * with the current agenda rather than reordering what someone else changed.
 */
export async function changeMeetingAtVersion(
  input: Parameters<typeof changeMeeting>[1],
  expectedVersion: number | undefined,
): ReturnType<typeof changeMeeting> {
  try {
    return await changeMeeting(await getDb(), input, { expectedVersion });
  } catch (error) {
    if (!(error instanceof VersionConflictError)) throw error;
    return { ok: false, error: { kind: "conflict", message: MEETING_MESSAGES.editConflict, fields: [] } };
  }
}
