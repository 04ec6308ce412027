import {
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type ConsoleMessage,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import type { Role } from "../../app/roles/permissions";
import { DEMO_URL, EMPTY_URL, SCALE_URL } from "../../playwright.config";
import { E2E_PASSWORD, roleEmail } from "../support/users";

export { DEMO_URL, EMPTY_URL, expect, SCALE_URL };

type Problem = { pattern: string; text: string };

type Cookie = Awaited<ReturnType<BrowserContext["cookies"]>>[number];

type Options = {
  /**
   * The seeded role (tests/support/seed-e2e.ts) whose session the test's own context starts with:
   * `test.use({ role: "admin" })`. No sign-in request and no page load; the first `goto` is
   * signed in. Undefined: the context starts signed out.
   */
  role: Role | undefined;
};

type WorkerFixtures = {
  /**
   * The session cookies of a seeded role on a server (its base URL): signed in through the form's
   * endpoint the first time a test of the worker asks, then shared by the worker's later tests. A
   * server a spec starts itself may come and go on a reused port: its sessions are not kept.
   */
  roleSession: (role: Role, baseURL: string) => Promise<Cookie[]>;
};

type Fixtures = {
  /**
   * Declares a console message this test provokes on purpose (an aborted request, a 4xx answer).
   * Anything else logged as an error or warning, and any uncaught page error, fails the test.
   */
  allowConsoleMessage: (pattern: RegExp) => void;
  /** A new browser context (e.g. JavaScript disabled) watched like the default one, closed after. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** The watcher behind the two fixtures above; automatic for every test. */
  consoleGuard: {
    watch(context: BrowserContext): void;
    allow(pattern: RegExp): void;
  };
  /**
   * Puts the shared session of a seeded role into a context (the test's own by default, or a page's)
   * for the server at `baseURL` (the test's by default): for a test whose role is a parameter, or
   * a second signed-in context. Loads nothing; the page's next `goto` is signed in. Never for a test
   * that ends or changes the session (signing out, password, revoking sessions, two-factor).
   */
  signedInAs: (role: Role, target?: BrowserContext | Page, baseURL?: string) => Promise<void>;
};

/** The `signedInAs` fixture, for helpers that are handed it. */
export type SignedInAs = Fixtures["signedInAs"];

/**
 * The shared `test`: every test fails on any browser console error or warning and on any uncaught
 * page error, in every page of every context it uses (the epic-stack habit).
 */
export const test = base.extend<Fixtures & Options, WorkerFixtures>({
  role: [undefined, { option: true }],
  // Signing in costs the server a password hash at the production cost: each seeded role signs in
  // once per worker and server, and the tests that only need to be that role reuse the session.
  roleSession: [
    async ({ playwright }, use, workerInfo) => {
      const sessions = new Map<string, Promise<Cookie[]>>();
      const signIn = async (role: Role, baseURL: string) => {
        const request = retryResetConnections(
          await playwright.request.newContext({
            baseURL,
            extraHTTPHeaders: {
              "X-Forwarded-For": clientAddressFor(`session ${role} ${workerInfo.workerIndex}`),
            },
          }),
        );
        try {
          const answer = await request.post("/auth", {
            form: { intent: "login", email: roleEmail(role), password: E2E_PASSWORD },
            maxRedirects: 0,
          });
          expect(answer.status(), `signing in as ${role} at ${baseURL}`).toBe(302);
          expect(answer.headers().location).toBe("/");
          // The session (and the known-device mark); not the one-time "Signed in" toast, which
          // every test starting with the session would otherwise show.
          const cookies = (await request.storageState()).cookies.filter((cookie) =>
            cookie.name.startsWith("studio."),
          );
          expect(cookies.map((cookie) => cookie.name)).toContain("studio.session_token");
          return cookies;
        } finally {
          await request.dispose();
        }
      };
      await use((role, baseURL) => {
        if (![DEMO_URL, EMPTY_URL, SCALE_URL].includes(baseURL)) return signIn(role, baseURL);
        const key = `${role} ${baseURL}`;
        let session = sessions.get(key);
        if (!session) {
          session = signIn(role, baseURL);
          // A failed sign-in is tried again by the next test that asks.
          session.catch(() => sessions.delete(key));
          sessions.set(key, session);
        }
        return session;
      });
    },
    { scope: "worker" },
  ],
  // API calls retry a connection the server closed as idle (see retryResetConnections).
  request: async ({ request }, use) => {
    await use(retryResetConnections(request));
  },
  context: async ({ context, role, roleSession, baseURL }, use) => {
    retryResetConnections(context.request);
    if (role) await context.addCookies(await roleSession(role, baseURL ?? DEMO_URL));
    await use(context);
  },
  signedInAs: async ({ context, roleSession, baseURL }, use) => {
    await use(async (role, target = context, server = baseURL ?? DEMO_URL) => {
      const into = "goto" in target ? target.context() : target;
      await into.addCookies(await roleSession(role, server));
    });
  },
  // Each test comes from its own client address, so per-address limits (sign-in, contact) of one
  // test never throttle another. The servers trust X-Forwarded-For from loopback.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({
      ...extraHTTPHeaders,
      "X-Forwarded-For": clientAddressFor(`${testInfo.testId}:${testInfo.retry}`),
    });
  },
  consoleGuard: [
    async ({ context }, use) => {
      const problems: Problem[] = [];
      const allowed: RegExp[] = [];
      const watched = new WeakSet<BrowserContext>();
      const watchPage = (page: Page) => {
        page.on("console", (message: ConsoleMessage) => {
          const type = message.type();
          if (type !== "error" && type !== "warning") return;
          const location = message.location();
          const text = `${type}: ${message.text()}${location.url ? ` (${location.url})` : ""}`;
          problems.push({ pattern: message.text(), text });
        });
        page.on("pageerror", (error) => {
          problems.push({
            pattern: error.message,
            text: `uncaught: ${error.stack ?? error.message}`,
          });
        });
      };
      const watch = (ctx: BrowserContext) => {
        if (watched.has(ctx)) return;
        watched.add(ctx);
        for (const page of ctx.pages()) watchPage(page);
        ctx.on("page", watchPage);
      };
      watch(context);
      await use({ watch, allow: (pattern) => allowed.push(pattern) });
      const unexpected = problems.filter(
        (p) => !allowed.some((pattern) => pattern.test(p.pattern)),
      );
      expect(
        unexpected.map((p) => p.text),
        "the browser console must stay free of errors and warnings",
      ).toEqual([]);
    },
    { auto: true },
  ],
  allowConsoleMessage: async ({ consoleGuard }, use) => {
    await use((pattern) => consoleGuard.allow(pattern));
  },
  newContext: async ({ browser, consoleGuard, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const ctx = await browser.newContext({ baseURL, ...options });
      retryResetConnections(ctx.request);
      consoleGuard.watch(ctx);
      contexts.push(ctx);
      return ctx;
    });
    for (const ctx of contexts) await ctx.close();
  },
});

/**
 * Playwright's request contexts keep idle connections open without heeding the server's
 * `Keep-Alive: timeout=5` (microsoft/playwright#42698), so a call sent on one just as the server
 * closes it fails with `read ECONNRESET` before the server has read it. Each call may be sent once
 * more then: the library's own `maxRetries`, which retries ECONNRESET only. Answers the context.
 */
export function retryResetConnections(request: APIRequestContext): APIRequestContext {
  const fetch = request.fetch.bind(request);
  request.fetch = (urlOrRequest, options = {}) =>
    fetch(urlOrRequest, { maxRetries: 1, ...options });
  return request;
}

/** A stable, distinct documentation-range address per test. */
export function clientAddressFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `127.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

/** An element's text, trimmed. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").trim();
}

/** A console message Chromium logs for a response with this status, e.g. 404 or 400. */
export function statusMessage(status: number): RegExp {
  return new RegExp(`Failed to load resource: the server responded with a status of ${status}`);
}

/** The 'MMM d, yyyy' list date format (docs/product.md#date-formats). */
export const LIST_DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

/**
 * Records the context's CSP violations. The browser refuses silently (no console message), so the
 * pages listen for its violation events; `cspViolations(page)` reads what one page saw.
 */
export async function watchCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}
