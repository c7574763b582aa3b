export * from "./access";
export * from "./decide";
export * from "./events";
export * from "./machine";
export * from "./notices";
export * from "./plans";
export * from "./webhooks";
