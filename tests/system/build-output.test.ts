import fs from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/processes";

// What `npm run build` leaves: the browser's scripts minified by terser, React
// and the router in one file; the server's code readable, so a logged error's stack names the
// function and line it came from.
const assets = (dir: string) =>
  fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith(".js"));
const read = (dir: string, file: string) => fs.readFileSync(path.join(ROOT, dir, file), "utf8");

describe("the production build", () => {
  it("keeps the server's code readable: one statement per line, its functions by name", () => {
    const files = assets("build/server/assets");
    expect(files.length).toBeGreaterThan(0);
    const code = files.map((file) => read("build/server/assets", file)).join("\n");
    expect(code.split("\n").length).toBeGreaterThan(1_000);
    expect(code).toMatch(/async function createSite\(/);
  });

  it("minifies the browser's scripts, with React, React DOM and the router in one file", () => {
    const client = assets("build/client/assets");
    const react = client.filter((f) => /^react-[\w-]+\.js$/.test(f));
    expect(react).toHaveLength(1);
    const code = read("build/client/assets", react[0]!);
    expect(code.split("\n").length).toBeLessThan(50);
    expect(code).toContain("hydrateRoot");
    expect(code).toContain("react.dev/errors");
  });
});

// What a reading page loads before its first use of anything (docs/performance.md#scripts): the
// entry's and its routes' scripts as the build's manifest lists them (the page's module preloads),
// each counted as Lighthouse counts it, brotli bytes plus the response's headers.
type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};
type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};

/** The headers of a script's response (content type, encoding, caching, nosniff): about 290 bytes. */
const HEADER_BYTES = 300;
/** The goal (issue 40): at most 120 kB of script on each reading page. */
const SCRIPT_BUDGET = 120_000;
function readManifest(): Manifest {
  const dir = path.join(ROOT, "build/client/assets");
  const file = fs.readdirSync(dir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error("no manifest in build/client/assets: run `npm run build`");
  const code = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(code.slice(code.indexOf("{"), code.lastIndexOf("}") + 1)) as Manifest;
}

/** The scripts a page's document preloads: the entry's, then each matched route's. */
function scriptsOf(manifest: Manifest, pathname: string): string[] {
  const objects = new Map<string, RouteObject & { children: RouteObject[] }>();
  for (const route of Object.values(manifest.routes)) {
    objects.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      children: [],
    } as never);
  }
  const top: RouteObject[] = [];
  for (const route of Object.values(manifest.routes)) {
    const object = objects.get(route.id)!;
    if (route.parentId) objects.get(route.parentId)?.children.push(object);
    else top.push(object);
  }
  const matched = matchRoutes(top, pathname) ?? [];
  expect(matched.length, `${pathname} matches no route`).toBeGreaterThan(1);
  const scripts = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const { route } of matched) {
    const entry = manifest.routes[route.id as string]!;
    for (const script of [entry.module, ...(entry.imports ?? [])]) scripts.add(script);
  }
  return [...scripts];
}

describe("the reading pages' scripts", () => {
  const pages = [
    "/",
    "/news",
    "/news/an-article",
    "/games",
    "/games/a-game",
    "/contact",
    "/press",
    "/press/a-game",
  ];

  it(`each loads at most ${SCRIPT_BUDGET / 1000} kB of script, brotli and headers`, () => {
    const manifest = readManifest();
    const weights = pages.map((page) => {
      const scripts = scriptsOf(manifest, page);
      const bytes = scripts.reduce(
        (sum, script) =>
          sum + fs.statSync(path.join(ROOT, "build/client", `${script}.br`)).size + HEADER_BYTES,
        0,
      );
      return { page, bytes, scripts };
    });
    const over = weights
      .filter(({ bytes }) => bytes > SCRIPT_BUDGET)
      .map(
        ({ page, bytes, scripts }) =>
          `${page}: ${(bytes / 1000).toFixed(1)} kB in ${scripts.join(" ")}`,
      );
    expect(over).toEqual([]);
  });
});
