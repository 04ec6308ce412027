import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { modulesRunBy, selfContained, sharedBy } from "../../scripts/browser-chunks";

// The browser build's "shell" chunk (vite.config.ts, docs/performance.md#scripts): the modules the
// root route runs, found name by name through index files, and only those that bring nothing else.

type Fixture = Record<string, { code: string; imports?: string[]; exports?: string[] }>;

/** A module graph as the bundler describes it: each module's syntax tree and resolved imports. */
function graph(modules: Fixture) {
  return (id: string) => {
    const module = modules[id];
    if (!module) return null;
    return {
      ast: parseAst(module.code) as never,
      importedIds: module.imports ?? [],
      exports: module.exports ?? [],
    };
  };
}

const MODULES: Fixture = {
  root: {
    code: `import { publicSite } from "./settings"; import { Sun } from "icons"; import { Header } from "./header"; export default () => [publicSite, Sun, Header];`,
    imports: ["settings/index", "icons/index", "header"],
  },
  "settings/index": {
    code: `export { publicSite } from "./site"; export { SettingsTab } from "./settings-tab";`,
    imports: ["settings/site", "settings/settings-tab"],
  },
  "settings/site": {
    code: `import { clsx } from "clsx"; export const publicSite = clsx();`,
    imports: ["clsx"],
  },
  "settings/settings-tab": {
    code: `import { z } from "zod"; export const SettingsTab = z;`,
    imports: ["zod"],
  },
  clsx: { code: `export function clsx() {}` },
  zod: { code: `export const z = {};` },
  // A library index of the lucide kind: `export *` of an index of default re-exports.
  "icons/index": {
    code: `export * from "./icons"; export { default as createIcon } from "./create";`,
    imports: ["icons/icons", "icons/create"],
  },
  "icons/icons": {
    code: `export { default as Sun } from "./sun"; export { default as Moon } from "./moon";`,
    imports: ["icons/sun", "icons/moon"],
    exports: ["Sun", "Moon"],
  },
  "icons/sun": {
    code: `import createIcon from "./create"; export default createIcon("sun");`,
    imports: ["icons/create"],
  },
  "icons/moon": {
    code: `import createIcon from "./create"; export default createIcon("moon");`,
    imports: ["icons/create"],
  },
  "icons/create": { code: `export default function createIcon() {}` },
  // Runs, and imports the whole settings index for a side effect: it cannot join the others.
  header: {
    code: `import "./settings"; import { Logo } from "./logo"; export const Header = Logo;`,
    imports: ["settings/index", "logo"],
  },
  logo: { code: `export const Logo = 1;` },
};

describe("the modules the root route runs", () => {
  it("follows an index only to the modules whose names are imported", () => {
    const running = modulesRunBy(["root"], graph(MODULES));
    expect([...running].sort()).toEqual(
      [
        "clsx",
        "header",
        "icons/create",
        "icons/sun",
        "logo",
        "settings/settings-tab",
        "settings/site",
        "zod",
      ].sort(),
    );
  });

  it("without the header's whole-index import, the settings tab and its library stay out", () => {
    const modules = {
      ...MODULES,
      header: {
        code: `import { Logo } from "./logo"; export const Header = Logo;`,
        imports: ["logo"],
      },
    };
    const running = modulesRunBy(["root"], graph(modules));
    expect(running.has("settings/settings-tab")).toBe(false);
    expect(running.has("zod")).toBe(false);
    expect(running.has("icons/moon")).toBe(false);
    expect(running.has("icons/sun")).toBe(true);
    // The entry itself is the route's own chunk.
    expect(running.has("root")).toBe(false);
  });

  it("follows an index that also re-exports a namespace it imports (lucide-react 1.x) by name", () => {
    // lucide-react's index imports its icons' index whole only to re-export it as `icons`: an
    // index still, so the root's three icons do not bring the app's other icons into the shell.
    const modules: Fixture = {
      root: { code: `import { Sun } from "icons"; export default Sun;`, imports: ["icons/index"] },
      "icons/index": {
        code: `"use strict"; import * as index from "./icons"; export { index as icons }; export { default as Sun, default as SunIcon } from "./sun"; export { default as Moon } from "./moon"; export { Provider } from "./context";`,
        imports: ["icons/icons", "icons/sun", "icons/moon", "icons/context"],
      },
      "icons/icons": {
        code: `export { default as Sun } from "./sun"; export { default as Moon } from "./moon";`,
        imports: ["icons/sun", "icons/moon"],
        exports: ["Sun", "Moon"],
      },
      "icons/sun": { code: `export default 1;` },
      "icons/moon": { code: `export default 2;` },
      "icons/context": { code: `export const Provider = 3;` },
    };
    expect([...modulesRunBy(["root"], graph(modules))]).toEqual(["icons/sun"]);
    const whole = {
      ...modules,
      root: {
        code: `import { icons } from "icons"; export default icons;`,
        imports: ["icons/index"],
      },
    };
    expect([...modulesRunBy(["root"], graph(whole))].sort()).toEqual(["icons/moon", "icons/sun"]);
  });

  it("ends when two indexes re-export each other and one is imported whole", () => {
    const modules: Fixture = {
      root: { code: `import * as all from "./a"; export default all;`, imports: ["a"] },
      a: { code: `export * from "./b"; export { x } from "./x";`, imports: ["b", "x"] },
      b: { code: `export * from "./a"; export { y } from "./y";`, imports: ["a", "y"] },
      x: { code: `export const x = 1;` },
      y: { code: `export const y = 2;` },
    };
    expect([...modulesRunBy(["root"], graph(modules))].sort()).toEqual(["x", "y"]);
  });

  it("does not enter a module that has a chunk of its own", () => {
    const running = modulesRunBy(["root"], graph(MODULES), (id) => id === "settings/site");
    expect(running.has("settings/site")).toBe(false);
    expect(running.has("clsx")).toBe(false);
  });

  it("takes all a module imports when its imports cannot be matched to its statements", () => {
    const modules = {
      ...MODULES,
      root: { ...MODULES.root!, imports: ["settings/index", "icons/index"] },
    };
    const running = modulesRunBy(["root"], graph(modules));
    expect(running.has("icons/moon")).toBe(true);
    expect(running.has("settings/settings-tab")).toBe(true);
  });
});

describe("the modules that can share the shell chunk", () => {
  it("leaves out a module that imports an index, and the modules that import it", () => {
    const modules = {
      ...MODULES,
      shellUser: { code: `import { Header } from "./header";`, imports: ["header"] },
    };
    const getModuleInfo = graph(modules);
    const kept = selfContained(
      new Set(["settings/site", "clsx", "header", "logo", "shellUser"]),
      getModuleInfo,
      () => false,
    );
    expect([...kept].sort()).toEqual(["clsx", "logo", "settings/site"]);
  });

  it("counts a module with a chunk of its own as available", () => {
    const kept = selfContained(new Set(["settings/site"]), graph(MODULES), (id) => id === "clsx");
    expect([...kept]).toEqual(["settings/site"]);
  });
});

describe("the modules most reading pages run", () => {
  it("keeps those that at least the given number of pages run, and no other", () => {
    const pages = [
      new Set(["meta", "card", "news-card"]),
      new Set(["meta", "card", "game-card"]),
      new Set(["meta", "news-card"]),
      new Set(["meta", "contact-form"]),
    ];
    expect([...sharedBy(pages, 4)]).toEqual(["meta"]);
    expect([...sharedBy(pages, 2)].sort()).toEqual(["card", "meta", "news-card"]);
    expect(sharedBy(pages, 5).size).toBe(0);
  });
});
