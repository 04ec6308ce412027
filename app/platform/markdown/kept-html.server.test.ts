import { describe, expect, it, vi } from "vitest";
import { htmlStamp, keptHtml, MARKDOWN_VERSION } from "./kept-html.server";

const SITE = "https://studio.example";
const made = async () => "<p>made</p>";

describe("kept HTML", () => {
  it("is given as kept while its stamp matches: nothing rendered, nothing written", async () => {
    const render = vi.fn(made);
    const keep = vi.fn(async () => undefined);
    const stamp = htmlStamp("text", SITE);
    expect(await keptHtml({ html: "<p>kept</p>", stamp }, "text", SITE, render, keep)).toBe(
      "<p>kept</p>",
    );
    expect(render).not.toHaveBeenCalled();
    expect(keep).not.toHaveBeenCalled();
  });

  it("is made again and kept when the text, the site or the renderer changed, or none was kept", async () => {
    const stamp = htmlStamp("text", SITE);
    const older = stamp.replace(/^\d+/, String(MARKDOWN_VERSION - 1));
    for (const kept of [
      { html: "<p>kept</p>", stamp: htmlStamp("other text", SITE) },
      { html: "<p>kept</p>", stamp: htmlStamp("text", "https://old.example") },
      { html: "<p>kept</p>", stamp: older },
      { html: null, stamp: null },
    ]) {
      const keep = vi.fn(async () => undefined);
      expect(await keptHtml(kept, "text", SITE, made, keep)).toBe("<p>made</p>");
      expect(keep).toHaveBeenCalledWith({ html: "<p>made</p>", stamp });
    }
  });

  it("made by a newer renderer (a newer process beside this one): rendered here, not overwritten", async () => {
    const newer = htmlStamp("text", SITE).replace(/^\d+/, String(MARKDOWN_VERSION + 1));
    const keep = vi.fn(async () => undefined);
    expect(await keptHtml({ html: "<p>newer</p>", stamp: newer }, "text", SITE, made, keep)).toBe(
      "<p>made</p>",
    );
    expect(keep).not.toHaveBeenCalled();
  });

  it("the stamp names the renderer's version, the site's origin and the text", () => {
    expect(htmlStamp("text", `${SITE}/some/path`)).toBe(htmlStamp("text", SITE));
    expect(htmlStamp("text", SITE)).toMatch(new RegExp(`^${MARKDOWN_VERSION} ${SITE} \\S+$`));
    expect(htmlStamp("a\0b", SITE)).not.toBe(htmlStamp("ab", SITE));
  });
});
