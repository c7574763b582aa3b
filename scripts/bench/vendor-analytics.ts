/**
 * Vendor analytics on a large data set: `DATABASE_URL=postgres://.../scratch npx tsx
 * scripts/bench/vendor-analytics.ts --fill` writes 20,000 RFPs, 200,100 proposals of 2,001 vendors
 * (100 each) and 4,900 more for one busy vendor, with their credit spends, straight into the read
 * models of a scratch database (migrated, empty: never a real one); then
 * `... scripts/bench/vendor-analytics.ts <vendor id>` times getVendorAnalytics for that vendor. The
 * busy vendor is md5('hot')::uuid, a usual one md5('vendor5')::uuid.
 */
import { sql } from "drizzle-orm";
import { getVendorAnalytics } from "../../app/queries/vendor-analytics.server";
import { openDatabase } from "../../db/client";

const FILL = `insert into rfps (id, author_id, status, title, category, property_type, budget_type, require_insurance, require_license, require_references, insurance_requirements, invited_vendor_ids, max_proposals, allow_questions, auto_close_enabled, evaluation_period_days, fields, proposal_count, created_at, updated_at, published_at)
select md5('rfp'||g)::uuid, md5('author')::uuid, 'published', 'RFP '||g,
  (array['maintenance','landscaping','roofing','painting','security','hvac'])[1 + g % 6],
  (array['condominium','townhouse','commercial'])[1 + g % 3], 'range', false, false, false, '[]', '[]', 50, true, false, 14, '{}', 0,
  now() - make_interval(days => g % 730), now(), now() - make_interval(days => g % 730)
from generate_series(1, 20000) g;
-- 2,000 vendors x 100 bids, plus a hot vendor with 5,000.
insert into rfp_proposals (id, rfp_id, vendor_id, status, total_price, fields, credit_cost, rejection_cause, created_at, updated_at, submitted_at, decided_at)
select md5('p'||v||'-'||i)::uuid, md5('rfp'||(1 + (v * 7919 + i * 104729) % 20000))::uuid,
  case when v = 0 then md5('hot')::uuid else md5('vendor'||v)::uuid end,
  (array['submitted','under_review','accepted','rejected','rejected','withdrawn'])[1 + (v + i) % 6],
  1000 + ((v * 31 + i * 17) % 50000), '{}', 1,
  case when (v + i) % 6 in (3,4) then 'another_awarded' end,
  now(), now(), now() - make_interval(days => (v + i * 3) % 700),
  case when (v + i) % 6 in (2,3,4) then now() - make_interval(days => (v + i * 2) % 600) end
from generate_series(0, 2000) v, generate_series(1, 100) i;
insert into rfp_proposals (id, rfp_id, vendor_id, status, total_price, fields, credit_cost, rejection_cause, created_at, updated_at, submitted_at, decided_at)
select md5('hotp'||i)::uuid, md5('rfp'||(1 + i % 20000))::uuid, md5('hot')::uuid,
  (array['submitted','under_review','accepted','rejected','rejected','withdrawn'])[1 + i % 6],
  1000 + (i * 17) % 50000, '{}', 1, case when i % 6 in (3,4) then 'another_awarded' end,
  now(), now(), now() - make_interval(days => i % 700), case when i % 6 in (2,3,4) then now() - make_interval(days => i % 600) end
from generate_series(101, 5000) i;
update rfps r set awarded_proposal_id = p.id from (select distinct on (rfp_id) rfp_id, id from rfp_proposals where status = 'accepted' order by rfp_id, id) p where p.rfp_id = r.id;
insert into vendor_credit_transactions (id, vendor_id, type, amount, description, metadata, position, created_at)
select md5('c'||p.id)::uuid, p.vendor_id, 'usage', -1, 'x', '{}', row_number() over (), now() from rfp_proposals p;
`;

const url = process.env.DATABASE_URL;
const vendorId = process.argv[2];
if (!url || !vendorId) {
  console.error("usage: DATABASE_URL=postgres://... tsx scripts/bench/vendor-analytics.ts <vendor id>");
  process.exit(2);
}
const handle = await openDatabase({ url });
if (vendorId === "--fill") {
  for (const statement of FILL.split(/;\n/)
    .map((q) => q.trim())
    .filter(Boolean))
    await handle.db.execute(sql.raw(statement));
  await handle.db.execute(sql`analyze`);
  console.log("filled");
  await handle.close();
  process.exit(0);
}
const runs: number[] = [];
for (let i = 0; i < 11; i++) {
  const started = performance.now();
  const a = await getVendorAnalytics(handle.db, vendorId, { timeZone: "America/New_York" });
  runs.push(performance.now() - started);
  if (i === 0)
    console.log(`submitted ${a.summary.submitted}, won ${a.summary.won}, categories ${a.categories.length}`);
}
runs.shift();
runs.sort((x, y) => x - y);
console.log(
  `median ${runs[Math.floor(runs.length / 2)]?.toFixed(1)} ms, max ${runs.at(-1)?.toFixed(1)} ms over ${runs.length} runs`,
);
await handle.close();
