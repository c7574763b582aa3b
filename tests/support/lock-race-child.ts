// One contender of the lock race (tests/integration/seed-and-lock.test.ts), started with IPC:
//   node --import tsx tests/support/lock-race-child.ts <real|naive>
// On { dir, at, spreadMs }: spins until the wall clock reaches `at` plus a random part of `spreadMs` (a
// barrier shared with the other contenders, so they all try within that spread, which sweeps the
// moments one contender may hit inside another's locking), tries to lock `dir`, answers { locked }, and
// holds the lock until { release }.
import { lockDataDir } from "../../db/client";
import { naiveLockDataDir } from "./naive-lock";

const lock = process.argv[2] === "naive" ? naiveLockDataDir : lockDataDir;
let held: (() => void) | null = null;
const now = () => performance.timeOrigin + performance.now();

process.on(
  "message",
  (message: { dir?: string; at?: number; spreadMs?: number; release?: boolean; stop?: boolean }) => {
    if (message.stop) process.exit(0);
    if (message.release) {
      held?.();
      held = null;
      process.send?.({ released: true });
      return;
    }
    if (message.dir === undefined || message.at === undefined) return;
    const at = message.at + Math.random() * (message.spreadMs ?? 0);
    while (now() < at) {
      // Busy-wait: a timer would wake each process up to a millisecond apart.
    }
    try {
      held = lock(message.dir);
      process.send?.({ locked: true });
    } catch {
      process.send?.({ locked: false });
    }
  },
);
process.send?.({ ready: true });
