import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";
import { type CreatedDatabase, createDatabase, MIGRATED } from "./database";

// Vitest's global set-up (vite.config.ts): the migrations run once per run instead of once per
// test database. A new PGlite spends ~2 s creating its cluster, against ~0.5 s loading a dump, so
// the migrated PGlite database is dumped to a file each test database starts from; on PostgreSQL
// (TEST_DATABASE_URL) a migrated database is the template each test database is copied from.
// Their names reach the test workers in the environment (MIGRATED); both are removed at the end.
export default async function setup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-migrated-"));
  let template: CreatedDatabase | undefined;
  const teardown = async () => {
    delete process.env[MIGRATED.pgliteDump];
    delete process.env[MIGRATED.postgresTemplate];
    fs.rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
  try {
    const dumpFile = path.join(dir, "pglite.tar");
    fs.writeFileSync(dumpFile, await migratedPgliteDump());
    process.env[MIGRATED.pgliteDump] = dumpFile;
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      template = await createDatabase(adminUrl, "studio_template_");
      await migrateAndClose(template.url);
      process.env[MIGRATED.postgresTemplate] = template.name;
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

async function migratedPgliteDump(): Promise<Buffer> {
  const handle = await openDatabase({ engine: "pglite" });
  try {
    await migrate(handle);
    if (handle.engine !== "pglite") throw new Error("opened PGlite");
    return Buffer.from(await (await handle.pglite.dumpDataDir("none")).arrayBuffer());
  } finally {
    await handle.close();
  }
}

/** A template must have no connection open when it is copied: this one is closed at once. */
async function migrateAndClose(url: string): Promise<void> {
  // Two connections: migrate() holds its lock on one and migrates on the other.
  const handle = await openDatabase({ engine: "postgres", url, poolSize: 2 });
  try {
    await migrate(handle);
  } finally {
    await handle.close();
  }
}
