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
  const created = await createDatabase(adminUrl, "studio_test_");
  const handle = await openDatabase({ engine: "postgres", url: created.url, poolSize: 4 });
  await migrate(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await created.drop();
    },
  };
}

export type CreatedDatabase = { name: string; url: string; drop(): Promise<void> };

/**
 * A new, empty PostgreSQL database on the server behind `adminUrl`, named `prefix` plus random hex;
 * drop() removes it (connections and all). Integration, fuzz and system tests each make their own.
 */
export async function createDatabase(adminUrl: string, prefix: string): Promise<CreatedDatabase> {
  const name = `${prefix}${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
