export * from "./form";
export * from "./form-fields";
export * from "./grid";
export * from "./input";
export * from "./month-placement";
export * from "./recurrence";
export * from "./time";
export * from "./types";
