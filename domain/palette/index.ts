export * from "./constants";
export * from "./items";
export * from "./recent";
export * from "./shortcuts";
