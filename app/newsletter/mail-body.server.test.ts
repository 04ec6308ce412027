import { describe, expect, it } from "vitest";
import { mailBody, mailImageSrc } from "./mail-body.server";

describe("mailImageSrc", () => {
  const site = "https://studio.example";
  const upload = "2f1d9a3e-7c1b-4a55-8f43-6f1f0d0f5a22";
  it("gives an upload of the site, by path or absolute, as its JPEG for mail", () => {
    expect(mailImageSrc(site, `/media/${upload}/960.webp`)).toBe(
      `${site}/media/${upload}/mail.jpg`,
    );
    expect(mailImageSrc(site, `${site}/media/${upload}`)).toBe(`${site}/media/${upload}/mail.jpg`);
  });
  it("leaves other images as they are, made absolute when they are the site's", () => {
    expect(mailImageSrc(site, "https://cdn.example/media/x.webp")).toBe(
      "https://cdn.example/media/x.webp",
    );
    expect(mailImageSrc(site, "/media/site/abc/logo-128.png")).toBe(
      `${site}/media/site/abc/logo-128.png`,
    );
  });
});

// The article's HTML comes sanitized from the site's renderer; the mail's own allowlist is the
// second line, so it is tested on its own with what the renderer should never let through.
describe("mailBody, given hostile HTML", () => {
  const site = "https://studio.example";
  const body = (html: string) => mailBody(html, site, "#ff0000");
  const p = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#1f2330">${text}</p>`;
  const a = (text: string, href?: string) =>
    `<a${href ? ` href="${href}"` : ""} style="color:#ff0000;text-decoration:underline">${text}</a>`;
  const img = (alt: string) =>
    `<img alt="${alt}" width="560" style="display:block;max-width:100%;height:auto;border:0;margin:0 0 16px" />`;

  it.each([
    ["a script, its text too", "<p>Hi<script>alert(1)</script></p>", p("Hi")],
    ["event handlers", '<p onclick="alert(1)" onmouseover="x()">Text</p>', p("Text")],
    ["a javascript: link", '<a href="javascript:alert(1)">x</a>', a("x")],
    ["a javascript: link in mixed case", '<a href="JaVaScRiPt:alert(1)">x</a>', a("x")],
    ["a javascript: link after a space", '<a href=" javascript:alert(1)">x</a>', a("x")],
    ["a javascript: link split by a tab", '<a href="java&#x09;script:alert(1)">x</a>', a("x")],
    ["a data: link", '<a href="data:text/html,<script>alert(1)</script>">x</a>', a("x")],
    ["a vbscript: link", '<a href="vbscript:msgbox(1)">x</a>', a("x")],
    ["a protocol-relative link", '<a href="//evil.example/x">x</a>', a("x")],
    [
      "a javascript: image with onerror",
      '<img src="javascript:alert(1)" onerror="alert(1)" alt="a">',
      img("a"),
    ],
    ["a data: image", '<img src="data:image/png;base64,AAAA" alt="d">', img("d")],
    [
      "a style with url() and expression()",
      '<p style="background:url(javascript:alert(1));width:expression(alert(1))">s</p>',
      p("s"),
    ],
    ["an iframe", '<iframe src="https://evil.example"></iframe><p>after</p>', p("after")],
    [
      "an svg with onload and a script",
      '<svg onload="alert(1)"><script>alert(1)</script></svg><p>after</p>',
      p("after"),
    ],
    [
      "object, embed and a form",
      '<object data="x.swf"></object><embed src="x.swf"><form action="https://evil.example"><input name="a"></form><p>ok</p>',
      p("ok"),
    ],
    [
      "style, link, meta refresh and base",
      '<style>body{background:red}</style><link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/"><p>ok</p>',
      p("ok"),
    ],
    [
      "MathML with a javascript: xlink",
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      "x",
    ],
    ["an unclosed tag", "<img src=x onerror=alert(1)//", ""],
    [
      "a link's target, handler, class and id",
      '<a href="https://ok.example" target="_blank" onclick="x()" class="c" id="i">ok</a>',
      a("ok", "https://ok.example"),
    ],
    ["escaped markup, kept as text", "<p>&lt;script&gt;</p>", p("&lt;script&gt;")],
  ])("drops %s", (_, html, expected) => {
    expect(body(html)).toBe(expected);
  });

  it("keeps what a mail may hold: https, mailto and the site's own links made absolute", () => {
    expect(body('<a href="mailto:press@studio.example">m</a>')).toBe(
      a("m", "mailto:press@studio.example"),
    );
    expect(body('<a href="/games">g</a>')).toBe(a("g", `${site}/games`));
  });
});
