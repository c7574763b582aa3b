// npm run replay             rebuild every projection from the events
// npm run replay -- --verify rebuild into scratch tables, compare with the live ones, exit 1 on any difference
import { replay } from "../db/projections/replay";
import { withAppDatabase } from "./db";

const verify = process.argv.includes("--verify");
const report = await withAppDatabase(({ db }) => replay(db, { verify }));
console.log(
  `${verify ? "Verified" : "Rebuilt"} projections from ${report.events} events in ${report.seconds.toFixed(2)} s ` +
    `(${Math.round(report.eventsPerSecond).toLocaleString("en-US")} events/s).`,
);
if (verify) {
  for (const d of report.differences) console.log(`${d.table} ${d.side}: ${JSON.stringify(d.row)}`);
  for (const s of report.snapshotDifferences) console.log(`snapshot: ${s}`);
  for (const c of report.corruptStreams)
    console.log(`corrupt stream ${c.streamId}: event ${c.version}: ${c.message}`);
  const total = report.differences.length + report.snapshotDifferences.length;
  if (report.corruptStreams.length > 0)
    console.error(
      `${report.corruptStreams.length} corrupt stream(s): an event its lifecycle does not allow.`,
    );
  if (total > 0) console.error(`${total} difference(s) between the live projections and the events.`);
  if (total > 0 || report.corruptStreams.length > 0) process.exit(1);
  console.log("No differences.");
}
