import { timestamp } from "drizzle-orm/pg-core";

/** A `timestamp with time zone` column, read and written as ISO text (the schema's one timestamp kind). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });
