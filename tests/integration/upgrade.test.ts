import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";
import { APPLIED_MIGRATION_SQL, readJournal } from "../../app/db/schema-version.server";
import { createDatabase } from "../support/database";

// Upgrades (docs/deployment.md#upgrades): a DATA_DIR and a PostgreSQL database made by an earlier
// release (before migration 0024, tests/fixtures/upgrade/README.md) open with this one, which
// migrates them forward and reads the rows that release wrote.

const FIXTURES = path.join(__dirname, "../fixtures/upgrade");

async function rows(handle: DatabaseHandle, query: ReturnType<typeof sql>) {
  const result = await handle.db.execute(query);
  return ((result as { rows?: unknown[] }).rows ?? result) as Record<string, unknown>[];
}

/** Migrates forward and checks the earlier release's rows, with the later columns' defaults. */
async function expectUpgraded(handle: DatabaseHandle) {
  const before = await rows(handle, sql.raw(APPLIED_MIGRATION_SQL));
  const journal = readJournal();
  const earlier = journal.find((entry) => entry.when === Number(before[0]!.applied));
  expect(earlier?.tag).toBe("0023_game_visibility");
  await migrate(handle);
  const after = await rows(handle, sql.raw(APPLIED_MIGRATION_SQL));
  expect(Number(after[0]!.applied)).toBe(journal.at(-1)!.when);
  expect(await rows(handle, sql`select email from users`)).toEqual([
    { email: "owner@fixture.test" },
  ]);
  expect(await rows(handle, sql`select role from user_roles`)).toEqual([{ role: "owner" }]);
  expect(await rows(handle, sql`select title, slug from games`)).toEqual([
    { title: "Fixture Game", slug: "fixture-game" },
  ]);
  // 0024 gave posts a kind; the earlier post reads as the default.
  expect(await rows(handle, sql`select title, kind from news`)).toEqual([
    { title: "Fixture post", kind: "news" },
  ]);
  expect(await rows(handle, sql`select email from subscribers`)).toEqual([
    { email: "reader@fixture.test" },
  ]);
  // The later tables are there and empty.
  expect(await rows(handle, sql`select count(*)::int as n from backup_runs`)).toEqual([{ n: 0 }]);
  expect(await rows(handle, sql`select count(*)::int as n from phone_factors`)).toEqual([{ n: 0 }]);
}

describe("an earlier release's data", () => {
  it("opens an embedded DATA_DIR made by it, migrated forward", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-upgrade-"));
    const untar = spawnSync("tar", [
      "-xJf",
      path.join(FIXTURES, "pglite-data-dir.tar.xz"),
      "-C",
      dataDir,
    ]);
    // xz-utils: .ci/run installs it where it is missing (docs/testing.md).
    expect(untar.status, `tar -xJf needs xz (Debian: xz-utils): ${untar.stderr}`).toBe(0);
    const handle = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "db") });
    try {
      await expectUpgraded(handle);
    } finally {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)(
    "opens a PostgreSQL database made by it, migrated forward",
    async () => {
      const created = await createDatabase(url!, "studio_upgrade_");
      // The dump on a connection of its own: it empties its session's search_path.
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      await client.query(fs.readFileSync(path.join(FIXTURES, "postgres.sql"), "utf8"));
      await client.end();
      const handle = await openDatabase({ engine: "postgres", url: created.url, poolSize: 2 });
      try {
        await expectUpgraded(handle);
      } finally {
        await handle.close();
        await created.drop();
      }
    },
    60_000,
  );
});
