export * from "./board-vote";
export * from "./decide";
export * from "./events";
export * from "./fields";
export * from "./form";
export * from "./list";
export * from "./machine";
export * from "./rules";
