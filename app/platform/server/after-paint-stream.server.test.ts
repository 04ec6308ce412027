import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { afterPaintScript } from "~/platform/hydration/after-paint";
import { afterPaintStream } from "./after-paint-stream.server";

// What React Router's <Scripts> writes (React hoists the preloads into <head>), as the server
// renders it with a nonce.
const DOCUMENT = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client-a.js"/>',
  '<link rel="modulepreload" href="/assets/react-b.js"/></head><body><main>',
  "<p>A news text may say &lt;link rel=&quot;modulepreload&quot; href=&quot;x&quot;&gt; and",
  " type=&quot;module&quot; async=&quot;&quot;: React escapes it, so it is left alone.</p></main>",
  '<script nonce="abc">window.__reactRouterContext = {"text":"rel=\\"modulepreload\\" "};</script>',
  '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root-c.js";',
  'import("/assets/entry.client-a.js");</script></body></html>',
].join("");

const PARKED = DOCUMENT.replaceAll(
  '<link rel="modulepreload" ',
  '<link data-after-paint="modulepreload" ',
).replace(' type="module" async=""', ' type="module-after-paint" async=""');

async function through(chunks: string[]): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(afterPaintStream()));
}

describe("afterPaintStream", () => {
  it("parks every module preload and the inline module script, and nothing else", async () => {
    const out = await through([DOCUMENT]);
    expect(out).toBe(PARKED);
    expect(out).not.toMatch(/<link rel="modulepreload"/);
    expect(out).not.toContain('type="module" ');
    expect(out.match(/data-after-paint="modulepreload"/g)).toHaveLength(2);
    // Escaped text and JSON keep their bytes.
    expect(out).toContain("&lt;link rel=&quot;modulepreload&quot;");
    expect(out).toContain('rel=\\"modulepreload\\"');
  });

  it("finds markup split across chunks at any byte", async () => {
    for (let cut = 1; cut < DOCUMENT.length; cut++) {
      const out = await through([DOCUMENT.slice(0, cut), DOCUMENT.slice(cut)]);
      expect(out, `cut at ${cut}`).toBe(PARKED);
    }
  });

  it("finds it when the document arrives a byte at a time, and ends with what it held", async () => {
    expect(await through([...DOCUMENT])).toBe(PARKED);
    expect(await through(["<p>ends with <link rel=", '"modulepre'])).toBe(
      '<p>ends with <link rel="modulepre',
    );
  });

  it("is undone by the page's script, which names the same markers", () => {
    expect(afterPaintScript).toContain("link[data-after-paint]");
    expect(afterPaintScript).toContain('script[type="module-after-paint"]');
    expect(afterPaintScript).toContain('n.type="module"');
    // The replacement script keeps the nonce (a page rendered for one visitor) and the text the
    // CSP hash names (a page served to many).
    expect(afterPaintScript).toContain("n.nonce=o.nonce");
    expect(afterPaintScript).toContain("n.textContent=o.textContent");
  });
});
