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
import { DEMO_URL, EMPTY_URL, SCALE_URL } from "../../playwright.config";

export { DEMO_URL, EMPTY_URL, expect, SCALE_URL };

type Problem = { pattern: string; text: string };

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
};

/**
 * The shared `test`: every test fails on any browser console error or warning and on any uncaught
 * page error, in every page of every context it uses (the epic-stack habit).
 */
export const test = base.extend<Fixtures>({
  // API calls retry a connection the server closed as idle (see retryResetConnections).
  request: async ({ request }, use) => {
    await use(retryResetConnections(request));
  },
  context: async ({ context }, use) => {
    retryResetConnections(context.request);
    await use(context);
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
