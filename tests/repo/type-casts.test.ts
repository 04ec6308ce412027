import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// `x as unknown as T` tells the compiler to stop checking: a wrong T then fails only at run time.
// The app's and the server's own code gets its types right instead (one Database type for both
// engines, type guards, declared modules); tests may still reach into what they fake.
const root = join(import.meta.dirname, "..", "..");
const SOURCES = ["app", "server"];
const DOUBLE_CAST = /\bas\s+unknown\s+as\b/;

/** The TypeScript sources under `dir`, tests excepted, by path from the repository root. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe("type casts in the app and the server", () => {
  it("has no `as unknown as` outside tests", () => {
    const files = SOURCES.flatMap(sourcesUnder);
    expect(files).toContain("app/db/database.server.ts");
    expect(files).toContain("server/app.ts");
    const casts: string[] = [];
    for (const path of files) {
      readFileSync(join(root, path), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (DOUBLE_CAST.test(line)) casts.push(`${path}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(casts, `${casts.length} cast(s) to replace with real types`).toEqual([]);
  });
});
