import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GAME_STATUSES } from "~/games/game-status";
import { createDatabase } from "../../tests/support/database";
import { killLeftoverServers } from "../../tests/support/processes";
import { DEVELOPER, GAMES, NEWS_ITEMS, OWNER, opts, PASSWORD, workers } from "./options";

// What a bench run works in: its scratch folder, ports, database and seeded data.

// ---------------------------------------------------------------------------------------------
// Everything this run starts, so that it is stopped whatever happens.

export const work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-"));
export const cleanups: (() => Promise<void> | void)[] = [
  () =>
    opts.keep
      ? console.log(`kept ${work} (DATA_DIR ${path.join(work, "data")})`)
      : fs.rmSync(work, { recursive: true, force: true }),
];

export async function cleanUp() {
  await killLeftoverServers();
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping what it started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Ports (the bench keeps to BENCH_PORT.. +99) and HTTP helpers.

export const ports = { from: Number(opts.port), to: Number(opts.port) + 99 };

// ---------------------------------------------------------------------------------------------
// Data: a private DATA_DIR (PGlite) or a private PostgreSQL database, seeded through the domain.

export const adminUrl = process.env.BENCH_DATABASE_URL;
export const usePg = opts.pg || Boolean(adminUrl);
export let databaseUrl: string | undefined;

export const dataDir = path.join(work, "data");
export const authSecret = crypto.randomBytes(36).toString("base64url");

export async function prepareDatabase() {
  if (!usePg) return;
  const base = adminUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const database = await createDatabase(base, `studio_bench_${process.pid}_`);
  databaseUrl = database.url;
  cleanups.push(() => database.drop());
}

export type Seeded = {
  newsIds: string[];
  /** The news items' addresses (/news/<slug>). */
  newsSlugs: string[];
  gameIds: string[];
  engineVersion: string;
};

/** Demo content plus enough news for a full /news and 100 games, and a developer who signs in. */
export async function seed(): Promise<Seeded> {
  const [{ openConfiguredDatabase }, { migrate }, { seedDemo }, news, games, { createUsers }] =
    await Promise.all([
      import("~/db/open.server"),
      import("~/db/migrate.server"),
      import("~/runtime/demo.server"),
      import("~/news/index.server"),
      import("~/games/games.server"),
      import("../../tests/support/accounts"),
    ]);
  const { loadEnv } = await import("~/platform/config/env.server");
  const { sql } = await import("drizzle-orm");
  const env = loadEnv({ ...serverEnv(0), NODE_ENV: "production" });
  const database = await openConfiguredDatabase(env);
  try {
    await migrate(database);
    await seedDemo(database.db);
    const existing = await news.listNews(database.db);
    const day = 24 * 60 * 60 * 1000;
    for (let i = existing.length; i < NEWS_ITEMS; i++) {
      await news.createNews(database.db, {
        title: `Devlog #${i}: notes from the workshop`,
        content: `${"A week of small fixes, new sketches and a playtest with the community. ".repeat(4)}\nThanks for reading.`,
        createdAt: new Date(Date.now() - (60 + i) * day),
      });
    }
    for (let i = (await games.listGames(database.db)).length; i < GAMES; i++) {
      await games.createGame(database.db, {
        title: `Prototype ${i}`,
        description: "A small game made at a studio jam: one mechanic, explored thoroughly.",
        imageUrl: "/images/games/lantern-keeper.svg",
        status: GAME_STATUSES[i % GAME_STATUSES.length]!,
        url: `https://example.com/games/prototype-${i}`,
      });
    }
    await createUsers(database.db, env, [
      { email: OWNER, password: PASSWORD, role: "owner" },
      { email: DEVELOPER, password: PASSWORD, role: "developer" },
    ]);
    const version = (await database.db.execute(sql`select version() as v`)) as unknown as {
      rows: { v: string }[];
    };
    return {
      newsIds: (await news.listNews(database.db)).map((n) => n.id),
      newsSlugs: (await news.listNews(database.db)).map((n) => n.slug),
      gameIds: (await games.listGames(database.db)).map((g) => g.id),
      engineVersion: version.rows[0]?.v.split(" on ")[0] ?? "",
    };
  } finally {
    await database.close();
  }
}

export function serverEnv(port: number): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    // The API's per-address limit (120 a minute) would answer 429 to a load test from one address;
    // the limit is still counted on every request (in memory), as in production.
    API_RATE_LIMIT: "1000000000",
    // The press scenario's requests each come from an address of their own (X-Forwarded-For).
    TRUST_PROXY: "loopback",
    WEB_CONCURRENCY: String(workers),
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}
