import { describe, expect, it } from "vitest";
import { markersIn } from "./support/inputs";
import { injectedMarkup, parseXml, xmlElements, xmlText } from "./support/markup";

// The fuzz suite's own detectors: they must see real markup and ignore escaped text.
describe("injected markup detector", () => {
  it.each([
    ['<p><i data-fuzz="7">x</i></p>', "<i data-fuzz>"],
    ['<input value=""><img src=x data-fuzz=7>">', "<img data-fuzz>"],
    ["<svg onload=fuzz(7)>", "onload handler on <svg>"],
    ["<a href=' javascript:fuzz(7)'>x</a>", "javascript: URL in href"],
    ['<script>var a="</script><script>fuzz(7)</script>', "a script element made by a payload"],
  ])("finds %s", (html, what) => {
    expect(injectedMarkup(html).map((f) => f.what)).toContain(what);
  });

  it.each([
    '<p>&lt;i data-fuzz="7"&gt;x&lt;/i&gt;</p>',
    '<input value="&quot;&gt;&lt;img src=x data-fuzz=7&gt;">',
    '<input value="x data-fuzz=7 onload=fuzz(7)">',
    '<script>enqueue("\\u003cscript\\u003efuzz(7)\\u003c/script\\u003e")</script>',
    '<title>&lt;/title&gt;&lt;i data-fuzz="7"&gt;</title>',
    '<!-- <i data-fuzz="7"> -->',
    '<textarea><i data-fuzz="7"></textarea>',
  ])("ignores escaped text: %s", (html) => {
    expect(injectedMarkup(html)).toEqual([]);
  });

  it("reads request numbers back from stored text", () => {
    expect(markersIn('a <i data-fuzz="12"> b fuzz(34) c data-fuzz=56')).toEqual([12, 34, 56]);
    // As a row reads in text (quotes doubled) and in JSON (quotes escaped).
    expect(markersIn('(1,"<i data-fuzz=""78"">")')).toEqual([78]);
    expect(markersIn('{"m":"<i data-fuzz=\\"90\\">"}')).toEqual([90]);
  });
});

describe("XML well-formedness check", () => {
  it("parses a feed and decodes its text", () => {
    const root = parseXml(
      '<?xml version="1.0"?>\n<rss a="1"><item><description>&amp;lt;i&amp;gt; &#233;</description></item><x/></rss>\n',
    );
    expect(xmlText(xmlElements(root, "description")[0]!)).toBe("&lt;i&gt; é");
  });

  it.each([
    ["<a><b></a></b>", "does not close"],
    ["<a>x & y</a>", "bare &"],
    ["<a>\u0001</a>", "illegal character"],
    ["<a>\uffff</a>", "illegal character"],
    ["<a></a><b/>", "second root"],
    ["<a>&nbsp;</a>", "unknown entity"],
    ["<a>", "never closed"],
  ])("refuses %j", (xml, reason) => {
    expect(() => parseXml(xml)).toThrow(reason);
  });
});
