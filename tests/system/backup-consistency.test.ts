import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";
import { ensureCurrentBuild } from "../support/build";
import { killOwnedProcesses, spawnOwned } from "../support/process-registry";
import { captureOutput, ROOT } from "../support/processes";
import {
  AUTH_SECRET,
  createTestDatabase,
  missingRequirement,
  type TestDatabase,
  tempDir,
  waitFor,
} from "./harness";

// A backup taken while writes run (docs/deployment.md#backups-and-restore), with the installed
// command (bin/studio.js) on PostgreSQL: two writer processes each commit, in a loop, a post and a
// subscriber with the same marker in one transaction; the archive restores to a database where each
// marker has both rows or neither. A second backup killed with SIGKILL mid-way leaves only its
// .partial file, never renamed, and restore refuses it.

const postgresMissing = await missingRequirement({});

/** A writer: post + subscriber per transaction, until killed; prints its count on SIGTERM. */
const WRITER = `
const pg = require("pg");
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
let n = 0, stop = false;
process.on("SIGTERM", () => { stop = true; });
(async () => {
  await client.connect();
  while (!stop) {
    const mark = process.env.WRITER + "-" + n;
    await client.query("begin");
    await client.query("insert into news (title, slug, content) values ($1, $1, 'x')", [mark]);
    await client.query("insert into subscribers (email) values ($1)", [mark + "@loop.test"]);
    await client.query("commit");
    n++;
  }
  await client.end();
  console.log(n);
})().catch((error) => { console.error(error); process.exit(1); });
`;

const made: string[] = [];
const databases: TestDatabase[] = [];
beforeAll(async () => {
  if (!postgresMissing) await ensureCurrentBuild(ROOT);
}, 600_000);
afterAll(async () => {
  await killOwnedProcesses();
  for (const database of databases) await database.drop();
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

async function query<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

function studio(env: Record<string, string>, ...args: string[]) {
  const owned = spawnOwned(process.execPath, ["bin/studio.js", ...args], {
    cwd: ROOT,
    env: { ...process.env, AUTH_SECRET, LOG_LEVEL: "silent", ...env },
  });
  const output = captureOutput(owned.child);
  return { owned, done: owned.exited.then((code) => ({ code, output: output() })) };
}

describe.skipIf(postgresMissing)("a backup under writes, and a killed one", () => {
  it("restores whole transactions only; a killed backup leaves nothing restore accepts", async () => {
    const source = await createTestDatabase();
    databases.push(source);
    const handle = await openDatabase({ engine: "postgres", url: source.url, poolSize: 2 });
    await migrate(handle);
    await handle.close();
    const dataDir = tempDir("studio-backup-writes-");
    made.push(dataDir);
    // Stored files that take the backup a moment to copy, so the kill lands while it writes.
    for (let i = 0; i < 3; i++) {
      const file = path.join(dataDir, "uploads", "load", `file-${i}.bin`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, crypto.randomBytes(1024 * 1024));
      fs.writeFileSync(`${file}.type`, "application/octet-stream");
    }
    const env = { DATABASE_URL: source.url, DATA_DIR: dataDir };
    const writers = ["a", "b"].map((name) => {
      const owned = spawnOwned(process.execPath, ["-e", WRITER], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: source.url, WRITER: name },
      });
      return { owned, output: captureOutput(owned.child) };
    });
    const count = async () =>
      (await query<{ n: number }>(source.url, "select count(*)::int as n from news"))[0]!.n;
    await waitFor("the writers under way", async () => (await count()) > 50);

    // Both backups at once (each command takes seconds to start): one to its end, one killed.
    const whole = path.join(dataDir, "whole.zip");
    const cut = path.join(dataDir, "cut.zip");
    const taking = studio(env, "backup", "create", "--out", whole).done;
    const killed = studio(env, "backup", "create", "--out", cut);
    await waitFor("the second backup writing", async () => fs.existsSync(`${cut}.partial`), {
      everyMs: 5,
    });
    killed.owned.signal("SIGKILL");
    expect((await killed.done).code).toBe("SIGKILL");
    const taken = await taking;
    expect(taken.code, taken.output).toBe(0);
    for (const writer of writers) writer.owned.signal("SIGTERM");
    const written = await Promise.all(writers.map((writer) => writer.owned.exited));
    expect(written).toEqual([0, 0]);
    expect(fs.existsSync(cut)).toBe(false);
    expect(fs.existsSync(`${cut}.partial`)).toBe(true);
    const live = await count();

    // Restore refuses the partial file (into a target of its own); the whole archive restores.
    const [target, other] = [await createTestDatabase(), await createTestDatabase()];
    databases.push(target, other);
    const [targetDir, otherDir] = [tempDir("studio-backup-restored-"), tempDir("studio-backup-")];
    made.push(targetDir, otherDir);
    const [refused, restored] = await Promise.all([
      studio({ DATABASE_URL: other.url, DATA_DIR: otherDir }, "backup", "restore", `${cut}.partial`)
        .done,
      studio({ DATABASE_URL: target.url, DATA_DIR: targetDir }, "backup", "restore", whole).done,
    ]);
    expect(refused.code, refused.output).not.toBe(0);
    expect(refused.output).toMatch(/damaged or incomplete/);
    expect(await query(other.url, "select 1 from pg_tables where schemaname = 'public'")).toEqual(
      [],
    );
    expect(restored.code, restored.output).toBe(0);

    const posts = await query<{ slug: string }>(target.url, "select slug from news");
    const readers = await query<{ email: string }>(target.url, "select email from subscribers");
    const marks = posts.map((row) => row.slug).sort();
    expect(readers.map((row) => row.email.replace("@loop.test", "")).sort()).toEqual(marks);
    // Taken while the writers ran: some of their transactions, not all.
    expect(marks.length).toBeGreaterThan(50);
    expect(marks.length).toBeLessThan(live);
  });
});
