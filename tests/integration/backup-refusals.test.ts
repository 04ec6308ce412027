import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import yazl from "yazl";
import { openArchive } from "../../app/backup/archive-reader.server";
import { openArchiveWriter } from "../../app/backup/archive-writer.server";
import { createBackup } from "../../app/backup/create-backup.server";
import { type Manifest, manifestBytes, readManifest } from "../../app/backup/manifest.server";
import { restoreBackup } from "../../app/backup/restore-backup.server";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";
import { migrationsUpTo, readJournal } from "../../app/db/schema-version.server";
import { AppError } from "../../app/platform/errors/app-error";
import { runtimeContext } from "../../app/platform/server/context.server";
import { tableRows } from "../support/backup-site";
import { type TestEngine, testEngines } from "../support/database";
import { queryRows } from "../support/explain";
import { testContext } from "../support/runtime";
import { seedScale } from "../support/scale-data";

// What a restore refuses, each with one sentence and nothing changed (docs/deployment.md#restore):
// a damaged archive (a flipped byte, a cut file, the partial file of a backup that never ended),
// an archive from a newer schema, and a target that is not empty unless --replace, which backs
// up what it replaces first. And an older archive comes back with the later migrations applied.

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "studio-backup-refusals-"));
const journal = readJournal();
const newest = journal.at(-1)!;
const previous = journal.at(-2)!;
/** Bytes no compression touches (a picture's type is stored as it is), to flip one of them. */
const MARKER = Buffer.from(`picture-bytes-${"x".repeat(64)}`);

const sources: DatabaseHandle[] = [];
let good: string;
let older: string;

/** A small site: some news, messages and users, and one stored picture. */
async function smallSite(handle: DatabaseHandle, name: string): Promise<string> {
  const context = testContext(handle);
  const { env, storage } = context.get(runtimeContext);
  await storage.put("media/marker/original", MARKER, "image/png");
  const out = path.join(folder, name);
  await createBackup({ database: handle, storage, env }, { out });
  return out;
}

/** A copy of an archive whose manifest is changed (and its sum made to match). */
async function withManifest(archive: string, name: string, edit: (manifest: Manifest) => void) {
  const zip = await yauzl.openPromise(archive, { lazyEntries: true });
  const members = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.on("entry", async (entry: yauzl.Entry) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk);
      members.set(entry.fileName, Buffer.concat(chunks));
      zip.readEntry();
    });
    zip.readEntry();
  });
  const manifest = JSON.parse(members.get("manifest.json")!.toString()) as Manifest;
  edit(manifest);
  const { json, sum } = manifestBytes(manifest);
  members.set("manifest.json", json);
  members.set("manifest.sha256", sum);
  const out = new yazl.ZipFile();
  for (const [member, data] of members) out.addBuffer(data, member);
  out.end();
  const file = path.join(folder, name);
  await pipeline(out.outputStream, fs.createWriteStream(file));
  return file;
}

beforeAll(async () => {
  const [pglite] = testEngines();
  const current = await pglite!.open();
  sources.push(current);
  await seedScale(current.db, { news: 5, messages: 5, users: 5 });
  good = await smallSite(current, "good.zip");
  // A database made by the release before the newest migration, with a game in it.
  const old = await openDatabase({ engine: "pglite" });
  sources.push(old);
  const upTo = migrationsUpTo(previous.when);
  await migrate(old, { migrationsFolder: upTo, tablesOnly: true });
  fs.rmSync(upTo, { recursive: true, force: true });
  await old.db.execute(sql`
    insert into games (title, slug, description, image_url, url, display_order)
    values ('Old Game', 'old-game', 'From the release before.', '/i.png', 'https://x.example', 1)`);
  older = await smallSite(old, "older.zip");
}, 120_000);

afterAll(async () => {
  for (const source of sources) await source.close();
});

describe.each(testEngines())(
  "restore refusals on $name",
  { timeout: 180_000 },
  (engine: TestEngine) => {
    const targets: DatabaseHandle[] = [];
    afterAll(async () => {
      for (const target of targets) await target.close();
    });

    async function target() {
      const database = await engine.openEmpty();
      targets.push(database);
      const { env, storage } = testContext(database).get(runtimeContext);
      return {
        database,
        storage,
        restore: (archive: string, replace = false) =>
          restoreBackup({ database, storage, env }, { archive, replace }),
      };
    }

    /** The error a promise is refused with: its code and sentence. */
    async function refusal(promise: Promise<unknown>) {
      const error = await promise.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(AppError);
      return { code: (error as AppError).code, message: (error as AppError).message };
    }

    /** Nothing was made: no table, no stored file. */
    async function untouched(place: Awaited<ReturnType<typeof target>>) {
      const tables = await queryRows<{ name: string }>(
        place.database.db,
        sql`select tablename as name from pg_tables where schemaname in ('public', 'drizzle')`,
      );
      expect(tables).toEqual([]);
      const files = [];
      for await (const file of place.storage.list()) files.push(file);
      expect(files).toEqual([]);
    }

    it("refuses a flipped byte, a cut archive and the partial file of a backup that never ended", async () => {
      const place = await target();
      const bytes = fs.readFileSync(good);
      const at = bytes.indexOf(MARKER);
      expect(at).toBeGreaterThan(0);
      bytes[at + 20]! ^= 1;
      const flipped = path.join(folder, `flipped-${engine.name}.zip`);
      fs.writeFileSync(flipped, bytes);
      expect(await refusal(place.restore(flipped))).toEqual({
        code: "archive_damaged",
        message: `The archive flipped-${engine.name}.zip is damaged or incomplete (the checksum of file media/marker/original does not match); nothing was restored.`,
      });

      const cut = path.join(folder, `cut-${engine.name}.zip`);
      fs.writeFileSync(cut, fs.readFileSync(good).subarray(0, Math.floor(bytes.length / 2)));
      expect(await refusal(place.restore(cut))).toEqual({
        code: "archive_damaged",
        message: `The archive cut-${engine.name}.zip is damaged or incomplete (it is not a whole zip file); nothing was restored.`,
      });

      const unfinished = path.join(folder, `unfinished-${engine.name}.zip`);
      const writer = await openArchiveWriter(unfinished);
      await writer.add("db/games.jsonl", ["[]\n"]);
      expect(fs.existsSync(unfinished)).toBe(false);
      expect((await refusal(place.restore(`${unfinished}.partial`))).code).toBe("archive_damaged");
      await writer.abort();
      expect(fs.existsSync(`${unfinished}.partial`)).toBe(false);
      await untouched(place);
    });

    it("refuses an archive from a newer schema", async () => {
      const place = await target();
      const newer = await withManifest(good, `newer-${engine.name}.zip`, (manifest) => {
        manifest.schema = { migration: "0099_from_the_future", when: newest.when + 1 };
      });
      expect(await refusal(place.restore(newer))).toEqual({
        code: "schema_newer",
        message: `The archive newer-${engine.name}.zip comes from a newer release of the site (its database is at migration 0099_from_the_future, this release knows up to ${newest.tag}); upgrade the site before restoring it.`,
      });
      await untouched(place);
    });

    it("refuses a target that holds a site, and with --replace backs it up before replacing it", async () => {
      const place = await target();
      await place.restore(good);
      await place.database.db.execute(
        sql`insert into contact_messages (name, email, subject, message) values ('Ada', 'ada@example.test', 'Kept', 'In the backup of what was replaced.')`,
      );
      const before = await tableRows(place.database);
      const refused = await refusal(place.restore(good));
      expect(refused.code).toBe("target_not_empty");
      expect(refused.message).toMatch(
        /^The target is not empty \(\d+ tables hold rows, such as \w+; 1 files are stored in local disk .+\): restore into an empty database and storage, or add --replace to replace what is there \(it is backed up first\)\.$/,
      );
      expect(await tableRows(place.database)).toEqual(before);

      const replacing = await place.restore(good, true);
      expect(replacing.replaced).toMatch(/replaced-by-restore-\d{8}-\d{6}Z\.zip$/);
      const kept = await openArchive(replacing.replaced!);
      const manifest = await readManifest(kept);
      kept.close();
      const messages = (m: Manifest) => m.tables.find((t) => t.name === "contact_messages")?.rows;
      expect(messages(manifest)).toBe(messages(replacing.manifest)! + 1);
      expect((await tableRows(place.database)).contact_messages).toHaveLength(
        messages(replacing.manifest)!,
      );
    });

    it("restores an archive of the previous release and applies the later migrations", async () => {
      const place = await target();
      const summary = await place.restore(older);
      expect(summary.migration).toEqual({ from: previous.tag, to: newest.tag });
      const games = await queryRows<{ title: string }>(
        place.database.db,
        sql`select title from games`,
      );
      expect(games).toEqual([{ title: "Old Game" }]);
      const applied = await queryRows<{ count: string }>(
        place.database.db,
        sql`select count(*)::text as count from drizzle.__drizzle_migrations`,
      );
      expect(Number(applied[0]!.count)).toBe(journal.length);
    });
  },
);
