export * from "./permissions";
export * from "./types";
export * from "./verification";
