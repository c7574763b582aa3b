/**
 * The integration project's global set-up: migrates one template database per engine, once per run,
 * from which every test database is cloned (tests/support/db.ts). Decision 052.
 * - PGlite: a migrated in-memory database's data folder, dumped to a tarball in a temporary folder;
 *   each test database starts from it (`loadDataDir`).
 * - PostgreSQL (TEST_DATABASE_URL set): a database `test_template_<pid>_<random>`, migrated and then
 *   left without connections; each test database is `CREATE DATABASE ... TEMPLATE` it. Dropped at the
 *   end of the run, and a template left behind by a run that died is dropped by the next one.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { MIGRATIONS_FOLDER, openDatabase, runMigrations } from "../../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data folder's tarball. */
    pgliteTemplate: string;
    /** Name of the migrated PostgreSQL template database, when TEST_DATABASE_URL is set. */
    postgresTemplate: string | null;
  }
}

const TEMPLATE_PREFIX = "test_template_";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function pgliteTemplate(dir: string): Promise<string> {
  // Not openDatabase: the dump needs the PGlite client itself.
  const pg = await PGlite.create();
  await migrate(drizzle({ client: pg }), { migrationsFolder: MIGRATIONS_FOLDER });
  const tarball = await pg.dumpDataDir("none");
  await pg.close();
  const file = path.join(dir, "pglite-template.tar");
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  return file;
}

async function postgresTemplate(adminUrl: string): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 30 });
  try {
    // Templates of runs whose process is gone (killed mid-run) would pile up otherwise.
    const left = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${`${TEMPLATE_PREFIX}%`}`;
    for (const { datname } of left) {
      const pid = Number(datname.slice(TEMPLATE_PREFIX.length).split("_")[0]);
      if (pid && !alive(pid)) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    }
    const name = `${TEMPLATE_PREFIX}${process.pid}_${randomBytes(4).toString("hex")}`;
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const handle = await openDatabase({ url: url.toString(), max: 1, connectTimeout: 30 });
      try {
        await runMigrations(handle);
      } finally {
        await handle.close();
      }
    } catch (error) {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "association-commons-tests-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  // One after the other: PGlite's start and migrations hold this process's thread for seconds, long
  // enough for a PostgreSQL connection being opened meanwhile to time out.
  const template = adminUrl ? await postgresTemplate(adminUrl) : null;
  const pglite = await pgliteTemplate(dir);
  project.provide("pgliteTemplate", pglite);
  project.provide("postgresTemplate", template);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && template) {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 30 });
      try {
        await admin.unsafe(`drop database if exists "${template}" with (force)`);
      } finally {
        await admin.end();
      }
    }
  };
}
