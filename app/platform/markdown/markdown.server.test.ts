import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  elements,
  hostileHtml,
  hostileMarkdown,
  UUID,
  unsafeParts,
} from "../../../tests/support/markup-safety";
import {
  firstParagraphText,
  type MarkdownImage,
  markdownImages,
  markdownText,
  renderMarkdown,
  renderPlainText,
  sanitizeRendered,
} from "./markdown.server";

const SITE = "https://studio.example";

/** A resolver like the media library's: its own uploads only, at their stored widths. */
const mediaResolver = (src: string): MarkdownImage | null => {
  const id = /^\/media\/([0-9a-f-]{36})(?:\/\d+\.webp)?$/.exec(src)?.[1];
  if (!id) return null;
  return {
    src: `/media/${id}/1600.webp`,
    srcset: `/media/${id}/480.webp 480w, /media/${id}/1600.webp 1600w`,
    sizes: "(min-width: 768px) 720px, 100vw",
    width: 1600,
    height: 900,
  };
};

describe("renderMarkdown", () => {
  it("renders paragraphs, emphasis, strikethrough, lists and quotes", () => {
    expect(renderMarkdown("Some *text*, **bold** and ~~gone~~.")).toBe(
      "<p>Some <em>text</em>, <strong>bold</strong> and <s>gone</s>.</p>\n",
    );
    expect(renderMarkdown("3. three\n4. four")).toBe(
      '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>\n',
    );
    expect(renderMarkdown("- a\n- b")).toBe("<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n");
    expect(renderMarkdown("> quoted\n\n---")).toBe(
      "<blockquote>\n<p>quoted</p>\n</blockquote>\n<hr />\n",
    );
    expect(renderMarkdown("line  \nbreak")).toBe("<p>line<br />\nbreak</p>\n");
  });

  it("shifts headings one level down and gives each a unique, prefixed id and a self-link", () => {
    const html = renderMarkdown(
      "# Getting started\n## Getting started\n###### Deep\n# Getting started 2",
    );
    expect(html).toBe(
      [
        '<h2 id="h-getting-started">Getting started <a class="heading-anchor" href="#h-getting-started" aria-label="Link to this section">#</a></h2>',
        '<h3 id="h-getting-started-2">Getting started <a class="heading-anchor" href="#h-getting-started-2" aria-label="Link to this section">#</a></h3>',
        '<h6 id="h-deep">Deep <a class="heading-anchor" href="#h-deep" aria-label="Link to this section">#</a></h6>',
        // "Getting started 2" would be the second heading's id: it takes the next free one.
        '<h2 id="h-getting-started-2-2">Getting started 2 <a class="heading-anchor" href="#h-getting-started-2-2" aria-label="Link to this section">#</a></h2>',
        "",
      ].join("\n"),
    );
  });

  it("makes heading ids from ascii words, with a fallback for headings without any", () => {
    const ids = (source: string) =>
      elements(renderMarkdown(source))
        .filter((element) => /^h[2-6]$/.test(element.tag))
        .map((element) => element.attributes.id);
    expect(ids("# Café *Déjà* `vu`!\n# 日本語\n# ***\n# Patch 1.2 — notes")).toEqual([
      "h-cafe-deja-vu",
      "h-section",
      "h-section-2",
      "h-patch-1-2-notes",
    ]);
    expect(ids("# 日本語\n# ¿?")).toEqual(["h-section", "h-section-2"]);
    expect(ids("# A\n# A 2\n# A\n# A")).toEqual(["h-a", "h-a-2", "h-a-3", "h-a-4"]);
    expect(ids(`# ${"word ".repeat(40)}`)[0]!.length).toBeLessThanOrEqual(62);
  });

  it("renders tables with alignment as classes, not style attributes", () => {
    const html = renderMarkdown("| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |");
    expect(html).toContain('<th class="text-left">a</th>');
    expect(html).toContain('<th class="text-center">b</th>');
    expect(html).toContain('<td class="text-right">3</td>');
    expect(html).toContain("<td>4</td>");
    expect(html).not.toContain("style");
  });

  it("links http(s) URLs and e-mail addresses written as text", () => {
    expect(
      renderMarkdown("See https://example.com/a?b=1&c=2 or write to team@studio.example."),
    ).toBe(
      '<p>See <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">https://example.com/a?b=1&amp;c=2</a> or write to <a href="mailto:team@studio.example">team@studio.example</a>.</p>\n',
    );
    expect(renderMarkdown("<https://example.com>")).toContain('<a href="https://example.com"');
  });

  it("marks links to other sites as external, not links to this one", () => {
    const html = renderMarkdown(
      "[a](https://other.example/x) [b](https://studio.example/news) [c](/games/x) [d](#h-intro) [e](mailto:a@b.c)",
      { siteUrl: SITE },
    );
    expect(html).toBe(
      '<p><a href="https://other.example/x" rel="noopener noreferrer">a</a> <a href="https://studio.example/news">b</a> <a href="/games/x">c</a> <a href="#h-intro">d</a> <a href="mailto:a@b.c">e</a></p>\n',
    );
    // Another scheme or port is another origin; without siteUrl every absolute link is external.
    expect(renderMarkdown("[a](http://studio.example/x)", { siteUrl: SITE })).toContain("noopener");
    expect(renderMarkdown("[a](https://studio.example/x)")).toContain("noopener");
    // A link's title is not kept.
    expect(renderMarkdown('[a](/x "Title")')).toBe('<p><a href="/x">a</a></p>\n');
  });

  it("escapes code and keeps a fenced block's language only when it is a plain name", () => {
    expect(renderMarkdown("```ts\nconst a = '<b>' && 1;\n```")).toBe(
      "<pre><code class=\"language-ts\">const a = '&lt;b&gt;' &amp;&amp; 1;\n</code></pre>\n",
    );
    expect(renderMarkdown('```"><script>x\n<i>\n```')).toBe(
      "<pre><code>&lt;i&gt;\n</code></pre>\n",
    );
    expect(renderMarkdown("`<script>` and\n\n    <b>indented</b>")).toBe(
      "<p><code>&lt;script&gt;</code> and</p>\n<pre><code>&lt;b&gt;indented&lt;/b&gt;\n</code></pre>\n",
    );
  });

  it("keeps only /media/ images without a resolver, lazy and with alt text", () => {
    expect(renderMarkdown("![A boss fight](/media/abc/480.webp)")).toBe(
      '<p><img src="/media/abc/480.webp" alt="A boss fight" loading="lazy" decoding="async" /></p>\n',
    );
    // Decorative: alt stays, empty.
    expect(renderMarkdown("![](/media/abc)")).toBe(
      '<p><img src="/media/abc" alt="" loading="lazy" decoding="async" /></p>\n',
    );
    for (const src of [
      "https://evil.example/x.png",
      "//evil.example/x.png",
      "/media/../admin",
      "/media/%2e%2e/admin",
      "/avatars/x.webp",
      "media/x.webp",
      "data:image/png;base64,AAAA",
    ]) {
      expect(renderMarkdown(`![Shown *as* text](${src})`), src).toBe("<p>Shown as text</p>\n");
    }
  });

  it("asks the resolver what an image carries, and drops what it does not know", () => {
    const html = renderMarkdown(`![Cover](/media/${UUID}) ![Gone](/media/other)`, {
      image: mediaResolver,
    });
    expect(html).toBe(
      `<p><img src="/media/${UUID}/1600.webp" srcset="/media/${UUID}/480.webp 480w, /media/${UUID}/1600.webp 1600w" sizes="(min-width: 768px) 720px, 100vw" alt="Cover" width="1600" height="900" loading="lazy" decoding="async" /> Gone</p>\n`,
    );
    // Whatever the resolver answers, an image from another host is not shown.
    for (const image of [
      { src: "https://cdn.example/x.webp" },
      { src: "//cdn.example/x.webp" },
      { src: "/x.webp", srcset: "/x.webp 1x, https://cdn.example/y.webp 2x" },
      { src: "javascript:alert(1)" },
    ]) {
      expect(renderMarkdown("![Alt](/media/x)", { image: () => image })).toBe("<p>Alt</p>\n");
    }
    // Sizes that are not positive integers are left out.
    expect(
      renderMarkdown("![Alt](/media/x)", { image: () => ({ src: "/x", width: -1, height: 1.5 }) }),
    ).toBe('<p><img src="/x" alt="Alt" loading="lazy" decoding="async" /></p>\n');
  });

  it("is deterministic", () => {
    const source = `# Title\n\nText [a](https://a.example) ![b](/media/${UUID})\n\n| x |\n|:-:|\n| y |`;
    const options = { image: mediaResolver, siteUrl: SITE };
    expect(renderMarkdown(source, options)).toBe(renderMarkdown(source, options));
    expect(renderMarkdown("")).toBe("");
  });
});

// Each renders with no element or attribute that could run script.
const HOSTILE: [string, string][] = [
  ["<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"],
  ["[x](javascript:alert(1))", "<p>x</p>\n"],
  ["[x](JaVaScRiPt:alert(1))", "<p>x</p>\n"],
  ["[x](java&#115;cript:alert(1))", "<p>x</p>\n"],
  ["[x](&#x6A;avascript&colon;alert(1))", "<p>x</p>\n"],
  ["[x](  javascript:alert(1))", "<p>x</p>\n"],
  ["[x](<java\tscript:alert(1)>)", "<p>x</p>\n"],
  ["[x](<\u0001javascript:alert(1)>)", "<p>x</p>\n"],
  ["[x](vbscript:msgbox(1))", "<p>x</p>\n"],
  ["[x](file:///etc/passwd)", "<p>x</p>\n"],
  ["[x](data:text/html,<script>alert(1)</script>)", "<p>x</p>\n"],
  ["[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "<p>x</p>\n"],
  ["[x](//evil.example)", "<p>x</p>\n"],
  ["[x][r]\n\n[r]: javascript:alert(1)", "<p>x</p>\n"],
  ["<javascript:alert(1)>", "<p>javascript:alert(1)</p>\n"],
  ["<JAVASCRIPT:alert(1)>", "<p>JAVASCRIPT:alert(1)</p>\n"],
  ["<img src=x onerror=alert(1)>", "<p>&lt;img src=x onerror=alert(1)&gt;</p>\n"],
  ['![a](x" onerror="alert(1))', '<p>![a](x" onerror="alert(1))</p>\n'],
  ['![a](/media/x" onerror="alert(1))', '<p>![a](/media/x" onerror="alert(1))</p>\n'],
  ["![a](javascript:alert(1))", "<p>a</p>\n"],
  [
    '<iframe src="https://evil.example"></iframe>',
    // The address inside is linked as text is: a link, not an iframe.
    '<p>&lt;iframe src="<a href="https://evil.example" rel="noopener noreferrer">https://evil.example</a>"&gt;&lt;/iframe&gt;</p>\n',
  ],
  [
    '<a href="javascript:alert(1)">x</a>',
    '<p>&lt;a href="javascript:alert(1)"&gt;x&lt;/a&gt;</p>\n',
  ],
  ["<svg onload=alert(1)>", "<p>&lt;svg onload=alert(1)&gt;</p>\n"],
  [
    '<div style="x">\n\nhi\n\n</div>',
    '<p>&lt;div style="x"&gt;</p>\n<p>hi</p>\n<p>&lt;/div&gt;</p>\n',
  ],
];

describe("renderMarkdown with hostile input", () => {
  it.each(HOSTILE)("%j renders inert", (source, expected) => {
    const html = renderMarkdown(source, { siteUrl: SITE });
    expect(html).toBe(expected);
    expect(unsafeParts(html)).toEqual([]);
  });

  it("keeps a site-relative link site-relative (a backslash is not a second slash)", () => {
    const html = renderMarkdown("[x](/\\evil.example)");
    expect(html).toBe('<p><a href="/%5Cevil.example">x</a></p>\n');
  });
});

describe("renderMarkdown, property: no input produces active content", () => {
  const options = fc.constantFrom<Parameters<typeof renderMarkdown>[1]>(
    undefined,
    { siteUrl: SITE },
    { image: mediaResolver, siteUrl: SITE },
    { image: (src) => ({ src }) },
  );

  it("renders only allowlisted tags and attributes, and only safe URLs", () => {
    fc.assert(
      fc.property(hostileMarkdown(), options, (source, renderOptions) => {
        const html = renderMarkdown(source, renderOptions);
        expect(unsafeParts(html), html).toEqual([]);
        expect(renderMarkdown(source, renderOptions)).toBe(html);
      }),
      { numRuns: 2_000 },
    );
  });
});

// The second layer alone, given raw HTML: the Markdown layer refuses these URLs before they get
// here, so only a test of this step shows that the allowlist refuses them too.
describe("the sanitize step on its own", () => {
  it.each([
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="java\tscript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="&#106;avascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', "<a>x</a>"],
    ['<a href="data:image/svg+xml,<svg onload=alert(1)>">x</a>', "<a>x</a>"],
    ['<a href="vbscript:msgbox(1)">x</a>', "<a>x</a>"],
    ['<a href="//evil.example/">x</a>', "<a>x</a>"],
    ['<img src="data:image/png;base64,iVBORw0KGgo=" alt="d">', '<img alt="d" />'],
    ['<img src="https://evil.example/x.png" alt="e">', '<img alt="e" />'],
    ['<img src="javascript:alert(1)" alt="j">', '<img alt="j" />'],
    [
      '<img src="/media/a/1.webp" srcset="/media/a/1.webp 1x, https://evil.example/b.png 2x" alt="s">',
      '<img src="/media/a/1.webp" alt="s" />',
    ],
  ])("drops the URL of %j", (html, expected) => {
    expect(sanitizeRendered(html)).toBe(expected);
  });

  it.each([
    ['<a href="https://ok.example/">ok</a>', '<a href="https://ok.example/">ok</a>'],
    ['<a href="mailto:hi@studio.example">m</a>', '<a href="mailto:hi@studio.example">m</a>'],
    ['<a href="/news/x#part">r</a>', '<a href="/news/x#part">r</a>'],
    ['<img src="/media/a/1.webp" alt="ok">', '<img src="/media/a/1.webp" alt="ok" />'],
    [
      '<img src="/media/a/1.webp" srcset="/media/a/1.webp 1x, /media/a/2.webp 2x" alt="ok">',
      '<img src="/media/a/1.webp" srcset="/media/a/1.webp 1x, /media/a/2.webp 2x" alt="ok" />',
    ],
  ])("keeps the allowed URL of %j", (html, expected) => {
    expect(sanitizeRendered(html)).toBe(expected);
  });

  it.each([
    ["<script>alert(1)</script><p>after</p>", "<p>after</p>"],
    ['<p onclick="x()" style="color:red" class="big" id="top">t</p>', "<p>t</p>"],
    [
      '<a href="https://ok.example/" rel="noopener nofollow" target="_blank" title="t" onclick="x()">ok</a>',
      '<a href="https://ok.example/" rel="noopener">ok</a>',
    ],
    [
      '<iframe src="https://evil.example"></iframe><svg><a href="javascript:alert(1)">s</a></svg>',
      "<a>s</a>",
    ],
    ['<form action="/x"><input name="a"><button>b</button></form>', "b"],
    [
      '<h2 id="h-x" class="y">H</h2><code class="language-ts other">c</code>',
      '<h2 id="h-x">H</h2><code class="language-ts">c</code>',
    ],
  ])("keeps only the allowlisted tags, attributes and classes of %j", (html, expected) => {
    expect(sanitizeRendered(html)).toBe(expected);
  });

  it("property: no HTML comes out with active content or a URL from elsewhere", () => {
    fc.assert(
      fc.property(hostileHtml(), (html) => {
        const clean = sanitizeRendered(html);
        expect(unsafeParts(clean), `${html}\n→ ${clean}`).toEqual([]);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("markdownText", () => {
  it("gives the text a reader sees, without markup and with whitespace collapsed", () => {
    const source = [
      "# The *update*",
      "",
      "Read [the notes](/notes) and ~~old~~ `code`.  ",
      "Next line ![screenshot](/media/x).",
      "",
      "| a | b |",
      "|---|---|",
      "| 1 | 2 |",
      "",
      "```",
      "npm start",
      "```",
      "",
      "<b>kept as text</b>",
    ].join("\n");
    expect(markdownText(source)).toBe(
      "The update Read the notes and old code. Next line . a b 1 2 npm start <b>kept as text</b>",
    );
    expect(markdownText("")).toBe("");
    expect(markdownText("[x](javascript:alert(1))")).toBe("x");
  });
});

describe("firstParagraphText", () => {
  it("skips headings, images-only paragraphs, tables, code, lists and quotes", () => {
    const source = [
      "# Title",
      "",
      "![cover](/media/a) ![second](/media/b)",
      "",
      "| a |",
      "|---|",
      "| b |",
      "",
      "```",
      "code",
      "```",
      "",
      "> quoted",
      "",
      "- item",
      "",
      "The *first*   paragraph",
      "goes on. ![inline](/media/c)",
      "",
      "Second.",
    ].join("\n");
    // Each line is a paragraph of its own (the spec's rule for an article).
    expect(firstParagraphText(source)).toBe("The first paragraph");
    expect(firstParagraphText("# Only a heading")).toBe("");
    expect(firstParagraphText("")).toBe("");
  });
});

describe("markdownImages", () => {
  it("lists every image with its src and alt text, in order, kept or not", () => {
    const source = `![Cover *art*](/media/${UUID}) text\n\n[![](/media/b)](/x)\n\n- ![Other](https://evil.example/x.png)`;
    expect(markdownImages(source)).toEqual([
      { src: `/media/${UUID}`, alt: "Cover art" },
      { src: "/media/b", alt: "" },
      { src: "https://evil.example/x.png", alt: "Other" },
    ]);
    expect(markdownImages("No images, `![code](/x)`.")).toEqual([]);
  });
});

describe("renderPlainText", () => {
  it("makes one escaped paragraph per non-blank line", () => {
    expect(renderPlainText("First line\r\n\n  <b>Second</b> & more  \n")).toBe(
      "<p>First line</p>\n<p>&lt;b&gt;Second&lt;/b&gt; &amp; more</p>",
    );
    expect(renderPlainText(" \n")).toBe("");
  });
});

describe("paragraphs by line (the spec's rule for an article)", () => {
  it("makes each line of a paragraph a paragraph, keeping lists, tables and hard breaks", () => {
    expect(renderMarkdown("One line.\nAnother **line**.\n\nA third.")).toBe(
      "<p>One line.</p>\n<p>Another <strong>line</strong>.</p>\n<p>A third.</p>\n",
    );
    expect(renderMarkdown("- a\n- b")).toBe("<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n");
    expect(renderMarkdown("| A |\n| - |\n| 1 |")).toContain("<td>1</td>");
    expect(renderMarkdown("Hard  \nbreak")).toBe("<p>Hard<br />\nbreak</p>\n");
    expect(firstParagraphText("First line.\nSecond line.")).toBe("First line.");
  });
});

describe("heading levels", () => {
  it("makes the text's highest heading an <h2> and keeps the steps between levels", () => {
    expect(renderMarkdown("## A\n\n### B")).toMatch(/^<h2 id="h-a">A.*<\/h2>\n<h3 id="h-b">B/s);
    expect(renderMarkdown("# A\n\n## B")).toMatch(/^<h2 id="h-a">A.*<\/h2>\n<h3 id="h-b">B/s);
    expect(renderMarkdown("### Only")).toMatch(/^<h2 id="h-only">/);
    expect(renderMarkdown("# 1\n## 2\n### 3\n#### 4\n##### 5\n###### 6")).toContain("<h6");
    expect(renderMarkdown("# 1\n## 2\n### 3\n#### 4\n##### 5\n###### 6")).not.toContain("<h7");
  });
});
