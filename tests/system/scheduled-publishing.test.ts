import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestClock, testClock } from "../support/test-clock";
import {
  missingRequirement,
  type ProcessPair,
  signIn,
  startProcessPair,
  tempDir,
  waitFor,
} from "./harness";

// Drafts and scheduled news never reach a guest by any route until their time; then a scheduled
// item reaches every route on both processes, with no write, no restart and no message between
// them. Every page is asked for twice first, so each process's page cache holds the "before"
// copies; they last a second, so the item shows once they are out of date. The time is the
// processes' shared test clock (tests/support/test-clock.ts): the test moves it from a second
// before the item's time to its time, instead of waiting for it.

const skipped = await missingRequirement({});
const ADMIN = "admin@publishing.test";
/** How far ahead the item is scheduled (the clock is moved there, not waited for). */
const LEAD_MS = 3_600_000;

describe.skipIf(skipped !== null)(
  `scheduled news on two processes${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    let pair: ProcessPair | undefined;
    let servers: ProcessPair["servers"];
    const clockDir = tempDir("studio-publishing-clock-");
    const clock: TestClock = testClock(clockDir);

    beforeAll(async () => {
      pair = await startProcessPair({
        name: "publishing",
        admin: ADMIN,
        env: { NODE_ENV: "test", TEST_CLOCK_FILE: clock.file },
      });
      servers = pair.servers;
    });

    afterAll(async () => {
      await pair?.stop();
      fs.rmSync(clockDir, { recursive: true, force: true });
    });

    /** Every public route a guest may read news by, as text (a page's redirect as its target). */
    const guestViews = async (base: string, item: { id: string; slug: string; title: string }) => {
      const text = async (path: string) => {
        const response = await fetch(base + path, { redirect: "manual" });
        const body = await response.text();
        return response.status >= 300 && response.status < 400
          ? `redirect ${response.headers.get("location")}`
          : `${response.status} ${body}`;
      };
      const word = item.title.split(" ")[0]!;
      return {
        page: await text(`/news/${item.slug}`),
        byId: await text(`/news/${item.id}`),
        list: await text("/news"),
        search: await text(`/news?q=${encodeURIComponent(word)}`),
        home: await text("/"),
        feed: await text("/news/feed.xml"),
        sitemap: await text("/sitemap.xml"),
        apiList: await text("/api/v1/news"),
        apiItem: await text(`/api/v1/news/${item.id}`),
      };
    };

    it("a draft never shows; a scheduled item shows everywhere at its time", async () => {
      const [a, b] = servers;
      const cookie = await signIn(a.url, ADMIN);
      const post = async (body: Record<string, unknown>) => {
        const response = await fetch(`${a.url}/api/v1/news`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/json", Origin: a.url },
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(201);
        return (await response.json()) as {
          id: string;
          slug: string;
          title: string;
          state: string;
        };
      };
      const publishAt = new Date(clock.now().getTime() + LEAD_MS);
      const scheduled = await post({
        title: "Moonrise launch announcement",
        content: "# Moonrise\n\nOut **now**.",
        state: "scheduled",
        publishAt: publishAt.toISOString(),
      });
      const draft = await post({
        title: "Secret sequel draft",
        content: "Nothing to see yet.",
        state: "draft",
      });
      expect([scheduled.state, draft.state]).toEqual(["scheduled", "draft"]);

      // Before the time: the guest's every route, on both processes, twice (the second answer
      // comes from the caches the first filled).
      for (const server of [a, b, a, b]) {
        for (const item of [scheduled, draft]) {
          const views = await guestViews(server.url, item);
          expect(views.page).toBe("redirect /news");
          expect(views.byId).toBe("redirect /news");
          expect(views.apiItem).toMatch(/^404 /);
          for (const [route, body] of Object.entries(views))
            expect(body, `${route} on ${server.url}`).not.toContain(item.title);
        }
      }
      // Staff see both at their own addresses.
      const preview = await fetch(`${b.url}/news/${draft.slug}`, { headers: { Cookie: cookie } });
      expect(preview.status).toBe(200);
      expect(await preview.text()).toContain("Only staff who manage news see this page");

      // Its time (the clock alone moves: no write): once the page caches' copies are out of
      // date, every route shows it.
      await clock.advanceTo(publishAt);
      const shows = (route: string, body: string) =>
        route === "byId"
          ? body === `redirect /news/${scheduled.slug}`
          : body.includes(route === "sitemap" ? `/news/${scheduled.slug}` : scheduled.title);
      for (const server of [a, b]) {
        const views = await waitFor(`every route of ${server.url} shows the item`, async () => {
          const now = await guestViews(server.url, scheduled);
          return Object.entries(now).every(([route, body]) => shows(route, body)) && now;
        });
        expect(views.page, server.url).toMatch(/^200 /);
        expect(views.page).toContain("<h2");
        expect(views.byId).toBe(`redirect /news/${scheduled.slug}`);
        for (const [route, body] of Object.entries(views)) {
          if (route === "byId") continue;
          expect(body, `${route} on ${server.url}`).toContain(
            route === "sitemap" ? `/news/${scheduled.slug}` : scheduled.title,
          );
        }
        const hidden = await guestViews(server.url, draft);
        for (const [route, body] of Object.entries(hidden))
          expect(body, `${route} on ${server.url}`).not.toContain(draft.title);
      }
    }, 120_000);
  },
);
