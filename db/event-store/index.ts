export * from "./command";
export * from "./edit";
export * from "./registry";
export * from "./store";
export * from "./types";
