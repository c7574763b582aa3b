export * from "./decide";
export * from "./events";
export * from "./fields";
export * from "./form";
export * from "./invitations";
export * from "./machine";
export * from "./stats";
export * from "./types";
