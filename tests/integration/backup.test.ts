import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { createBackup } from "../../app/backup/create-backup.server";
import { restoreBackup } from "../../app/backup/restore-backup.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { readJournal } from "../../app/db/schema-version.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { keySealer } from "../../app/press-desk/index.server";
import * as gameDetail from "../../app/routes/game-detail";
import * as games from "../../app/routes/games";
import * as home from "../../app/routes/home";
import * as newsList from "../../app/routes/news";
import * as newsDetail from "../../app/routes/news-detail";
import * as newsFeed from "../../app/routes/news-feed";
import * as sitemap from "../../app/routes/sitemap";
import {
  hooksOpen,
  type SeededSite,
  seedBackupSite,
  storedFiles,
  tableRows,
} from "../support/backup-site";
import { type TestEngine, testEngines } from "../support/database";
import { queryRows } from "../support/explain";
import { testContext } from "../support/runtime";
import { startS3 } from "../support/s3";
import { openForSuite } from "../support/suite";
import { uniqueId } from "../support/users";

// Backups and restores (docs/deployment.md#backups-and-restore) on each engine: a site with the
// demo, uploads, subscribers, sealed keys and hooks comes back row for row and file for file,
// serves the same pages, and its sealed keys open; an archive made without --with-secrets holds
// no secret, and a restore under another secret says what does not open and restores the rest.

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "studio-backups-"));
const OTHER_SECRET = "another-secret-another-secret-another-1234";

/** A restore's target: an empty database (not even migrated) and an empty storage of its own. */
async function restoreInto(
  engine: TestEngine,
  archive: string,
  options: { env?: Record<string, string>; secretFile?: boolean } = {},
) {
  const database = await engine.openEmpty();
  const context = testContext(database, { env: options.env });
  const { env, storage } = context.get(runtimeContext);
  const summary = await restoreBackup(
    { database, storage, env },
    { archive, secretFile: options.secretFile ? path.join(env.DATA_DIR, "auth-secret") : null },
  );
  return { database, context, summary };
}

/** What a loader answered, as JSON, or a resource route's text. */
async function answer(loaded: unknown): Promise<string> {
  return loaded instanceof Response ? loaded.text() : JSON.stringify(loaded);
}

/** A route's HTML as its component renders the loader's data (as tests/integration/game-news does). */
function render(route: { default: unknown }, pathname: string, data: unknown): string {
  const Stub = createRoutesStub([
    { id: "page", path: pathname, Component: route.default as never, loader: () => data },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [pathname],
      hydrationData: { loaderData: { page: data } },
    }),
  );
}

/** The public pages' data, HTML and documents, as an anonymous reader gets them. */
async function pages(context: AppContext, handle: DatabaseHandle) {
  const [article] = await queryRows<{ slug: string }>(
    handle.db,
    sql`select slug from news where published_at is not null order by published_at desc limit 1`,
  );
  const [game] = await queryRows<{ slug: string }>(
    handle.db,
    sql`select slug from games order by display_order limit 1`,
  );
  const args = (pathname: string, params: Record<string, string> = {}) =>
    ({ request: new Request(`http://localhost:3000${pathname}`), params, context }) as never;
  const articlePath = `/news/${article!.slug}`;
  const gamePath = `/games/${game!.slug}`;
  const articleData = await newsDetail.loader(args(articlePath, article!));
  const gameData = await gameDetail.loader(args(gamePath, game!));
  const homeData = await home.loader(args("/"));
  return {
    home: await answer(homeData),
    homeHtml: render(home, "/", homeData),
    news: await answer(await newsList.loader(args("/news"))),
    article: await answer(articleData),
    articleHtml: render(newsDetail, articlePath, articleData),
    games: await answer(await games.loader(args("/games"))),
    game: await answer(gameData),
    gameHtml: render(gameDetail, gamePath, gameData),
    feed: await answer(await newsFeed.loader(args("/news/feed.xml"))),
    sitemap: await answer(await sitemap.loader(args("/sitemap.xml"))),
  };
}

/** The archive's bytes as stored and every member's bytes as read back (inflated). */
async function archiveContents(file: string): Promise<Buffer[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const members: Buffer[] = [fs.readFileSync(file)];
  await new Promise<void>((resolve, reject) => {
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.on("entry", async (entry: yauzl.Entry) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk);
      members.push(Buffer.concat(chunks));
      zip.readEntry();
    });
    zip.readEntry();
  });
  return members;
}

const [, postgres] = testEngines();

describe.each(testEngines())("backup and restore on $name", { timeout: 180_000 }, (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let site: SeededSite;
  const targets: DatabaseHandle[] = [];
  openForSuite(
    engine,
    async (opened) => {
      ({ handle, context } = opened);
      site = await seedBackupSite(context);
    },
    180_000,
  );
  let stopS3: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const target of targets) await target.close();
    await stopS3?.();
  });

  async function backUp(withSecrets = false) {
    const { env, storage } = context.get(runtimeContext);
    const out = path.join(folder, `${engine.name}-${uniqueId()}.zip`);
    return createBackup({ database: handle, storage, env }, { out, withSecrets });
  }

  it("brings back every table's rows and every file, the same pages, and sealed keys that open", async () => {
    const backup = await backUp();
    expect(backup.files).toBeGreaterThan(10);
    expect(backup.rows).toBeGreaterThan(200);
    expect(fs.existsSync(`${backup.file}.partial`)).toBe(false);

    const restored = await restoreInto(engine, backup.file);
    targets.push(restored.database);
    const newest = readJournal().at(-1)!.tag;
    expect(restored.summary).toMatchObject({
      tables: backup.tables,
      rows: backup.rows,
      files: backup.files,
      migration: { from: newest, to: newest },
      replaced: null,
      secrets: { kind: "none" },
      sealedSentence: "The sealed data opens with this server's secret.",
    });
    const rows = await tableRows(handle);
    expect(Object.values(rows).flat().length).toBe(backup.rows);
    expect(await tableRows(restored.database)).toEqual(rows);
    expect(await storedFiles(restored.context.get(runtimeContext).storage)).toEqual(
      await storedFiles(context.get(runtimeContext).storage),
    );
    expect(await pages(restored.context, restored.database)).toEqual(await pages(context, handle));

    const sealer = keySealer(restored.context.get(runtimeContext).env);
    const keys = await queryRows<{ sealed: string; gameId: string; platform: string }>(
      restored.database.db,
      sql`select sealed, game_id as "gameId", platform from press_keys`,
    );
    expect(keys.map((key) => sealer.open(key.sealed, key)).sort()).toEqual(
      [...site.pressKeys].sort(),
    );
    expect(await hooksOpen(restored.database, context.get(runtimeContext).env.AUTH_SECRET)).toBe(
      true,
    );
  });

  it("keeps every secret out of an archive unless asked, and restores the rest under another secret", async () => {
    const { env } = context.get(runtimeContext);
    const plain = await backUp();
    const clear = [
      env.AUTH_SECRET,
      ...site.pressKeys,
      site.hookUrl,
      site.hookSecret,
      site.totpSecret,
    ];
    for (const content of await archiveContents(plain.file))
      for (const secret of clear) expect(content.includes(secret)).toBe(false);
    // The same search finds the secret in an archive made with it.
    const withSecrets = await backUp(true);
    const found = (await archiveContents(withSecrets.file)).some((content) =>
      content.includes(env.AUTH_SECRET),
    );
    expect(found).toBe(true);

    const restored = await restoreInto(engine, plain.file, { env: { AUTH_SECRET: OTHER_SECRET } });
    targets.push(restored.database);
    expect(restored.summary.sealedSentence).toBe(
      "The sealed data cannot be opened with this server's secret: 5 of 5 press keys, " +
        "3 of 3 announcement hook URLs and secrets, 2 of 2 two-factor secrets and recovery codes, " +
        "1 of 1 service token signing keys.",
    );
    expect(await tableRows(restored.database)).toEqual(await tableRows(handle));
  });

  it("adopts the archive's secret where the server's own was generated into DATA_DIR", async () => {
    const { env } = context.get(runtimeContext);
    const archive = await backUp(true);
    const restored = await restoreInto(engine, archive.file, {
      env: { AUTH_SECRET: OTHER_SECRET },
      secretFile: true,
    });
    targets.push(restored.database);
    const secretFile = path.join(restored.context.get(runtimeContext).env.DATA_DIR, "auth-secret");
    expect(restored.summary.secrets).toMatchObject({ kind: "adopted", file: secretFile });
    expect(fs.readFileSync(secretFile, "utf8")).toBe(env.AUTH_SECRET);
    expect(restored.summary.sealedSentence).toBe(
      "The sealed data opens with this server's secret.",
    );
  });

  // The middle stop is PostgreSQL with an S3-compatible bucket, as a site that outgrew one machine
  // runs; without TEST_DATABASE_URL it is another embedded database, still with the bucket. From
  // the embedded suite's site (until 2026-11-30 a suite of its own, "moving a site between
  // engines and storages", which seeded the same site again).
  it.runIf(engine.name === "pglite")(
    "gives the same rows and files from the embedded database to PostgreSQL with a bucket, and back",
    async () => {
      const s3 = await startS3();
      stopS3 = () => s3.close();
      const source = context.get(runtimeContext);
      const first = await createBackup(
        { database: handle, storage: source.storage, env: source.env },
        { out: path.join(folder, "move-1.zip") },
      );
      const there = await restoreInto(postgres ?? engine, first.file, {
        env: { AUTH_SECRET: source.env.AUTH_SECRET, ...s3.env },
      });
      targets.push(there.database);
      const middle = there.context.get(runtimeContext);
      expect(middle.storage.describe).toMatch(/^S3 bucket /);
      const second = await createBackup(
        { database: there.database, storage: middle.storage, env: middle.env },
        { out: path.join(folder, "move-2.zip") },
      );
      const back = await restoreInto(engine, second.file, {
        env: { AUTH_SECRET: source.env.AUTH_SECRET },
      });
      targets.push(back.database);
      expect(back.summary.manifest.engine.name).toBe(postgres ? "postgres" : "pglite");
      expect(back.summary.sealedSentence).toBe("The sealed data opens with this server's secret.");

      const rows = await tableRows(handle);
      expect(await tableRows(there.database)).toEqual(rows);
      expect(await tableRows(back.database)).toEqual(rows);
      const files = await storedFiles(source.storage);
      expect(await s3.keys()).toEqual(Object.keys(files));
      expect(await storedFiles(middle.storage)).toEqual(files);
      expect(await storedFiles(back.context.get(runtimeContext).storage)).toEqual(files);
    },
  );
});
