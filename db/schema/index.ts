export * from "./accounts";
export * from "./associations";
export * from "./credits";
export * from "./event-store";
export * from "./monitoring";
export * from "./rfps";
export * from "./roles";
export * from "./setup";
