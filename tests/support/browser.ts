// The browser: the system Chromium for Playwright, Lighthouse and the screenshot script, and
// waiting for React to hydrate a page.
import fs from "node:fs";
import type { LaunchOptions, Page, Request } from "@playwright/test";

/**
 * Holds the requests to `url` (those `only` accepts) until `release` is called, so what the page
 * shows meanwhile can be seen; `held` counts the requests waiting or let through.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  only: (request: Request) => boolean = () => true,
): Promise<{ release: () => void; held: () => number }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(url, async (route) => {
    if (only(route.request())) {
      held++;
      await released;
    }
    await route.continue();
  });
  return { release, held: () => held };
}

/**
 * Counts the POST requests the page sends from now on (a refused form must send none); only those
 * to a path matching `to`, when given (the news editor's live preview posts as staff type).
 */
export function countPosts(page: Page, to?: RegExp): () => number {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() !== "POST") return;
    if (!to || to.test(new URL(request.url()).pathname)) posts++;
  });
  return () => posts;
}

/**
 * Reloads the page and waits until React has hydrated it: the scripts start after the first paint
 *, so the load event can come before a tab or a dialog answers a click.
 */
export async function reloadHydrated(page: Page) {
  const response = await page.reload();
  await waitForHydration(page);
  return response;
}

/**
 * The system Chromium (CHROMIUM_PATH, else Debian's chromium-headless-shell, else chromium); no
 * browser is downloaded. The tests prefer the headless shell, which Playwright itself uses for
 * headless runs: the full browser's headless mode draws through a software GPU process and took
 * twice the time for the same page loads and screenshots (docs/testing.md#browser-tests).
 * `full` asks for the full browser (Lighthouse measures what a visitor's browser does).
 */
export function chromiumExecutable(options: { full?: boolean } = {}): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    ...(options.full ? [] : ["/usr/bin/chromium-headless-shell"]),
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      "No Chromium found: install Debian's chromium-headless-shell or chromium package, or set CHROMIUM_PATH.",
    );
  }
  return found;
}

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: chromiumExecutable(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  };
}

/**
 * Waits until React has hydrated the document (the root's first commit is done), so that clicks
 * reach React's handlers rather than the server-rendered markup alone.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const key = Object.keys(document).find((k) => k.startsWith("__reactContainer$"));
    if (!key) return false;
    const fiber = (
      document as unknown as Record<
        string,
        { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }
      >
    )[key];
    return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
}

/** Opens a page and waits for hydration. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}
