/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single fetch (remix.config.js, future.v3_singleFetch): `useLoaderData<typeof loader>` and the other
// `typeof loader` helpers infer what single fetch sends (a Date stays a Date), as Remix documents.
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
