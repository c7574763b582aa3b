import { Column, entityKind, is, SQL, sql, Table } from "drizzle-orm";
import { PgColumn, PgTable, pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";

/**
 * patches/drizzle-orm: `is(value, type)` keeps each class's answer for a type (statement building asks
 * it of every chunk against several types). The answers must be those of the walk along the class
 * chain, asked once or many times, for instances that are and are not of the type.
 */
describe("drizzle's is() (patched)", () => {
  const things = pgTable("things", { name: text("name") });
  it.each([
    ["a column is a Column", () => is(things.name, Column), true],
    ["a column is a PgColumn", () => is(things.name, PgColumn), true],
    ["a column is not SQL", () => is(things.name, SQL), false],
    ["a table is a Table and a PgTable", () => is(things, Table) && is(things, PgTable), true],
    ["a table is not a Column", () => is(things, Column), false],
    ["SQL is SQL", () => is(sql`1`, SQL), true],
    ["SQL is not a Table", () => is(sql`1`, Table), false],
    ["a plain object is no entity", () => is({}, Column), false],
    ["null is no entity", () => is(null, Column), false],
  ])("%s", (_label, ask, expected) => {
    for (let i = 0; i < 3; i++) expect(ask()).toBe(expected);
  });

  it("recognises an entity of another copy of the class by its kind, and still refuses others", () => {
    class CopiedColumn {
      static [entityKind] = "Column";
      readonly name = "copied";
    }
    class Other {
      static [entityKind] = "Other";
      readonly name = "other";
    }
    for (let i = 0; i < 3; i++) {
      expect(is(new CopiedColumn(), Column)).toBe(true);
      expect(is(new Other(), Column)).toBe(false);
    }
  });
});
