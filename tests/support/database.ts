import crypto from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";

export type TestEngine = { name: "pglite" | "postgres"; open(): Promise<DatabaseHandle> };

/**
 * The engines integration tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * Each open() gives a new, migrated, empty database (on PostgreSQL a database created for the test
 * and dropped when it is closed), so test files never see each other's rows.
 */
export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [{ name: "pglite", open: openPglite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) engines.push({ name: "postgres", open: () => openPostgres(url) });
  return engines;
}

async function openPglite(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ engine: "pglite" });
  await migrate(handle);
  return handle;
}

async function openPostgres(adminUrl: string): Promise<DatabaseHandle> {
  const name = `studio_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ engine: "postgres", url: url.toString(), poolSize: 4 });
  await migrate(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
