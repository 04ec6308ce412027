import * as lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon from "./lucide-icon";

// Our lean icon factory draws each icon exactly as lucide-react's own does, whatever props it is
// given. (The tests run without the build's redirect, so `lucide` here is the library's own.)

type IconData = Parameters<typeof createLucideIcon>[0];

/** The icon data of one of lucide-react's icons, as its module hands it to the factory. */
async function dataOf(file: string): Promise<IconData> {
  const module = (await import(`lucide-react/dist/esm/icons/${file}.mjs`)) as {
    __iconData: IconData;
  };
  return module.__iconData;
}

const PROPS: Record<string, unknown>[] = [
  {},
  { className: "size-4" },
  { "aria-hidden": "true", className: "size-5 shrink-0" },
  { "aria-label": "Close", className: "lucide size-4  extra" },
  { size: 16, strokeWidth: 1.5 },
  { size: 32, absoluteStrokeWidth: true, color: "red" },
  { width: 20, height: 10, nonScalingStroke: true },
  { role: "img", title: "x", id: "icon" },
];

describe("the lean lucide icon factory", () => {
  it.each([
    ["arrow-right", lucide.ArrowRight],
    ["log-in", lucide.LogIn],
    ["triangle-exclamation-point", lucide.AlertTriangle],
  ] as const)("draws %s as lucide-react does", async (file, Library) => {
    const Lean = createLucideIcon(await dataOf(file));
    for (const props of PROPS) {
      const expected = renderToStaticMarkup(createElement(Library, props));
      expect(renderToStaticMarkup(createElement(Lean, props))).toBe(expected);
    }
    const labelled = renderToStaticMarkup(
      createElement(Lean, {}, createElement("title", {}, "Go")),
    );
    expect(labelled).toBe(
      renderToStaticMarkup(createElement(Library, {}, createElement("title", {}, "Go"))),
    );
  });
});
