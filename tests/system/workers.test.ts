import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killLeftoverServers, type ServerProcess, startServer } from "../support/processes";
import {
  AUTH_SECRET,
  createTestDatabase,
  missingRequirement,
  sleep,
  type TestDatabase,
  tempDir,
} from "./harness";

// WEB_CONCURRENCY (server/supervisor.ts): on PostgreSQL a primary keeps that many
// workers on one port, replaces one that dies, restarts them one at a time on SIGHUP without a
// failed request, and stops them all on SIGTERM; on the embedded database the site stays one
// process and says so.

const skipped = await missingRequirement({});
const dataDirs: string[] = [];
const serverEnv = { NODE_ENV: "production", AUTH_SECRET, LOG_LEVEL: "warn" };

function start(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = tempDir("studio-workers-");
  dataDirs.push(dataDir);
  return startServer({ dataDir, env: { ...serverEnv, ...env } });
}

/** The pids of a process's children (Linux /proc). */
function childrenOf(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

async function until<T>(read: () => T, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (ok(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

/** A GET that gives up after 10 s (a lost connection fails the test instead of hanging it). */
const page = (url: string) => fetch(url, { signal: AbortSignal.timeout(10_000) });

afterAll(async () => {
  await killLeftoverServers();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(skipped !== null)(
  `two workers on PostgreSQL${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    beforeAll(async () => {
      database = await createTestDatabase();
      server = await start({ DATABASE_URL: database.url, WEB_CONCURRENCY: "2" });
      // The site answers once one worker listens; the tests below start with both listening.
      await until(server.output, (text) => text.includes("2 workers listening"));
    });
    afterAll(async () => {
      await server?.stop(15_000);
      await database?.drop();
    });

    const workers = () => childrenOf(server.child.pid!);

    it("forks two workers sharing the port, and replaces one that dies", async () => {
      expect(await until(workers, (pids) => pids.length === 2)).toHaveLength(2);
      const [victim, survivor] = workers();
      process.kill(victim!, "SIGKILL");
      // A connection handed to the worker as it died may be lost (as with any crash); the site
      // answers again at once, and a new worker takes the dead one's place.
      const after = await until(workers, (pids) => pids.length === 2 && !pids.includes(victim!));
      expect(after).toContain(survivor);
      expect(after).not.toContain(victim);
      expect(server.output()).toMatch(/worker \d+ died \(SIGKILL\)/);
      const replaced = `listening in place of ${victim}`;
      expect(await until(server.output, (text) => text.includes(replaced))).toContain(replaced);
      for (let i = 0; i < 10; i++) expect((await page(`${server.url}/news`)).status).toBe(200);
    });

    it("SIGHUP restarts every worker one at a time, and no request fails meanwhile", async () => {
      const before = workers();
      const failures: string[] = [];
      let answered = 0;
      let running = true;
      // Pages, as visitors ask for them (the readiness probe says 503 on a draining worker, by
      // design: it is the balancer's signal, not a failed request).
      const client = (async () => {
        while (running) {
          try {
            const response = await page(`${server.url}/news`);
            await response.arrayBuffer();
            if (response.status === 200) answered++;
            else failures.push(`status ${response.status}`);
          } catch (error) {
            failures.push(String((error as { cause?: unknown }).cause ?? error));
          }
        }
      })();
      process.kill(server.child.pid!, "SIGHUP");
      const after = await until(
        workers,
        (pids) => pids.length === 2 && pids.every((pid) => !before.includes(pid)),
      );
      await until(server.output, (text) => text.includes("workers restarted"));
      running = false;
      await client;
      expect(after.filter((pid) => before.includes(pid))).toEqual([]);
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(10);
    });

    it("SIGTERM stops the workers, then the primary exits 0", async () => {
      const pids = workers();
      expect(await server.stop(15_000)).toBe(0);
      for (const pid of pids) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
    });
  },
);

describe("WEB_CONCURRENCY on the embedded database", () => {
  it("stays one process and says so", async () => {
    const server = await start({ WEB_CONCURRENCY: "2" });
    try {
      expect(server.output()).toContain(
        "WEB_CONCURRENCY=2 ignored: the embedded database allows one process",
      );
      expect(childrenOf(server.child.pid!)).toEqual([]);
      expect((await page(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.stop(15_000);
    }
  });
});
