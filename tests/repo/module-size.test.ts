import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// A module over 300 lines holds more than one concern: split it by concern (reads and writes, rules
// and renderer, hooks and controls) before it grows further. A route module stays thin: at most 150
// lines, its feature's modules doing the work. The schema is one file by design
// (drizzle-kit reads it whole); tests may be as long as their cases.
const root = join(import.meta.dirname, "..", "..");
const MAX_LINES = 300;
const MAX_ROUTE_LINES = 150;
const EXEMPT = new Set(["app/db/schema.ts"]);

/** The tracked TypeScript modules of app/ and server/, tests excepted. */
function modules(): string[] {
  return execFileSync("git", ["ls-files", "-z", "--", "app", "server"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter((path) => /\.(ts|tsx)$/.test(path) && !/\.test\.tsx?$/.test(path))
    .filter((path) => !EXEMPT.has(path));
}

const lineCount = (path: string) =>
  readFileSync(join(root, path), "utf8").replace(/\n$/, "").split("\n").length;

describe("module size", () => {
  it(`keeps every module of app/ and server/ at ${MAX_LINES} lines or fewer`, () => {
    const files = modules();
    expect(files).toContain("app/root.tsx");
    expect(files).toContain("server/app.ts");
    const over = files
      .map((path) => ({ path, lines: lineCount(path) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(over, `${over.length} module(s) to split`).toEqual([]);
  });

  it(`keeps every route module at ${MAX_ROUTE_LINES} lines or fewer`, () => {
    const routes = modules().filter((path) => path.startsWith("app/routes/"));
    expect(routes).toContain("app/routes/game-detail.tsx");
    const over = routes
      .map((path) => ({ path, lines: lineCount(path) }))
      .filter(({ lines }) => lines > MAX_ROUTE_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(over, `${over.length} route(s) to thin`).toEqual([]);
  });
});
