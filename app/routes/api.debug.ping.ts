/**
 * HEAD (or GET) /api/debug/ping: answers 204 with no body, for the authentication diagnostics'
 * reachability check (spec 000 section 7) and for load balancers.
 */
export function loader() {
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
