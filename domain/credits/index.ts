export * from "./decide";
export * from "./events";
export * from "./machine";
export * from "./packages";
export * from "./status";
