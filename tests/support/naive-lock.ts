import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A CONTROL for the lock race test (tests/integration/seed-and-lock.test.ts), never used by the app: the
 * hand-written folder lock db/client.ts had before proper-lockfile (issue 11, part 1.5). A lock file
 * created with O_EXCL and then given the holder's pid; a process that finds the file without a live pid
 * in it takes it over. The gap between creating the file and writing the pid lets a second process
 * starting at the same instant read an empty file, take the lock over, and run too.
 */
export function naiveLockDataDir(dir: string): () => void {
  mkdirSync(path.dirname(dir), { recursive: true });
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new Error("locked");
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error("locked");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
