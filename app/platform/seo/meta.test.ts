import { describe, expect, it } from "vitest";
import { escapeXml, jsonLd, pageMeta, siteUrlFrom } from "./meta";

describe("page metadata", () => {
  it("gives title, description, canonical, Open Graph and Twitter tags", () => {
    const tags = pageMeta({
      title: "News",
      description: "Studio news",
      path: "/news",
      siteUrl: "https://studio.example",
      siteName: "Example Studio",
      siteImage: "/media/site/x/og-image.png",
    });
    expect(tags).toContainEqual({ title: "News | Example Studio" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://studio.example/media/site/x/og-image.png",
    });
    expect(tags).toContainEqual({ name: "description", content: "Studio news" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://studio.example/news",
    });
    expect(tags).toContainEqual({ property: "og:url", content: "https://studio.example/news" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    // The card's title, description and image are the Open Graph ones: not written twice.
    expect(tags.filter((tag) => "name" in tag && String(tag.name).startsWith("twitter:"))).toEqual([
      { name: "twitter:card", content: "summary_large_image" },
    ]);
  });

  it("gives an article its section and one article:tag per tag, in order, and none when it has none", () => {
    const site = { siteUrl: "https://studio.example", siteName: "Example Studio" };
    const tags = pageMeta({
      ...site,
      title: "Patch 1.2",
      description: "Fixes",
      path: "/news/patch-1-2",
      type: "article",
      section: "Patch notes 1.2.0",
      tags: ["balance", "level-design"],
    });
    expect(
      tags.filter((tag) => "property" in tag && String(tag.property).startsWith("article:")),
    ).toEqual([
      { property: "article:section", content: "Patch notes 1.2.0" },
      { property: "article:tag", content: "balance" },
      { property: "article:tag", content: "level-design" },
    ]);
    const plain = pageMeta({ ...site, title: "About", description: "Us", path: "/about" });
    expect(
      plain.some((tag) => "property" in tag && String(tag.property).startsWith("article:")),
    ).toBe(false);
  });

  it("reads the site URL from the root match", () => {
    expect(siteUrlFrom([{ id: "root", loaderData: { siteUrl: "https://a.example" } }])).toBe(
      "https://a.example",
    );
  });

  it("escapes what would break out of a script or XML", () => {
    expect(jsonLd({ headline: "</script><script>alert(1)</script>" })).not.toContain("<");
    expect(escapeXml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
  });

  it("drops characters XML cannot carry, keeping tabs, line breaks and whole emoji", () => {
    expect(escapeXml("a\u0000b\u0001c\u001fd\ufffe\uffff\ud800e\tf\ng😀")).toBe("abcde\tf\ng😀");
  });
});
