/** Demo data of skills and endorsements (issue 28): every demo account has skills; seeding again adds nothing. */
import { queryRows } from "@db/client";
import { DEMO_ACCOUNTS, seed } from "@db/seed";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { engines, useTestDatabase } from "../support/db";

describe.each(engines)("skills and endorsements demo data on %s", (engine) => {
  const t = useTestDatabase(engine);

  it("gives every demo account skills, endorsements among connections, and is safe to run again", async () => {
    await seed(t.db);
    const counts = () =>
      queryRows<Record<string, number>>(
        t.db,
        sql`select (select count(*)::int from skills) as skills, (select count(*)::int from endorsements) as endorsements,
              (select count(*)::int from skill_endorsements) as plus_ones, (select count(*)::int from endorsement_requests) as requests,
              (select count(*)::int from profile_views) as views,
              (select count(*)::int from users u where not exists (select 1 from skills s where s.user_id = u.id)) as without_skills,
              (select count(*)::int from endorsements e where not exists (select 1 from connections c where c.status = 'accepted'
                 and least(c.requester_id, c.addressee_id) = least(e.endorser_id, e.endorsee_id)
                 and greatest(c.requester_id, c.addressee_id) = greatest(e.endorser_id, e.endorsee_id))) as unconnected,
              (select count(*)::int from skills s where s.endorsements_count <> (select count(*) from skill_endorsements x where x.skill_id = s.id)) as miscounted`,
      );
    const [first] = await counts();
    expect(first).toMatchObject({ without_skills: 0, unconnected: 0, miscounted: 0 });
    expect(first?.skills).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length * 2);
    expect(first?.endorsements).toBeGreaterThan(5);
    await seed(t.db);
    expect((await counts())[0]).toEqual(first);
  });
});
