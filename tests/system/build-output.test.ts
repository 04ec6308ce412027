import fs from "node:fs";
import path from "node:path";
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
