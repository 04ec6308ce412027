import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
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
