export * from "./access";
export * from "./decide";
export * from "./events";
export * from "./fields";
export * from "./machine";
export * from "./rules";
export * from "./types";
export * from "./urgency";
