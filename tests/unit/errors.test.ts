import {
  categorizeError,
  classifyError,
  ERROR_BOUNDARY_MAX_RETRIES,
  ERROR_MONITOR,
  ERROR_TEXTS,
  errorHealth,
  formatErrorId,
  isLazyLoadFailure,
  routeLabel,
  serverErrorIdFromStack,
  severityOfError,
  shouldAlert,
  withServerErrorId,
} from "@domain/errors/classify";
import { describe, expect, it } from "vitest";

describe("error categories by keyword (spec 000 section 8)", () => {
  it.each([
    ["Authentication session expired", "auth"],
    ["Invalid login credentials", "auth"],
    ["Request failed with 401", "auth"],
    ["duplicate key value violates unique constraint", "database"],
    ["Postgres query failed", "database"],
    ["TypeError: Failed to fetch", "network"],
    ["The request timed out", "network"],
    ["connect ECONNREFUSED 127.0.0.1:5432", "network"],
    ["API returned status code 502", "api"],
    ["Unexpected response from endpoint", "api"],
    ["Cannot read properties of undefined (reading 'map')", "ui"],
    ["Hydration failed because the initial UI does not match", "ui"],
    ["Something odd happened", "unknown"],
    ["", "unknown"],
  ] as const)("%s -> %s", (message, category) => {
    expect(categorizeError(message)).toBe(category);
  });

  it("tries auth before database before network before api before ui", () => {
    expect(categorizeError("auth token query")).toBe("auth");
    expect(categorizeError("database network")).toBe("database");
    expect(categorizeError("network api")).toBe("network");
    expect(categorizeError("api render")).toBe("api");
  });

  it("is case-insensitive", () => {
    expect(categorizeError("DATABASE DOWN")).toBe("database");
  });
});

describe("error severity by keyword", () => {
  it.each([
    ["Fatal: out of memory", "critical"],
    ["Security violation detected", "critical"],
    ["Data may be corrupt", "critical"],
    ["Failed to load profile", "high"],
    ["Unable to save", "high"],
    ["Request timed out", "medium"],
    ["Page not found", "medium"],
    ["Deprecated call", "medium"],
    ["Something odd happened", "low"],
  ] as const)("%s -> %s", (message, severity) => {
    expect(severityOfError(message)).toBe(severity);
  });

  it("falls back on the category: database high, auth and api medium, others low", () => {
    expect(severityOfError("relation does not exist")).toBe("high");
    expect(severityOfError("session expired")).toBe("medium");
    expect(severityOfError("bad endpoint")).toBe("medium");
    expect(severityOfError("render loop")).toBe("low");
  });

  it("records errors caught by an error boundary as ui and critical (spec 000 section 2.10)", () => {
    expect(classifyError("Database exploded", "boundary")).toEqual({ category: "ui", severity: "critical" });
    expect(classifyError("Database unavailable", "server")).toEqual({
      category: "database",
      severity: "high",
    });
    expect(classifyError("Failed to fetch", "client")).toEqual({ category: "network", severity: "high" });
  });
});

describe("error monitor constants and health (spec 000 section 9)", () => {
  it("keeps 1000 errors, alerts at 10 per minute, one-hour metrics, 5 s refresh, last 50, top 5", () => {
    expect(ERROR_MONITOR.maxErrors).toBe(1000);
    expect(ERROR_MONITOR.alertThreshold).toBe(10);
    expect(ERROR_MONITOR.alertWindowSeconds).toBe(60);
    expect(ERROR_MONITOR.metricsWindowSeconds).toBe(3600);
    expect(ERROR_MONITOR.refreshSeconds).toBe(5);
    expect(ERROR_MONITOR.recentLimit).toBe(50);
    expect(ERROR_MONITOR.topLimit).toBe(5);
  });

  it("error boundary: 3 retries", () => {
    expect(ERROR_BOUNDARY_MAX_RETRIES).toBe(3);
  });

  it("health: under 5 per hour Healthy, under 20 Warning, else Critical", () => {
    expect(errorHealth(0)).toBe("Healthy");
    expect(errorHealth(4)).toBe("Healthy");
    expect(errorHealth(5)).toBe("Warning");
    expect(errorHealth(19)).toBe("Warning");
    expect(errorHealth(20)).toBe("Critical");
    expect(errorHealth(500)).toBe("Critical");
  });

  it("alerts at 10 errors in a minute, not at 9", () => {
    expect(shouldAlert(9)).toBe(false);
    expect(shouldAlert(10)).toBe(true);
  });
});

describe("error screens", () => {
  it("keeps the specification's texts word for word", () => {
    expect(ERROR_TEXTS.boundaryTitle).toBe("Something went wrong");
    expect(ERROR_TEXTS.boundaryMessage).toBe(
      "We encountered an unexpected error. Please try again or contact support if the problem persists.",
    );
    expect(ERROR_TEXTS.appTitle).toBe("Application Error");
    expect(ERROR_TEXTS.persists).toBe(
      "If this problem persists, please contact support with the error ID above.",
    );
    expect(ERROR_TEXTS.reportSent).toBe("Error report sent successfully");
    expect(ERROR_TEXTS.routeTitle).toBe("Page Error");
    expect(ERROR_TEXTS.routeMessage("Dashboard")).toBe(
      "The Dashboard page encountered an error while loading. Please try again or navigate to a different page.",
    );
    expect(ERROR_TEXTS.lazyTitle).toBe("Failed to Load Component");
  });

  it("names the route from the path", () => {
    expect(routeLabel("/")).toBe("Home");
    expect(routeLabel("/dashboard")).toBe("Dashboard");
    expect(routeLabel("/rfps/123/edit")).toBe("RFPs");
    expect(routeLabel("/vendor-dashboard/credits")).toBe("Vendor Dashboard");
  });

  it("recognises a failed lazy load", () => {
    expect(isLazyLoadFailure("Failed to fetch dynamically imported module: /build/x.js")).toBe(true);
    expect(isLazyLoadFailure("ChunkLoadError: Loading chunk 3 failed")).toBe(true);
    expect(isLazyLoadFailure("Cannot read properties of undefined")).toBe(false);
  });

  it("formats ids from a time and a random part", () => {
    expect(formatErrorId(1_700_000_000_000, "a1b2c3d4")).toBe("err-loyw3v28-a1b2c3d4");
  });

  it("carries the server's id through a client-side navigation's error stack", () => {
    const id = "err-loyw3v28-a1b2c3d4";
    expect(serverErrorIdFromStack(withServerErrorId(undefined, id))).toBe(id);
    expect(serverErrorIdFromStack(withServerErrorId("Error: boom\n    at loader (x.js:1:1)", id))).toBe(id);
    expect(withServerErrorId("Error: boom", id)).toBe(`Error: boom\nserver error id: ${id}`);
    expect(serverErrorIdFromStack("Error: boom\n    at loader (x.js:1:1)")).toBeNull();
    expect(serverErrorIdFromStack("server error id: <script>")).toBeNull();
    expect(serverErrorIdFromStack(undefined)).toBeNull();
  });
});
