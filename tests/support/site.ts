import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { inject } from "vitest";
import type { Role } from "../../app/roles/permissions";
import { BUILT } from "../../bin/build-state.js";
import type { createSite as CreateSite, Site } from "../../server/app";
import { productionFiles } from "../../server/production";
import { type Mail, mailsIn, readOutbox } from "./outbox";
import { ROOT } from "./processes";
import { newTrace, TRACE_HEADER, tracingHandler } from "./statements";

// The production site in the test's own process (the "http" project of vite.config.ts): the
// compiled site (build/server/index.js, server/app.ts's createSite with React Router's production
// build inside) with the same file serving as `npm start` (server/production.ts), behind
// `http.createServer(site.handle)` on 127.0.0.1 and a free port, as server.ts serves it. No browser
// and no child process: a request costs what the site spends on it. Each site starts from a copy of
// the run's seeded data (tests/support/site-seed.ts: one verified user per role, the demo content,
// one session per role), so a test file sees only its own changes.
//
// The site reads its configuration from the variables given here, never from process.env, and
// the project runs with NODE_ENV=production so React, React Router and the auth library run their
// production code, as under `npm start` (vite.config.ts says why).

export type StartOptions = {
  /**
   * "demo" (default): a copy of the seeded data; "empty": a copy of a migrated database with no
   * users and no content (the browser tests' empty server); "none": nothing, the site migrates.
   */
  seed?: "demo" | "empty" | "none";
  /** The DATA_DIR to use (kept at close); a temporary folder otherwise (removed at close). */
  dataDir?: string;
  /** Variables on top of the defaults (DATA_DIR, SITE_URL, AUTH_SECRET, LOG_LEVEL=warn…). */
  env?: Record<string, string>;
  /** createSite's --demo: adds the demo content at start (on an empty seed). */
  demo?: boolean;
  /** Error lines the site may log (a test of a failure path); any other one fails close(). */
  allowLoggedErrors?: boolean;
};

export type RequestOptions = Omit<RequestInit, "body" | "headers"> & {
  /** Signed in as the seeded user of this role (their session cookie). */
  as?: Role;
  /** The client address the site sees (X-Forwarded-For; TRUST_PROXY=loopback). */
  address?: string;
  headers?: Record<string, string>;
  /** A JSON body (Content-Type application/json). */
  json?: unknown;
  /** A form body (urlencoded), as a browser posts a form. */
  form?: Record<string, string>;
  body?: RequestInit["body"];
};

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type LogLine = { level: number; msg?: string; [field: string]: unknown };

export type TestSite = {
  url: string;
  dataDir: string;
  /** Milliseconds startSite took: copy of the data, loading the build (first file only), createSite. */
  setupMs: number;
  /** A request to a path of the site; redirects are not followed (their status and Location are). */
  fetch(path: string, options?: RequestOptions): Promise<Response>;
  /**
   * A request answered in full, with the SQL statements the site sent the database for it (those
   * started while handling it, in order): what a page costs in round trips.
   */
  statements(
    path: string,
    options?: RequestOptions,
  ): Promise<{ status: number; body: string; statements: string[] }>;
  /** One request with any method, even those fetch refuses (TRACE), over node:http. */
  raw(method: string, path: string, headers?: Record<string, string>): Promise<RawAnswer>;
  /** The Cookie header of the seeded user of the role (no sign-in form, no request). */
  signIn(role: Role): string;
  /** The mails the site wrote to its outbox, oldest first; to one address when given. */
  outbox(to?: string): Mail[];
  /** The site's log lines so far (LOG_LEVEL=warn unless env says otherwise). */
  logs(): LogLine[];
  /** Stops the site; fails when it logged an error the options did not allow. */
  close(): Promise<void>;
};

/** What the run's global set-up made (tests/support/site-seed.ts). */
export type SiteSeed = {
  /** The seeded DATA_DIR (the PGlite database in db/, the outbox…); copied, never served. */
  dataDir: string;
  /** A DATA_DIR whose database is migrated and holds nothing else. */
  emptyDataDir: string;
  /** The AUTH_SECRET the sessions were made with: every site runs with it. */
  authSecret: string;
  /** A Cookie header per role: a session of the seeded user of that role. */
  cookies: Record<Role, string>;
};

declare module "vitest" {
  export interface ProvidedContext {
    studioSiteSeed: SiteSeed;
  }
}

type SiteModule = { createSite: typeof CreateSite };
let siteModule: Promise<SiteModule> | undefined;

/**
 * The compiled site, imported once per worker. The global set-up built it when it was missing or
 * stale (tests/support/site-seed.ts).
 */
function loadSiteModule(): Promise<SiteModule> {
  siteModule ??= import(pathToFileURL(path.join(ROOT, BUILT.site)).href) as Promise<SiteModule>;
  return siteModule;
}

let addresses = 0;
/** A client address no other request of the run used (10.x.y.z, per worker). */
function freshAddress(): string {
  addresses++;
  const pool = Number(process.env.VITEST_POOL_ID ?? 1) % 250;
  return `10.${pool}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

export async function startSite(options: StartOptions = {}): Promise<TestSite> {
  if (process.env.NODE_ENV !== "production") {
    throw new Error(
      "the in-process site runs in the vitest project 'http' (NODE_ENV=production, vite.config.ts)",
    );
  }
  const started = performance.now();
  const seed = inject("studioSiteSeed");
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "studio-site-"));
  const from = { demo: seed.dataDir, empty: seed.emptyDataDir, none: null }[options.seed ?? "demo"];
  if (from) fs.cpSync(from, dataDir, { recursive: true });

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  const lines: string[] = [];
  let site: Site;
  try {
    const { createSite } = await loadSiteModule();
    site = await createSite({
      devMode: false,
      demo: options.demo ?? false,
      // As the browser tests' servers run: NODE_ENV unset (so test-only settings are allowed), the
      // process itself in production mode.
      declaredNodeEnv: undefined,
      environment: {
        DATA_DIR: dataDir,
        SITE_URL: url,
        HOST: "127.0.0.1",
        PORT: String(port),
        AUTH_SECRET: seed.authSecret,
        LOG_LEVEL: "warn",
        TRUST_PROXY: "loopback",
        ...options.env,
      },
      logDestination: { write: (line: string) => void lines.push(line) },
      migrationsFolder: path.join(ROOT, "drizzle"),
      print: () => {},
      ...productionFiles(ROOT),
    });
  } catch (error) {
    server.close();
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  server.on("request", tracingHandler(site.handle));

  const logs = () => lines.map((line) => JSON.parse(line) as LogLine);
  const cookieOf = (role: Role) => seed.cookies[role];

  const testSite: TestSite = {
    url,
    dataDir,
    setupMs: Math.round(performance.now() - started),
    fetch(pathname, { as, address, headers = {}, json, form, body, ...init } = {}) {
      const sent = new Headers(headers);
      if (!sent.has("X-Forwarded-For")) sent.set("X-Forwarded-For", address ?? freshAddress());
      if (as) sent.set("Cookie", cookieOf(as));
      let payload = body;
      if (json !== undefined) {
        if (!sent.has("Content-Type")) sent.set("Content-Type", "application/json");
        payload = JSON.stringify(json);
      } else if (form) {
        sent.set("Content-Type", "application/x-www-form-urlencoded");
        payload = new URLSearchParams(form);
      }
      return fetch(`${url}${pathname}`, {
        redirect: "manual",
        ...init,
        headers: sent,
        body: payload,
      });
    },
    async statements(pathname, options = {}) {
      const trace = newTrace();
      const headers = { ...options.headers, [TRACE_HEADER]: trace.name };
      const response = await testSite.fetch(pathname, { ...options, headers });
      const body = await response.text();
      return { status: response.status, body, statements: trace.statements() };
    },
    raw(method, pathname, headers = {}) {
      return new Promise((resolve, reject) => {
        const request = http.request(
          `${url}${pathname}`,
          { method, headers: { "X-Forwarded-For": freshAddress(), ...headers } },
          (response) => {
            let text = "";
            response.setEncoding("utf8");
            response.on("data", (chunk) => {
              text += chunk;
            });
            response.on("end", () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
            );
          },
        );
        request.on("error", reject);
        request.end();
      });
    },
    signIn: cookieOf,
    outbox(to) {
      const dir = path.join(dataDir, "outbox");
      return to === undefined ? readOutbox(dir) : mailsIn(dir, to);
    },
    logs,
    async close() {
      site.beginShutdown();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await site.close();
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      const errors = logs().filter((line) => line.level >= 50);
      if (errors.length > 0 && !options.allowLoggedErrors) {
        throw new Error(
          `the site logged ${errors.length} error(s):\n${errors.map((e) => JSON.stringify(e)).join("\n")}`,
        );
      }
    },
  };
  return testSite;
}
