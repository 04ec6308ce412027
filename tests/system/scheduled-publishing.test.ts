import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingRequirement, type ProcessPair, signIn, sleep, startProcessPair } from "./harness";

// Drafts and scheduled news never reach a guest by any route until their time; then a scheduled
// item reaches every route on both processes, with no write, no restart and no message between
// them. Every page is asked for twice first, so each process's page cache holds the "before"
// copies; they last a second, so the item shows within a second of its time.

const skipped = await missingRequirement({});
const ADMIN = "admin@publishing.test";
const LEAD_MS = 6_000;

describe.skipIf(skipped !== null)(
  `scheduled news on two processes${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    let pair: ProcessPair | undefined;
    let servers: ProcessPair["servers"];

    beforeAll(async () => {
      pair = await startProcessPair({ name: "publishing", admin: ADMIN });
      servers = pair.servers;
    });

    afterAll(async () => {
      await pair?.stop();
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
      const publishAt = new Date(Date.now() + LEAD_MS);
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

      // Its time, plus the page cache's second, plus a little for the requests themselves.
      await sleep(Math.max(0, publishAt.getTime() - Date.now()) + 1_200);

      for (const server of [a, b]) {
        const views = await guestViews(server.url, scheduled);
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
    }, 60_000);
  },
);
