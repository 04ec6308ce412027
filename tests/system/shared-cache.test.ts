import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { SHARED_CACHE_CONTROL } from "../../app/platform/http/shared-pages";
import { balancerHttp, findNginx, type Nginx, startNginx } from "../support/nginx";
import {
  freePort,
  killLeftoverServers,
  type ServerProcess,
  startServer,
} from "../support/processes";
import {
  AUTH_SECRET,
  createTestDatabase,
  createUser,
  missingRequirement,
  signIn,
  sleep,
  type TestDatabase,
  tempDir,
} from "./harness";

// nginx caching the public pages in front of the site, as docs/deployment.md configures it
//: anonymous public pages are kept for seconds; signed-in pages, pages asked for with
// any cookie and private pages never are; a news write shows through the cache within seconds.

const skipped = await missingRequirement({ nginx: true });
const ADMIN = "admin@shared-cache.test";

describe.skipIf(skipped !== null)(
  `nginx caching public pages in front of the site${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    let database: TestDatabase;
    let direct: DatabaseHandle;
    let server: ServerProcess;
    let nginx: Nginx;
    const dirs: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      const nginxPort = await freePort();
      const dataDir = tempDir("studio-shared-cache-");
      dirs.push(dataDir);
      server = await startServer({
        dataDir,
        env: {
          NODE_ENV: "production",
          DATABASE_URL: database.url,
          AUTH_SECRET,
          SITE_URL: `http://127.0.0.1:${nginxPort}`,
          TRUST_PROXY: "loopback",
          LOG_LEVEL: "warn",
        },
      });
      const cacheDir = path.join(tempDir("studio-nginx-cache-"), "pages");
      dirs.push(path.dirname(cacheDir));
      nginx = await startNginx(findNginx()!, {
        listenPort: nginxPort,
        http: () => balancerHttp(nginxPort, [server.port], { cacheDir }),
      });
      direct = await openDatabase({ engine: "postgres", url: database.url, poolSize: 2 });
      await createUser(direct.db, ADMIN, "admin");
    });

    afterAll(async () => {
      await nginx?.stop();
      await server?.stop(15_000);
      await killLeftoverServers();
      await direct?.close();
      await database?.drop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    const through = async (pathname: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${nginx.url}${pathname}`, { headers, redirect: "manual" });
      return {
        status: response.status,
        cache: response.headers.get("x-proxy-cache"),
        control: response.headers.get("cache-control"),
        text: await response.text(),
      };
    };

    it("keeps an anonymous public page and serves it again without asking the site", async () => {
      const first = await through("/news");
      const second = await through("/news");
      expect(first.status).toBe(200);
      expect(first.control).toBe(SHARED_CACHE_CONTROL);
      expect(first.cache).toBe("MISS");
      expect(second.cache).toBe("HIT");
      expect(second.text).toBe(first.text);
    });

    it("never keeps a signed-in page, a page asked for with a cookie, or a private page", async () => {
      const cookie = await signIn(nginx.url, ADMIN);
      for (let i = 0; i < 2; i++) {
        const signedIn = await through("/news", { Cookie: cookie });
        expect(signedIn.cache).toBe("BYPASS");
        expect(signedIn.control).toBe("private, no-store");
        // The signed-in header (the account menu names the account), not the cached visitor's page.
        expect(signedIn.text).toContain(ADMIN);
        const withToast = await through("/news", { Cookie: "studio.toast=x" });
        expect(withToast.cache).toBe("BYPASS");
        const auth = await through("/auth");
        expect(auth.cache).toBe("MISS");
        expect(auth.control).toBe("private, no-cache");
      }
    });

    it("a news write shows through the cache within seconds", async () => {
      const cookie = await signIn(nginx.url, ADMIN);
      await through("/news");
      // Served by the cache: fresh (HIT), or, when more than the page's second passed between the
      // two requests (a busy machine), stale while nginx fetches it anew in the background: STALE
      // for the request that starts the fetch, UPDATING for those during it.
      expect(["HIT", "STALE", "UPDATING"]).toContain((await through("/news")).cache);
      const title = `Shared cache ${Date.now()}`;
      const created = await fetch(`${nginx.url}/api/v1/news`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ title, content: "Through the cache in front." }),
      });
      expect(created.status).toBe(201);
      const started = Date.now();
      let shown = false;
      // s-maxage (1 s), then one request served stale while nginx fetches the new page: the new
      // title is there within seconds. The bound is generous for a busy machine; on a quiet one it
      // shows in about 1.5 s.
      while (!shown && Date.now() - started < 15_000) {
        shown = (await through("/news")).text.includes(title);
        if (!shown) await sleep(250);
      }
      expect(shown, "the new post shows through the cache within 15 s").toBe(true);
    });
  },
);
