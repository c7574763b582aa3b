export * from "./decide";
export * from "./events";
export * from "./fields";
export * from "./form";
export * from "./machine";
export * from "./packet";
export * from "./stats";
export * from "./types";
