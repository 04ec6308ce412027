import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";
import { encodeCursor } from "../../app/platform/paging/cursor";
import { type CreatedDatabase, createDatabase } from "../support/database";
import { queryRows } from "../support/explain";
import { type ServerProcess, startServer } from "../support/processes";
import { seedScale } from "../support/scale-data";
import { AUTH_SECRET, createUser, signIn, tempDir } from "./harness";

// A studio years on (docs/product.md#news-list): every list page's HTML stays under 150 KB, and its
// first page and a deep page both answer, on the embedded database and on PostgreSQL when
// TEST_DATABASE_URL is set. At the smallest size that shows it: 1,000 news items, 2,000 contact
// messages and 1,000 users, each list 40 to 100 pages long (seeding 10,000,
// 20,000 and 5,000 took a minute of the suite); `npm run bench` (growth) measures 100 times
// today's data.

const COUNTS = { news: 1_000, messages: 2_000, users: 1_000 };
const MAX_HTML_BYTES = 150 * 1024;
const OWNER = "owner@scale.test";

const engines = [
  { name: "pglite", url: null as string | null },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "postgres", url: process.env.TEST_DATABASE_URL }]
    : []),
];

/** A cursor `offset` rows deep into a table's newest-first order. */
async function deepCursor(db: DatabaseHandle["db"], table: string, offset: number) {
  const [row] = await queryRows<{ at: string; id: string }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id::text as id
        from ${sql.identifier(table)} order by created_at desc, id desc offset ${offset} limit 1`,
  );
  return encodeCursor(row!);
}

describe.each(engines)("lists at 100 times today's data on $name", (engine) => {
  let server: ServerProcess;
  let dataDir: string;
  let database: CreatedDatabase | null = null;
  let cookie: string;
  const deep: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = tempDir("studio-scale-");
    if (engine.url) database = await createDatabase(engine.url, "studio_scale_");
    const handle = await openDatabase(
      database
        ? { engine: "postgres", url: database.url }
        : { engine: "pglite", dataDir: `${dataDir}/db` },
    );
    try {
      await migrate(handle);
      await seedScale(handle.db, COUNTS);
      await createUser(handle.db, OWNER, "owner");
      deep.news = await deepCursor(handle.db, "news", 900);
      deep.users = await deepCursor(handle.db, "users", 900);
      deep.messages = await deepCursor(handle.db, "contact_messages", 1_800);
    } finally {
      await handle.close();
    }
    server = await startServer({
      dataDir,
      env: { DATABASE_URL: database?.url, AUTH_SECRET, LOG_LEVEL: "warn" },
    });
    cookie = await signIn(server.url, OWNER);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const pages = () => [
    { path: "/news", signedIn: false },
    { path: `/news?before=${deep.news}`, signedIn: false },
    { path: "/news?q=lantern", signedIn: false },
    { path: "/news", signedIn: true },
    { path: "/", signedIn: true },
    { path: "/admin/messages", signedIn: true },
    { path: `/admin/messages?inbox_before=${deep.messages}`, signedIn: true },
    { path: "/admin/news", signedIn: true },
    { path: `/admin/news?news_before=${deep.news}`, signedIn: true },
    { path: "/admin/games", signedIn: true },
    { path: "/admin/messages?mq=message+123&unread=1", signedIn: true, shows: "Question 123" },
    { path: "/role-management", signedIn: true },
    { path: `/role-management?before=${deep.users}`, signedIn: true },
    { path: "/role-management?q=player432", signedIn: true, shows: "player432@users.example" },
    { path: "/role-management?role=moderator", signedIn: true },
  ];

  it("every list page answers under 150 KB of HTML, on its first page and a deep one", async () => {
    for (const page of pages()) {
      const response = await fetch(`${server.url}${page.path}`, {
        headers: page.signedIn ? { Cookie: cookie } : {},
      });
      const html = await response.text();
      const label = `${page.path}${page.signedIn ? " (owner)" : ""}`;
      expect(response.status, label).toBe(200);
      expect(Buffer.byteLength(html), label).toBeLessThan(MAX_HTML_BYTES);
      if ("shows" in page) expect(html, label).toContain(page.shows);
    }
  });
});
