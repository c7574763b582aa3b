/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: true,
  postcss: false,
  watchPaths: ["db", "domain"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    // Types: remix.env.d.ts. Entry: app/entry.server.tsx (streaming, streamTimeout). Decision 049.
    v3_singleFetch: true,
  },
};
