import { publishLegalResource } from "../app/commands/legal.server";
import type { Database } from "./client";
import { DEMO_LEGAL_RESOURCES } from "./legal-content";

/**
 * Legal Resources' own articles and templates (issue 30, part 9), published by the app's own command:
 * written once per slug (a second run finds them and changes nothing).
 */
export async function seedLegal(db: Database): Promise<void> {
  for (const resource of DEMO_LEGAL_RESOURCES) await publishLegalResource(db, resource);
}
