// The memory of an app server started for measuring it (server.js with BENCH_GC=1, --expose-gc and an
// IPC channel: server/app.js answers a "gc" message after full collections). No app code: the browser
// tests' server helper (tests/support/app-server.ts) uses it too.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";

/** The server process's resident memory, in bytes (Linux). */
export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.replace(/\D+/g, "") ?? 0) * 1024;
}

/**
 * The server's memory after full collections: server.js, started with BENCH_GC=1 and --expose-gc,
 * answers an IPC "gc" message with process.memoryUsage() after three gc() calls (and first writes a
 * heap snapshot to `snapshot`, when given).
 */
export function collectedMemory(server: ChildProcess, snapshot?: string): Promise<NodeJS.MemoryUsage> {
  const id = randomBytes(4).toString("hex");
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server never answered the gc message")), 120_000);
    const onMessage = (message: { type?: string; id?: string; memory?: NodeJS.MemoryUsage }) => {
      if (message?.type !== "gc" || message.id !== id || !message.memory) return;
      clearTimeout(timer);
      server.off("message", onMessage);
      resolve(message.memory);
    };
    server.on("message", onMessage);
    server.send({ type: "gc", id, snapshot });
  });
}

/** The server's memory after forced collections (collectedMemory): heapUsed+external and RSS, in bytes. */
export async function memoryReading(
  server: ChildProcess,
  pid: number,
): Promise<{ heap: number; rss: number }> {
  const m = await collectedMemory(server);
  return { heap: m.heapUsed + m.external, rss: rssOf(pid) };
}
