export * from "./command";
export * from "./registry";
export * from "./store";
export * from "./types";
