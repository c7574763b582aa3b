export * from "./decide";
export * from "./events";
export * from "./fields";
export * from "./form";
export * from "./machine";
export * from "./stats";
export * from "./types";
export * from "./invitations";
