import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { handleApi } from "../../app/api/api.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { news, staffAuditLog } from "../../app/db/schema";
import { getNews } from "../../app/news/news.server";
import { PUBLISH_TIME_PASSED } from "../../app/news/news-schema";
import { setClockOffset } from "../../app/platform/clock/clock.server";
import type { AppContext } from "../../app/platform/server/context.server";
import * as home from "../../app/routes/home";
import * as list from "../../app/routes/news";
import * as detail from "../../app/routes/news-detail";
import * as feed from "../../app/routes/news-feed";
import * as preview from "../../app/routes/news-preview";
import * as sitemap from "../../app/routes/sitemap";
import { outcome, request, signedInAs } from "../support/accounts";
import { openAdmin, postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// Drafts, schedules and readable addresses through the route modules, on each
// engine: a draft or a scheduled item reaches no guest by any route until its time, then every
// route; staff preview it at its own address; old id addresses answer 301. The item's time is
// reached by moving the product's clock (app/platform/clock), not by waiting for it.

describe.each(testEngines())("publishing on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let adminUser: { cookie: string };
  let moderator: { cookie: string };

  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    adminUser = await signedInAs(context, "admin");
    moderator = await signedInAs(context, "moderator");
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate news, staff_audit_log cascade`);
  });
  afterEach(() => {
    setClockOffset(0);
  });

  const adminPost = async (form: Record<string, string>, cookie = adminUser.cookie) =>
    postAdmin(context, form, cookie);
  const loaderText = async (
    module: { loader: (args: never) => unknown },
    path: string,
    params: Record<string, string> = {},
    cookie?: string,
  ) => {
    const result = await outcome(() =>
      module.loader({ request: request(path, { cookie }), context, params } as never),
    );
    if (result.status >= 300 && result.status < 400) return `redirect ${result.location}`;
    return `${result.status} ${JSON.stringify(result.body)}`;
  };
  const rawText = async (module: { loader: (args: never) => unknown }, path: string) => {
    const response = (await module.loader({
      request: request(path),
      context,
      params: {},
    } as never)) as Response;
    return response.text();
  };
  const api = async (path: string) => {
    const response = await handleApi(
      new Request(`http://localhost:3000/api/v1/${path}`),
      context,
      path,
    );
    return `${response.status} ${await response.text()}`;
  };

  /** What a guest can read of news, route by route. */
  const guestViews = async (item: { id: string; slug: string }, word: string) => ({
    page: await loaderText(detail, `/news/${item.slug}`, { slug: item.slug }),
    byId: await loaderText(detail, `/news/${item.id}`, { slug: item.id }),
    list: await loaderText(list, "/news"),
    search: await loaderText(list, `/news?q=${word}`),
    home: await loaderText(home, "/"),
    feed: await rawText(feed, "/news/feed.xml"),
    sitemap: await rawText(sitemap, "/sitemap.xml"),
    apiList: await api("news"),
    apiItem: await api(`news/${item.id}`),
  });

  const create = async (form: Record<string, string>) => {
    const reply = await adminPost({ intent: "news-create", ...form });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [row] = await handle.db
      .select({ id: news.id })
      .from(news)
      .where(sql`${news.title} = ${form.title}`);
    return (await getNews(handle.db, row!.id))!;
  };

  it("a draft and a scheduled item reach no guest until their time; then the scheduled one reaches every route", async () => {
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await create({
      title: "Zephyr launch",
      content: "# Zephyr\n\nIt is **out**.",
      state: "scheduled",
      publishAt: at.toISOString(),
    });
    const draft = await create({ title: "Quasar draft", content: "Quasar soon.", state: "draft" });
    expect([scheduled.state, draft.state]).toEqual(["scheduled", "draft"]);

    // Twice: the second read comes from the read models the first filled.
    for (let round = 0; round < 2; round++) {
      for (const [item, word] of [
        [scheduled, "Zephyr"],
        [draft, "Quasar"],
      ] as const) {
        const views = await guestViews(item, word);
        expect(views.page).toBe("redirect /news");
        expect(views.byId).toBe("redirect /news");
        expect(views.apiItem).toMatch(/^404 /);
        for (const [route, text] of Object.entries(views))
          expect(text, route).not.toContain(item.title);
      }
    }
    // A signed-in reader without the news permission is a guest here.
    expect(
      await loaderText(detail, `/news/${draft.slug}`, { slug: draft.slug }, moderator.cookie),
    ).toBe("redirect /news");
    // Staff who manage news preview both at their addresses.
    const staffView = await loaderText(
      detail,
      `/news/${draft.slug}`,
      { slug: draft.slug },
      adminUser.cookie,
    );
    expect(staffView).toMatch(/^200 /);
    expect(staffView).toContain('"preview":true');

    // Its time: the clock moves there.
    setClockOffset(at.getTime() - Date.now() + 1);

    const views = await guestViews(scheduled, "Zephyr");
    expect(views.page).toMatch(/^200 /);
    expect(views.page).toContain("<h2");
    expect(views.byId).toBe(`redirect /news/${scheduled.slug}`);
    for (const [route, text] of Object.entries(views)) {
      if (route === "byId") continue;
      expect(text, route).toContain(
        route === "sitemap" ? `/news/${scheduled.slug}` : scheduled.title,
      );
    }
    const hidden = await guestViews(draft, "Quasar");
    for (const [route, text] of Object.entries(hidden))
      expect(text, route).not.toContain(draft.title);
  });

  it("old id addresses answer 301 to the slug; slugs are made unique and typed ones refused when taken", async () => {
    const first = await create({ title: "Hello, Wörld!", content: "One." });
    const second = await create({ title: "Hello Wörld", content: "Two." });
    expect([first.slug, second.slug]).toEqual(["hello-world", "hello-world-2"]);
    const moved = await outcome(() =>
      detail.loader({
        request: request(`/news/${first.id}`),
        context,
        params: { slug: first.id },
      } as never),
    );
    expect(moved).toMatchObject({ status: 301, location: "/news/hello-world" });

    const taken = await adminPost({
      intent: "news-update",
      id: second.id,
      title: second.title,
      content: "Two.",
      slug: "hello-world",
    });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.body)).toContain(
      "This address is already used by another news item",
    );
    expect((await getNews(handle.db, second.id))!.slug).toBe("hello-world-2");

    // A new title keeps the address: links to the item keep working.
    const retitled = await adminPost({
      intent: "news-update",
      id: first.id,
      title: "A new title",
      content: "One.",
    });
    expect(retitled.status).toBe(200);
    expect((await getNews(handle.db, first.id))!.slug).toBe("hello-world");

    // Found by fuzzing: an address no slug or id can be (a NUL in it) is a miss, not a 500.
    for (const address of ["\u0000<i>x</i>", "Hello-World", "a".repeat(300), "../x"])
      expect(await loaderText(detail, `/news/x`, { slug: address })).toBe("redirect /news");

    const bad = await adminPost({
      intent: "news-update",
      id: second.id,
      title: second.title,
      content: "Two.",
      slug: "Not a slug!",
    });
    expect(bad.status).toBe(400);
    expect((await getNews(handle.db, second.id))!.slug).toBe("hello-world-2");
  });

  it("publishing and scheduling are in the audit log; a moderator is refused on the server", async () => {
    const item = await create({ title: "Audit me", content: "Text.", state: "draft" });
    const update = (form: Record<string, string>, cookie?: string) =>
      adminPost(
        { intent: "news-update", id: item.id, title: "Audit me", content: "Text.", ...form },
        cookie,
      );
    // Next year: always in the future, whenever the test runs.
    const year = new Date().getUTCFullYear() + 1;
    expect((await update({ state: "scheduled", publishAt: `${year}-01-01T10:00` })).status).toBe(
      200,
    );
    expect((await update({ state: "published" })).status).toBe(200);
    expect((await update({ state: "draft" })).status).toBe(200);
    const actions = await handle.db
      .select({ action: staffAuditLog.action, details: staffAuditLog.details })
      .from(staffAuditLog)
      .orderBy(staffAuditLog.createdAt);
    expect(actions.map((row) => row.action)).toEqual([
      "news.create",
      "news.update",
      "news.schedule",
      "news.update",
      "news.publish",
      "news.update",
      "news.unpublish",
    ]);
    expect(actions[2]!.details).toMatchObject({ publishedAt: `${year}-01-01T10:00:00.000Z` });

    expect((await update({ state: "published" }, moderator.cookie)).status).toBe(403);
    expect((await getNews(handle.db, item.id))!.state).toBe("draft");
    const previewAs = async (cookie?: string) =>
      (
        await outcome(() =>
          preview.action({
            request: request("/admin/news-preview", { cookie, form: { content: "# Hi" } }),
            context,
            params: {},
          } as never),
        )
      ).status;
    expect(await previewAs(moderator.cookie)).toBe(403);
    expect(await previewAs()).toBe(401);
    expect(await previewAs(adminUser.cookie)).toBe(200);
  });

  it("a schedule needs a time, a cover needs alt text, an image in the text needs alt text", async () => {
    const refused = async (form: Record<string, string>, message: string) => {
      const reply = await adminPost({ intent: "news-create", title: "Refused", ...form });
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.body)).toContain(message);
    };
    await refused({ content: "x", state: "scheduled" }, "Choose when to publish");
    await refused(
      { content: "x", coverImage: "00000000-0000-4000-8000-000000000000" },
      "Describe the cover image: alt text is required.",
    );
    await refused({ content: "See ![](/media/x)" }, "Every image needs alt text");
    await refused({ content: "x", state: "someday" }, "Choose Published, Scheduled or Draft");
    expect(await handle.db.$count(news)).toBe(0);
  });

  it("a schedule time already past is refused on its field and changes nothing; Published publishes now", async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const late = { title: "Late news", content: "Meant for an hour ago." };
    const refusedCreate = await adminPost({
      intent: "news-create",
      ...late,
      state: "scheduled",
      publishAt: hourAgo,
    });
    expect(refusedCreate.status).toBe(400);
    expect(refusedCreate.body).toMatchObject({ error: { publishAt: [PUBLISH_TIME_PASSED] } });
    expect(await handle.db.$count(news)).toBe(0);

    const draft = await create({ ...late, state: "draft" });
    const refusedUpdate = await adminPost({
      intent: "news-update",
      id: draft.id,
      ...late,
      state: "scheduled",
      publishAt: hourAgo,
    });
    expect(refusedUpdate.status).toBe(400);
    expect(refusedUpdate.body).toMatchObject({ error: { publishAt: [PUBLISH_TIME_PASSED] } });
    expect(await getNews(handle.db, draft.id)).toMatchObject({ state: "draft", publishedAt: null });

    // A time that passed while the form was on its way (seconds ago) is still taken.
    const justNow = new Date(Math.floor((Date.now() - 5_000) / 1000) * 1000);
    const onTime = await create({
      title: "On time",
      content: "Scheduled a moment ago.",
      state: "scheduled",
      publishAt: justNow.toISOString(),
    });
    expect(onTime).toMatchObject({ state: "published", publishedAt: justNow.toISOString() });

    // Published is how to publish now.
    const published = await adminPost({
      intent: "news-update",
      id: draft.id,
      ...late,
      state: "published",
    });
    expect(published.status).toBe(200);
    const now = (await getNews(handle.db, draft.id))!;
    expect(now.state).toBe("published");
    expect(Date.parse(now.publishedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("Manage News lists items as /news does, newest publication first; a draft by when it was written", async () => {
    const writtenFirst = await create({ title: "Written first", content: "A.", state: "draft" });
    await create({ title: "Written second", content: "B." });
    // Published after the second item: its publication is the newer one.
    const republished = await adminPost({
      intent: "news-update",
      id: writtenFirst.id,
      title: "Written first",
      content: "A.",
      state: "published",
    });
    expect(republished.status).toBe(200);
    await create({ title: "Draft written last", content: "C.", state: "draft" });
    await create({
      title: "Scheduled for later",
      content: "D.",
      state: "scheduled",
      publishAt: "2030-01-01T10:00",
    });

    const staffList = await openAdmin(context, "/admin/news", adminUser.cookie);
    expect(staffList.status).toBe(200);
    const titles = (staffList.body as { page: { items: { title: string }[] } }).page.items;
    expect(titles.map((item) => item.title)).toEqual([
      "Scheduled for later",
      "Draft written last",
      "Written first",
      "Written second",
    ]);
    const publicList = await loaderText(list, "/news");
    expect(publicList.indexOf("Written first")).toBeGreaterThan(0);
    expect(publicList.indexOf("Written first")).toBeLessThan(publicList.indexOf("Written second"));
  });
});
