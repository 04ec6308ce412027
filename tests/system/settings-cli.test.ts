import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCurrentBuild } from "../support/build";
import { ROOT } from "../support/processes";
import { tempDir } from "./harness";

// `studio settings export|import` as an operator runs them (docs/product.md#site-settings): the
// demo studio's settings leave one install as a file and arrive in a fresh one; a bad file is
// refused with one sentence and changes nothing. The command is the installed one, bin/studio.js,
// on a current build: the compiled command line, as `npm start` users run it (not tsx).

const made: string[] = [];
beforeAll(async () => {
  await ensureCurrentBuild(ROOT);
}, 600_000);
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

async function studio(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["bin/studio.js", ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const nameIn = (json: string) => (JSON.parse(json) as { settings: { name: string } }).settings.name;

describe("studio settings export and import", () => {
  it("moves the settings between installs; a bad file changes nothing", async () => {
    const [from, to, files] = [
      tempDir("studio-export-"),
      tempDir("studio-import-"),
      tempDir("studio-files-"),
    ];
    made.push(from, to, files);
    expect((await studio(from, "db", "seed", "--demo")).code).toBe(0);
    const file = path.join(files, "settings.json");
    const exported = await studio(from, "settings", "export", "--file", file);
    expect(exported.code).toBe(0);
    expect(nameIn(fs.readFileSync(file, "utf8"))).toBe("Lanternfly Games");

    // A fresh install: neutral, and a bad file is one sentence that changes nothing.
    expect(nameIn((await studio(to, "settings", "export")).stdout)).toBe("Your Studio");
    const bad = path.join(files, "bad.json");
    const broken = JSON.parse(fs.readFileSync(file, "utf8"));
    broken.settings.socialLinks = [{ name: "x", url: "javascript:alert(1)" }];
    fs.writeFileSync(bad, JSON.stringify(broken));
    for (const wrong of [bad, path.join(files, "missing.json")]) {
      const refused = await studio(to, "settings", "import", "--file", wrong);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split("\n")).toHaveLength(1);
      expect(refused.stderr).toMatch(/^The file|^There is no file/);
    }
    expect(nameIn((await studio(to, "settings", "export")).stdout)).toBe("Your Studio");

    const imported = await studio(to, "settings", "import", "--file", file);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain("Lanternfly Games");
    const after = JSON.parse((await studio(to, "settings", "export")).stdout);
    const moved = JSON.parse(fs.readFileSync(file, "utf8"));
    // All but the featured game, whose id names nothing on another install (the demo features one).
    expect(moved.settings.featuredGame).not.toBe("");
    expect(after).toEqual({ ...moved, settings: { ...moved.settings, featuredGame: "" } });
  }, 600_000);
});
