import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// Features depend on each other one way only (ARCHITECTURE.md, Layers). A cycle between two
// features need not be a cycle between modules (each side may reach the other's index files from a
// different module), so .dependency-cruiser.cjs checks it between folders; these cases run that
// configuration through dependency-cruiser's command line.
const root = join(import.meta.dirname, "..", "..");
const CONFIG = join(root, ".dependency-cruiser.cjs");
const DEPCRUISE = join(root, "node_modules", ".bin", "depcruise");

type Report = {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: { rule: { name: string } }[] };
};

function cruise(cwd: string, ...paths: string[]): Report {
  const run = (args: string[]) =>
    execFileSync(DEPCRUISE, [...args, "--config", CONFIG, "--output-type", "json"], {
      cwd,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
  try {
    return JSON.parse(run(paths));
  } catch (error) {
    // With errors found, the command exits non-zero and its report is on stdout.
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) throw error;
    return JSON.parse(stdout);
  }
}

const fixtures: string[] = [];
afterAll(() => {
  for (const dir of fixtures) rmSync(dir, { recursive: true, force: true });
});

describe("cycles between features", () => {
  it("are refused, even when no module imports itself back", () => {
    const dir = mkdtempSync(join(tmpdir(), "feature-cycles-"));
    fixtures.push(dir);
    const files = {
      "tsconfig.json": "{}",
      "app/news/index.ts": "export const NEWS = 1;\n",
      "app/news/news-card.ts":
        'import { GAMES } from "../games/index";\nexport const card = GAMES;\n',
      "app/games/index.ts": "export const GAMES = 2;\n",
      "app/games/game-card.ts":
        'import { NEWS } from "../news/index";\nexport const card = NEWS;\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const rules = cruise(dir, "app").summary.violations.map((v) => v.rule.name);
    expect(rules).toEqual(["no-circular-between-features", "no-circular-between-features"]);
  });

  it("leave accounts below profiles: accounts imports nothing of profiles", () => {
    const report = cruise(root, "app/accounts");
    const intoProfiles = report.modules
      .filter((m) => m.source.startsWith("app/accounts/"))
      .flatMap((m) =>
        m.dependencies
          .filter((d) => d.resolved.startsWith("app/profiles/"))
          .map((d) => `${m.source} -> ${d.resolved}`),
      );
    expect(intoProfiles).toEqual([]);
    expect(report.summary.violations).toEqual([]);
  }, 30_000);
});
