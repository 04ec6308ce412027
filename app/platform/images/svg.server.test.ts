import { describe, expect, it } from "vitest";
import { checkSvg, looksLikeSvg, rasterizeSvg } from "./svg.server";

// Vector logos are checked as documents before anything draws them (docs/product.md#press-kit).

const rules = { maxBytes: 1024 * 1024, tooLarge: "Too large.", code: "invalid_image" };
const svg = (inner: string, attributes = 'width="200" height="50"') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${inner}</svg>`);

describe("checkSvg", () => {
  it("takes a plain logo, with an XML declaration and comments before it", () => {
    const logo = Buffer.from(
      `\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n${svg('<rect width="200" height="50"/>')}`,
    );
    expect(looksLikeSvg(logo)).toBe(true);
    expect(() => checkSvg(logo, rules)).not.toThrow();
  });

  it("knows an SVG by its content, a DOCTYPE before it or not, and nothing else for one", () => {
    expect(looksLikeSvg(Buffer.from(`<!DOCTYPE svg [<!ENTITY a "b">]>${svg("")}`))).toBe(true);
    expect(looksLikeSvg(Buffer.from("<html><svg></svg></html>"))).toBe(false);
    expect(looksLikeSvg(Buffer.from("\x89PNG\r\n"))).toBe(false);
  });

  it.each([
    ["a script", svg("<script>alert(1)</script>"), "scripts"],
    ["a namespaced script", svg("<svg:script>alert(1)</svg:script>"), "scripts"],
    ["an event handler", svg('<rect onclick="alert(1)"/>'), "scripts"],
    ["embedded HTML", svg("<foreignObject><div>hi</div></foreignObject>"), "scripts"],
    ["a javascript: link", svg('<a href="javascript:alert(1)"><rect/></a>'), "scripts"],
    ["a local file", svg('<image href="file:///etc/passwd"/>'), "scripts"],
    ["a DOCTYPE", Buffer.from(`<!DOCTYPE svg [<!ENTITY a "b">]>${svg("&a;")}`), "DOCTYPE"],
    ["malformed XML", svg("<rect>"), "not well-formed"],
    ["another document", Buffer.from("<html><svg></svg></html>"), "not an SVG image"],
    ["two roots", Buffer.from(`${svg("")}${svg("")}`), "not well-formed"],
    ["nothing", Buffer.alloc(0), "Choose an image file"],
  ])("refuses %s", (_, file, words) => {
    expect(() => checkSvg(file, rules)).toThrow(words);
  });

  it("refuses a file over the size limit with the limit's words", () => {
    expect(() => checkSvg(svg(" ".repeat(2000)), { ...rules, maxBytes: 1000 })).toThrow(
      "Too large.",
    );
  });
});

describe("rasterizeSvg", () => {
  it("draws a logo at the width asked, its proportions kept", async () => {
    const { default: sharp } = await import("sharp");
    const png = await rasterizeSvg(svg('<rect width="200" height="50"/>'), 800, rules);
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 800, height: 200 });
  });

  it("refuses a drawing that would be a pixel flood, and one without a size", async () => {
    const tall = svg("<rect/>", 'width="1" height="100000"');
    await expect(rasterizeSvg(tall, 1600, rules)).rejects.toThrow("too many pixels");
    await expect(rasterizeSvg(svg("<rect/>", ""), 1600, rules)).rejects.toThrow("no usable size");
  });
});
