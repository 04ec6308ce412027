import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { contactMessages } from "../../app/db/schema";
import {
  balancerHttp,
  FAIL_TIMEOUT_SECONDS,
  findNginx,
  type Nginx,
  startNginx,
} from "../support/nginx";
import {
  freePort,
  killLeftoverServers,
  ROOT,
  type ServerProcess,
  startServer,
} from "../support/processes";
import {
  AUTH_SECRET,
  createApiKey,
  createTestDatabase,
  createUser,
  missingRequirement,
  PASSWORD,
  postgresTarget,
  sendContact,
  signIn,
  sleep,
  type TestDatabase,
  tempDir,
  uniqueClientIp,
  waitFor,
} from "./harness";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

// Two server processes on one PostgreSQL database behind nginx on loopback, as in
// docs/deployment.md. The processes reach PostgreSQL through a TCP proxy the test can cut, to play
// a database outage.

const skipped = await missingRequirement({ nginx: true });
const ADMIN = "admin@system.test";
const MEMBER = "member@system.test";
const CONTACT_RATE_LIMIT = 3;

describe.skipIf(skipped !== null)(
  `two processes behind nginx on PostgreSQL${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    let database: TestDatabase;
    let direct: DatabaseHandle;
    let proxy: TcpProxy;
    let nginx: Nginx;
    const servers: { a?: ServerProcess; b?: ServerProcess } = {};
    const dataDirs: string[] = [];
    let serverEnv: Record<string, string>;

    const start = (port?: number) => {
      const dataDir = tempDir("studio-system-app-");
      dataDirs.push(dataDir);
      return startServer({ dataDir, port, env: serverEnv });
    };
    const a = () => servers.a!;
    const b = () => servers.b!;
    const outputs = () =>
      [`nginx:\n${nginx.output()}`, `a:\n${a().output()}`, `b:\n${b().output()}`].join("\n");

    /** Waits until a request through nginx is answered by `server` (X-Upstream names it last). */
    const untilNginxSendsTo = async (server: ServerProcess) => {
      const deadline = Date.now() + FAIL_TIMEOUT_SECONDS * 1000 + 20_000;
      const address = `127.0.0.1:${server.port}`;
      while (Date.now() < deadline) {
        const response = await fetch(`${nginx.url}/healthz`);
        await response.arrayBuffer();
        const answered = response.headers.get("x-upstream")?.split(", ").at(-1);
        if (response.status === 200 && answered === address) return;
        await sleep(100);
      }
      throw new Error(`nginx did not send requests to ${address} again:\n${outputs()}`);
    };

    beforeAll(async () => {
      database = await createTestDatabase();
      proxy = await startTcpProxy(postgresTarget(), await freePort());
      const nginxPort = await freePort();
      serverEnv = {
        NODE_ENV: "production",
        DATABASE_URL: database.urlVia(proxy.port),
        AUTH_SECRET,
        SITE_URL: `http://127.0.0.1:${nginxPort}`,
        TRUST_PROXY: "loopback",
        CONTACT_RATE_LIMIT: String(CONTACT_RATE_LIMIT),
        LOG_LEVEL: "warn",
      };
      // Both start at once on an empty database: they take turns migrating it.
      [servers.a, servers.b] = await Promise.all([start(), start()]);
      nginx = await startNginx(findNginx()!, {
        listenPort: nginxPort,
        http: () => balancerHttp(nginxPort, [a().port, b().port], { showUpstream: true }),
      });
      direct = await openDatabase({ engine: "postgres", url: database.url, poolSize: 2 });
      await createUser(direct.db, ADMIN, "admin");
      await createUser(direct.db, MEMBER, "guest");
    });

    afterAll(async () => {
      await nginx?.stop();
      await Promise.all([servers.a?.stop(), servers.b?.stop()]);
      await killLeftoverServers();
      await proxy?.close();
      await direct?.close();
      await database?.drop();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("a session made through one process works on the other", async () => {
      const cookie = await signIn(a().url, MEMBER);
      expect(cookie).toMatch(/session_token=/);

      const profile = await fetch(`${b().url}/profile`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      expect(profile.status).toBe(200);
      expect(await profile.text()).toContain(MEMBER);

      const anonymous = await fetch(`${b().url}/profile`, { redirect: "manual" });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).toContain("Please sign in to view your profile.");
    });

    it("a session signed out through one process is refused by the other at once", async () => {
      const cookie = await signIn(a().url, MEMBER);
      const profileOn = (server: ServerProcess) =>
        fetch(`${server.url}/profile`, { headers: { Cookie: cookie }, redirect: "manual" });
      // Both processes resolve the session, and keep it.
      for (const server of [a(), b(), a(), b()]) expect((await profileOn(server)).status).toBe(200);
      const out = await fetch(`${a().url}/api/auth/sign-out`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          Origin: serverEnv.SITE_URL!,
          "Content-Type": "application/json",
        },
        body: "{}",
      });
      expect(out.status).toBe(200);
      // No waiting: the sign-out's answer came after the other process forgot its sessions.
      expect((await profileOn(b())).status).toBe(401);
      expect((await profileOn(a())).status).toBe(401);
    });

    it("signed-in pages are rendered for each request: a role change or a news write made elsewhere shows at once", async () => {
      const READER = "reader@system.test";
      await createUser(direct.db, READER, "guest");
      const posted = await api(a().url, "POST", "news", await signIn(a().url, ADMIN), {
        title: "For the reader",
        content: "Read while signed in.",
      });
      const { slug: newsSlug } = (await posted.json()) as { slug: string };
      const reader = await signIn(a().url, READER);
      const newsOn = (server: ServerProcess) => get(`${server.url}/news`, { Cookie: reader });
      // The profile's heading says the reader's role ("reader@… · Guest").
      const roleOn = async (server: ServerProcess) =>
        (await get(`${server.url}/profile`, { Cookie: reader })).text;
      for (const server of [a(), b()]) {
        const page = await newsOn(server);
        expect(page.headers.get("x-cache")).toBeNull();
        expect(page.headers.get("cache-control")).toBe("private, no-store");
        expect(page.text).toContain(`Account menu for ${READER}`);
        expect(await roleOn(server)).toMatch(/>Guest</);
      }
      // Another reader never gets this reader's page.
      const member = await signIn(a().url, MEMBER);
      expect((await get(`${a().url}/news`, { Cookie: member })).text).not.toContain(READER);

      // The role changes through the command line, a third process that tells no one: the
      // reader's next request, on either server, carries the new role.
      const changed = await promisify(execFile)(
        process.execPath,
        [
          "--import",
          "tsx",
          "bin/studio.ts",
          "user",
          "role",
          "--email",
          READER,
          "--role",
          "moderator",
        ],
        { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "warn" } },
      );
      expect(changed.stdout).toContain("guest -> moderator");
      for (const server of [a(), b()]) {
        const fresh = await roleOn(server);
        expect(fresh).toMatch(/>Moderator</);
        expect(fresh).not.toMatch(/>Guest</);
      }
      // Demoted again through the site: the next request has lost the staff role.
      const owner = await signIn(a().url, ADMIN);
      expect(owner).toMatch(/session_token=/);
      await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "bin/studio.ts", "user", "role", "--email", READER, "--role", "guest"],
        { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "warn" } },
      );
      const admin = await get(`${b().url}/admin/messages`, { Cookie: reader });
      expect(admin.status).not.toBe(200);
      expect(admin.headers.get("location") ?? "").not.toMatch(/^\/admin/);
      // A news item visit is rendered every time for a signed-in reader: the visit is recorded.
      for (let i = 0; i < 2; i++) {
        const item = await get(`${a().url}/news/${newsSlug}`, { Cookie: reader });
        expect(item.status).toBe(200);
        expect(item.headers.get("x-cache")).toBeNull();
      }
      // A news item posted through one process shows at once to a signed-in reader of the other.
      const created = await api(a().url, "POST", "news", await signIn(a().url, ADMIN), {
        title: "Rendered for the reader",
        content: "Posted through one process.",
      });
      expect(created.status).toBe(201);
      expect((await newsOn(b())).text).toContain("Rendered for the reader");
    });

    it("a news write through one process reaches the other's guests within the page cache's second", async () => {
      const cookie = await signIn(a().url, ADMIN);
      const created = await api(a().url, "POST", "news", cookie, {
        title: "Scale-out, first draft",
        content: "Written through one process.",
      });
      expect(created.status).toBe(201);
      const { id, slug } = (await created.json()) as { id: string; slug: string };
      const paths = [`/news/${slug}`, "/news", "/", "/api/v1/news", `/api/v1/news/${id}`];

      for (const round of [1, 2]) {
        // Both processes keep the current text.
        for (const server of [a(), b()]) {
          for (const path of paths) {
            await get(`${server.url}${path}`);
            expect(await cacheOf(`${server.url}${path}`), path).toBe("HIT");
          }
        }
        const [writer, reader] = round === 1 ? [a(), b()] : [b(), a()];
        const title = `Scale-out, edit ${round} through port ${writer.port}`;
        const edited = await api(writer.url, "PUT", `news/${id}`, cookie, {
          title,
          content: `Edit number ${round}.`,
        });
        expect(edited.status).toBe(200);
        const answered = Date.now();
        // A signed-in reader of the other process sees it at once.
        const signedIn = await get(`${reader.url}/news`, { Cookie: cookie });
        expect(signedIn.text).toContain(title);
        // A guest sees it once the kept copy's second is over, with no one clearing anything: no
        // request sent after that second (and a little for the clocks) gets the old text.
        for (const path of paths) {
          const asked = await until(async () =>
            (await get(`${reader.url}${path}`)).text.includes(
              path.startsWith("/api/") ? JSON.stringify(title) : title,
            ),
          );
          const late = asked.filter((ask) => ask.sentAt > answered + 1_100);
          expect(
            late.every((ask) => ask.shown),
            path,
          ).toBe(true);
        }
      }
    });

    it("a rate limit counts across both processes", async () => {
      const clientIp = uniqueClientIp();
      const subject = `Rate limit proof ${Date.now()}`;
      const send = (server: ServerProcess, n: number) =>
        sendContact(
          server.url,
          { name: "Rate Tester", email: "rate@example.com", subject, message: `Message ${n}` },
          clientIp,
        );
      // The limit is 3 per address: alternate processes, the fourth and fifth are refused.
      const statuses: number[] = [];
      for (const [n, server] of [a(), b(), a(), b(), a()].entries()) {
        statuses.push((await send(server, n)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const stored = await direct.db
        .select({ n: count() })
        .from(contactMessages)
        .where(eq(contactMessages.subject, subject));
      expect(stored[0]!.n).toBe(CONTACT_RATE_LIMIT);

      // Through the balancer too, with the address nginx forwards.
      const viaNginx = await sendContact(
        nginx.url,
        { name: "Rate Tester", email: "rate@example.com", subject, message: "Via nginx" },
        clientIp,
      );
      expect(viaNginx.status).toBe(429);
    });

    it("failed sign-ins count across both processes, and the lock says how long", async () => {
      const email = `locked-${Date.now()}@system.test`;
      await createUser(direct.db, email, "guest");
      const clientIp = uniqueClientIp();
      const attempt = (server: ServerProcess, password: string, ip = clientIp) =>
        fetch(`${server.url}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
          body: JSON.stringify({ email, password }),
        });
      // Ten failures from one address, alternating processes: the address is locked out on both.
      const statuses: number[] = [];
      for (let n = 0; n < 10; n++) {
        statuses.push((await attempt(n % 2 ? b() : a(), `wrong password ${n}`)).status);
      }
      expect(statuses).toEqual(Array(10).fill(401));
      for (const server of [a(), b()]) {
        const locked = await attempt(server, PASSWORD);
        expect(locked.status).toBe(429);
        expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
        expect(((await locked.json()) as { message: string }).message).toBe(
          "Too many failed sign-in attempts. Try again in 15 minutes.",
        );
      }
      // The owner of the account, at another address, signs in.
      expect((await attempt(a(), PASSWORD, uniqueClientIp())).status).toBe(200);
    });

    it("the database goes away: 503 pages and health; it comes back: the site recovers", async () => {
      const cookie = await signIn(a().url, MEMBER);
      for (const server of [a(), b()]) {
        expect((await get(`${server.url}/`, { Cookie: cookie })).status).toBe(200);
        expect(await health(server)).toMatchObject({ code: 200, database: "ok" });
      }

      // An admin's API key and service token, made while the database answers.
      const adminCookie = await signIn(a().url, ADMIN);
      const key = await createApiKey(a().url, adminCookie, "Outage");
      const issued = await fetch(`${a().url}/api/v1/auth/token`, {
        method: "POST",
        headers: { "x-api-key": key },
      });
      const { access_token: token } = (await issued.json()) as { access_token: string };
      const asKeyAndToken: Record<string, string>[] = [
        { "x-api-key": key },
        { Authorization: `Bearer ${token}` },
      ];

      await proxy.cut();
      try {
        for (const server of [a(), b()]) {
          // A key or token that cannot be checked is not called dead: 503, never 401.
          for (const headers of asKeyAndToken) {
            const call = await fetch(`${server.url}/api/v1/messages`, { headers });
            expect(call.status).toBe(503);
            expect((await call.json()).error.code).toBe("unavailable");
          }
          // A signed-in page (its session is read for each request) and an anonymous page the
          // page cache does not hold.
          const pages: [string, Record<string, string>][] = [
            [`/profile?outage=${Date.now()}`, { Cookie: cookie }],
            [`/news/${crypto.randomUUID()}`, {}],
          ];
          for (const [path, headers] of pages) {
            const page = await fetch(`${server.url}${path}`, { headers });
            const html = await page.text();
            expect(page.status).toBe(503);
            expect(page.headers.get("retry-after")).toBe("5");
            expect(page.headers.get("content-type")).toContain("text/html");
            expect(html).toContain("We&#x27;ll be right back");
            expect(html).toContain("The site is temporarily unavailable");
            expect(html).toContain("<title>Temporarily unavailable");
            expect(html).not.toMatch(
              /Unexpected Server Error|Something went wrong|\bat \S+\.js:\d+/,
            );
          }
          // Health reuses a database check for up to a second: within it, it says so.
          await expect
            .poll(() => health(server), { timeout: 5_000, interval: 100 })
            .toMatchObject({ code: 503, database: "unreachable" });
          // A read no process keeps (public API answers are kept by their URL).
          const news = await fetch(`${server.url}/api/v1/news?limit=${1 + (Date.now() % 50)}`);
          expect(news.status).toBe(503);
          expect((await news.json()).error.code).toBe("unavailable");
        }
        // Through the balancer: the app's 503 page, not a gateway error.
        const viaNginx = await fetch(`${nginx.url}/profile?outage=nginx`, {
          headers: { Cookie: cookie },
        });
        expect(viaNginx.status).toBe(503);
        expect(await viaNginx.text()).toContain("temporarily unavailable");
      } finally {
        await proxy.restore();
      }

      // Back without a restart: health and pages on both.
      for (const server of [a(), b()]) {
        const deadline = Date.now() + 20_000;
        let last = await health(server);
        while (last.code !== 200 && Date.now() < deadline) {
          await sleep(200);
          last = await health(server);
        }
        expect(last).toMatchObject({ code: 200, database: "ok" });
        const page = await fetch(`${server.url}/`, { headers: { Cookie: cookie } });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain(MEMBER);
        for (const headers of asKeyAndToken) {
          expect((await fetch(`${server.url}/api/v1/messages`, { headers })).status).toBe(200);
        }
      }

      // Writes work again: an edit through A reaches B's guests within the page cache's second.
      const admin = await signIn(a().url, ADMIN);
      const created = await api(a().url, "POST", "news", admin, {
        title: "After the outage",
        content: "Back again.",
      });
      const { id, slug } = (await created.json()) as { id: string; slug: string };
      await get(`${b().url}/news/${slug}`);
      expect(await cacheOf(`${b().url}/news/${slug}`)).toBe("HIT");
      const edited = await api(a().url, "PUT", `news/${id}`, admin, {
        title: "After the outage, edited",
        content: "Back again.",
      });
      expect(edited.status).toBe(200);
      const answered = Date.now();
      const asked = await until(async () =>
        (await get(`${b().url}/news/${slug}`)).text.includes("After the outage, edited"),
      );
      expect(asked.filter((ask) => ask.sentAt > answered + 1_100).every((ask) => ask.shown)).toBe(
        true,
      );
    });

    it("a rolling restart under steady load fails no request", async () => {
      const member = await signIn(nginx.url, MEMBER, uniqueClientIp());
      const created = await api(a().url, "POST", "news", await signIn(a().url, ADMIN), {
        title: "Rolling restart",
        content: "Read all through the restart.",
      });
      const { slug } = (await created.json()) as { slug: string };

      // Each failure says in which phase of the restart it happened.
      let phase = "both serving";
      type Outcome = { what: string; status: number | string; phase: string };
      const failures: Outcome[] = [];
      const counts = new Map<string, number>();
      const requests: { what: string; run: () => Promise<Response>; ok: number }[] = [
        ...["/", "/news", "/games", "/contact", `/news/${slug}`, "/news/feed.xml"].map((path) => ({
          what: `GET ${path}`,
          run: () => fetch(`${nginx.url}${path}`),
          ok: 200,
        })),
        { what: "GET /api/v1/news", run: () => fetchAs(uniqueClientIp(), "/api/v1/news"), ok: 200 },
        {
          what: "GET / signed in",
          run: () => fetch(`${nginx.url}/`, { headers: { Cookie: member } }),
          ok: 200,
        },
        {
          what: "GET /profile signed in",
          run: () => fetch(`${nginx.url}/profile`, { headers: { Cookie: member } }),
          ok: 200,
        },
        {
          what: "POST /contact",
          run: () =>
            sendContact(
              nginx.url,
              {
                name: "Load Tester",
                email: "load@example.com",
                subject: "Rolling restart",
                message: "Sent during a rolling restart.",
              },
              uniqueClientIp(),
            ),
          ok: 200,
        },
      ];
      const fetchAs = (clientIp: string, path: string) =>
        fetch(`${nginx.url}${path}`, { headers: { "X-Forwarded-For": clientIp } });

      let loading = true;
      let sent = 0;
      const worker = async (offset: number) => {
        for (let i = offset; loading && sent < 20_000; i++) {
          const request = requests[i % requests.length]!;
          sent++;
          try {
            const response = await request.run();
            await response.arrayBuffer();
            if (response.status !== request.ok) {
              failures.push({ what: request.what, status: response.status, phase });
            }
          } catch (error) {
            failures.push({
              what: request.what,
              status: String((error as Error).cause ?? error),
              phase,
            });
          }
          counts.set(request.what, (counts.get(request.what) ?? 0) + 1);
        }
      };
      const load = Promise.all([0, 1, 2, 3].map((offset) => worker(offset * 3)));

      // The load under way (answers coming back) before the first process stops.
      const answered = () => [...counts.values()].reduce((sum, n) => sum + n, 0);
      await waitFor("the load under way", async () => answered() >= 20);
      for (const name of ["a", "b"] as const) {
        const server = servers[name]!;
        const before = sent;
        phase = `${name} stopping`;
        expect(await server.stop()).toBe(0);
        phase = `${name} starting`;
        servers[name] = await start(server.port);
        // The other process carried the load meanwhile.
        expect(sent).toBeGreaterThan(before);
        // Healthy again; nginx takes it back after fail_timeout (see tests/support/nginx.ts), and
        // only then may the next one go, as a deployment would check through the balancer.
        phase = `${name} healthy, not yet back in nginx's rotation`;
        await untilNginxSendsTo(servers[name]!);
        phase = `${name} back in nginx's rotation`;
      }
      loading = false;
      await load;

      // On failure, nginx's log and both processes' output say what they saw.
      expect(failures, outputs()).toEqual([]);
      expect(sent).toBeGreaterThan(100);
      for (const request of requests) expect(counts.get(request.what) ?? 0).toBeGreaterThan(0);
      // Both restarted processes serve.
      for (const server of [a(), b()]) expect(await health(server)).toMatchObject({ code: 200 });
    });
  },
);

async function api(base: string, method: string, path: string, cookie: string, body: unknown) {
  return fetch(`${base}/api/v1/${path}`, {
    method,
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** A GET whose body is read to the end (so the page cache has stored it before the next one). */
async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/**
 * Asks until `shown` holds (every 50 ms, 10 s at most): each ask's start and answer. A page's
 * render may be slow on a busy machine; when each ask was sent is what the page cache answers for.
 */
async function until(shown: () => Promise<boolean>) {
  const asked: { sentAt: number; shown: boolean }[] = [];
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const sentAt = Date.now();
    asked.push({ sentAt, shown: await shown() });
    if (asked.at(-1)!.shown) return asked;
    await sleep(50);
  }
  throw new Error("never shown");
}

async function cacheOf(url: string) {
  return (await get(url)).headers.get("x-cache");
}

async function health(server: ServerProcess) {
  const response = await fetch(`${server.url}/healthz`);
  const body = (await response.json()) as { status?: string; database?: string };
  return { ...body, code: response.status };
}
