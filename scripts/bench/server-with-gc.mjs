// The production server with a way to ask for a full garbage collection (SIGUSR2), so a memory
// benchmark measures what is retained rather than garbage not yet collected. Bench use only:
//   node --expose-gc scripts/bench/server-with-gc.mjs
process.on("SIGUSR2", () => globalThis.gc?.());
await import("../../server.js");
