import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Check, TriangleAlert, X } from "./icons";

// An icon is a reference into the sprite, not its drawing: the markup names the symbol and carries
// the caller's classes; the stroke and size are the stylesheet's `.icon` rule.
describe("an icon", () => {
  it("is a use of its symbol in the sprite, hidden from assistive technology by default", () => {
    const html = renderToStaticMarkup(<X className="size-5" />);
    expect(html).toMatch(
      /^<svg class="icon size-5" aria-hidden="true"><use href="[^"]*icons[^"]*\.svg#x"><\/use><\/svg>$/,
    );
  });

  it("draws the symbol lucide-react names it by (an old name reaches the new drawing)", () => {
    expect(renderToStaticMarkup(<TriangleAlert />)).toContain(".svg#triangle-exclamation-point");
  });

  it("is an image with that name when given a label", () => {
    const html = renderToStaticMarkup(<Check aria-label="Read" className="size-4" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Read"');
    expect(html).not.toContain("aria-hidden");
  });

  it("keeps what the caller sets over its defaults", () => {
    const html = renderToStaticMarkup(<X aria-hidden={false} data-testid="close" />);
    expect(html).toContain('aria-hidden="false"');
    expect(html).toContain('data-testid="close"');
  });
});
