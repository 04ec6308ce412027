import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { media, news } from "../../app/db/schema";
import { createNews } from "../../app/news/news-writes.server";
import type { AppContext } from "../../app/platform/server/context.server";
import * as feed from "../../app/routes/news-feed";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// Found by fuzzing: feed readers show an item's description as HTML, and the description was only
// XML-escaped, so markup typed into a news item became markup in every reader.
describe.each(testEngines())("news feed on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });

  const readFeed = async () =>
    (
      (await feed.loader({
        context,
        request: new Request("http://x/news/feed.xml"),
        params: {},
      } as never)) as Response
    ).text();

  it("an empty feed names no last build date (never 1970)", async () => {
    await handle.db.execute(sql`delete from news`);
    const xml = await readFeed();
    expect(xml).toContain("<channel>");
    expect(xml).not.toContain("<lastBuildDate>");
    expect(xml).not.toContain("1970");
  });

  it("carries each cover as Media RSS, and no heading anchor's stray '#'", async () => {
    const item = await createNews(handle.db, {
      title: "Night Market update",
      content: "Intro.\n\n## What changed\n\nLanterns glow.",
      format: "markdown",
    });
    const [cover] = await handle.db
      .insert(media)
      .values({ width: 2400, height: 1350, widths: [480, 960, 1600] })
      .returning({ id: media.id });
    await handle.db
      .update(news)
      .set({ coverImage: cover!.id, coverAlt: "Lanterns over the market" })
      .where(eq(news.id, item.id));
    const xml = await readFeed();
    const entry = xml.slice(xml.indexOf("<title>Night Market update</title>"));
    const body = entry.slice(0, entry.indexOf("</item>"));
    expect(body).toContain("What changed&lt;/h2&gt;");
    expect(body).not.toContain("heading-anchor");
    expect(body).not.toContain("&gt;#&lt;/a&gt;");
    expect(body).toMatch(
      new RegExp(`<media:content url="[^"]*/media/${cover!.id}/1600\\.webp" medium="image"`),
    );
    expect(body).toContain("<media:description>Lanterns over the market</media:description>");
    expect(xml).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
    expect(xml).toMatch(/<lastBuildDate>\w{3}, \d{2} \w{3} \d{4}/);
  });

  it("keeps stored markup as text in the description, and the title XML-escaped", async () => {
    await createNews(handle.db, {
      title: "Patch <b>notes</b>",
      content: `Fixed <script>alert(1)</script> & <i data-x="1">more</i>\uffff`,
    });
    const response = (await feed.loader({
      context,
      request: new Request("http://x/news/feed.xml"),
      params: {},
    } as never)) as Response;
    const xml = await response.text();
    expect(xml).toContain("<title>Patch &lt;b&gt;notes&lt;/b&gt;</title>");
    expect(xml).toContain(
      "<description>Fixed &amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt; &amp;amp; &amp;lt;i data-x=&amp;quot;1&amp;quot;&amp;gt;more&amp;lt;/i&amp;gt;</description>",
    );
    expect(xml).not.toContain("\uffff");
  });
});
