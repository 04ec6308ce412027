import fs from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";
import { contactMessages, news } from "../../app/db/schema";
import { killLeftoverServers, type ServerProcess, startServer } from "../support/processes";
import {
  AUTH_SECRET,
  createTestDatabase,
  createUser,
  missingRequirement,
  sendContact,
  signIn,
  type TestDatabase,
  tempDir,
  uniqueClientIp,
} from "./harness";

// kill -9 of the server in the middle of a stream of contact messages and news writes: every write
// that got a success answer must be there after a restart (docs/product.md#quality-bars: nothing
// acknowledged to a user is lost when the process is killed). On PostgreSQL and on the embedded
// PGlite.

const postgresMissing = await missingRequirement({});
const ADMIN = "admin@durability.test";
const KILL_AFTER_ACKNOWLEDGED = 24;
const WORKERS = 4;

const serverEnv = {
  NODE_ENV: "production",
  AUTH_SECRET,
  TRUST_PROXY: "loopback",
  CONTACT_RATE_LIMIT: "100000",
  LOG_LEVEL: "warn",
};

const dataDirs: string[] = [];
afterAll(async () => {
  await killLeftoverServers();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

type Acknowledged = { messages: string[]; news: string[]; failedAfterKill: number };

/**
 * Writes from several clients at once until KILL_AFTER_ACKNOWLEDGED writes were acknowledged, then
 * SIGKILLs the server while more are in flight. Returns what was acknowledged.
 */
async function writeThenKill(server: ServerProcess, cookie: string): Promise<Acknowledged> {
  const acknowledged: Acknowledged = { messages: [], news: [], failedAfterKill: 0 };
  let killed: Promise<unknown> | null = null;
  let n = 0;
  const worker = async () => {
    while (n < 2_000) {
      const i = n++;
      const mark = `${process.pid}-${i}-${Math.random().toString(36).slice(2, 8)}`;
      try {
        if (i % 2 === 0) {
          const subject = `Kill test ${mark}`;
          const response = await sendContact(
            server.url,
            { name: "Kill Tester", email: "kill@example.com", subject, message: "Keep me." },
            uniqueClientIp(),
          );
          await response.arrayBuffer();
          if (response.status === 200) acknowledged.messages.push(subject);
          else throw new Error(`contact answered ${response.status}`);
        } else {
          const title = `Kill test ${mark}`;
          const response = await fetch(`${server.url}/api/v1/news`, {
            method: "POST",
            headers: {
              Cookie: cookie,
              "Content-Type": "application/json",
              "X-Forwarded-For": uniqueClientIp(),
            },
            body: JSON.stringify({ title, content: "Keep me too." }),
          });
          await response.arrayBuffer();
          if (response.status === 201) acknowledged.news.push(title);
          else throw new Error(`news answered ${response.status}`);
        }
      } catch (error) {
        if (!killed) throw error;
        acknowledged.failedAfterKill++;
        return;
      }
      if (
        !killed &&
        acknowledged.messages.length + acknowledged.news.length >= KILL_AFTER_ACKNOWLEDGED
      ) {
        killed = server.kill();
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  expect(await killed).toBe("SIGKILL");
  return acknowledged;
}

async function expectAllStored(db: DatabaseHandle["db"], acknowledged: Acknowledged) {
  expect(acknowledged.messages.length).toBeGreaterThan(0);
  expect(acknowledged.news.length).toBeGreaterThan(0);
  const messages = await db
    .select({ subject: contactMessages.subject })
    .from(contactMessages)
    .where(inArray(contactMessages.subject, acknowledged.messages));
  const items = await db
    .select({ title: news.title })
    .from(news)
    .where(inArray(news.title, acknowledged.news));
  expect(messages.map((m) => m.subject).sort()).toEqual([...acknowledged.messages].sort());
  expect(items.map((n) => n.title).sort()).toEqual([...acknowledged.news].sort());
}

// The two engines run side by side: most of the time goes to starting processes.
describe.concurrent("kill -9 during a stream of writes", () => {
  it.skipIf(postgresMissing !== null)(
    `PostgreSQL: every acknowledged write is there after a restart${postgresMissing ? ` (skipped: ${postgresMissing})` : ""}`,
    async () => {
      const database: TestDatabase = await createTestDatabase();
      const direct = await openDatabase({ engine: "postgres", url: database.url, poolSize: 2 });
      try {
        await migrate(direct);
        await createUser(direct.db, ADMIN, "admin");
        const dataDir = tempDir("studio-system-kill-pg-");
        dataDirs.push(dataDir);
        const env = { ...serverEnv, DATABASE_URL: database.url };
        const server = await startServer({ dataDir, env });
        const acknowledged = await writeThenKill(server, await signIn(server.url, ADMIN));

        const restarted = await startServer({ dataDir, env, port: server.port });
        await expectAllStored(direct.db, acknowledged);
        expect(await restarted.stop()).toBe(0);
      } finally {
        await direct.close();
        await database.drop();
      }
    },
  );

  it("PGlite: every acknowledged write is there after a restart", async () => {
    const dataDir = tempDir("studio-system-kill-pglite-");
    dataDirs.push(dataDir);
    // The user first: the embedded database allows one process at a time.
    const setup = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "db") });
    await migrate(setup);
    await createUser(setup.db, ADMIN, "admin");
    await setup.close();

    const env = { ...serverEnv, DATABASE_URL: undefined };
    const server = await startServer({ dataDir, env });
    const acknowledged = await writeThenKill(server, await signIn(server.url, ADMIN));
    // The killed process left its lock behind; the restart takes it over and recovers.
    expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(true);

    const restarted = await startServer({ dataDir, env, port: server.port });
    expect(await restarted.stop()).toBe(0);
    const reopened = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "db") });
    try {
      await expectAllStored(reopened.db, acknowledged);
    } finally {
      await reopened.close();
    }
  });
});
