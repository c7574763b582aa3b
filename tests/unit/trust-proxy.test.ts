/**
 * TRUST_PROXY is a hop count (issue 26, part 4.4): the client address is the X-Forwarded-For entry the
 * nearest trusted proxy appended, never the left-most one a client can write itself; "true" (trust
 * every entry) is refused at start-up.
 */
import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { trustProxyHops } from "../../server/trust-proxy.js";

/** The part of Express (4, untyped here: no @types/express) that server.js uses for the address. */
type ExpressApp = { set(name: string, value: unknown): void; request: object };
const express = createRequire(import.meta.url)("express") as () => ExpressApp;

/** The address Express gives a request (req.ip) with server.js's setting for `trustProxy`. */
function clientAddress(trustProxy: string | undefined, socketAddress: string, forwardedFor?: string) {
  const app = express();
  const hops = trustProxyHops(trustProxy);
  if (hops !== undefined) app.set("trust proxy", hops);
  const socket = { remoteAddress: socketAddress };
  const req = Object.assign(Object.create(app.request) as IncomingMessage & { ip: string }, {
    app,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    socket,
    connection: socket,
  });
  return req.ip;
}

describe("TRUST_PROXY", () => {
  it("unset: the socket address, whatever X-Forwarded-For says", () => {
    expect(clientAddress(undefined, "203.0.113.9", "6.6.6.6")).toBe("203.0.113.9");
    expect(clientAddress("", "203.0.113.9", "6.6.6.6")).toBe("203.0.113.9");
    expect(clientAddress("0", "203.0.113.9", "6.6.6.6")).toBe("203.0.113.9");
  });

  it("1: the entry the load balancer appended, not a forged one to its left", () => {
    // The client sent "X-Forwarded-For: 6.6.6.6, 7.7.7.7"; the load balancer (10.0.0.2) appended the
    // address it saw, 203.0.113.7.
    expect(clientAddress("1", "10.0.0.2", "6.6.6.6, 7.7.7.7, 203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddress("1", "10.0.0.2", "203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddress("1", "10.0.0.2")).toBe("10.0.0.2");
  });

  it("2: behind a CDN and a load balancer, the entry the CDN appended", () => {
    expect(clientAddress("2", "10.0.0.2", "6.6.6.6, 203.0.113.7, 198.51.100.4")).toBe("203.0.113.7");
  });

  it("refuses anything but a hop count, true included, with a message for the operator", () => {
    for (const value of ["true", "yes", "-1", "1.5", "loopback"]) {
      expect(() => trustProxyHops(value)).toThrow(/TRUST_PROXY must be the number of proxies/);
    }
    expect(trustProxyHops(" 3 ")).toBe(3);
  });
});
