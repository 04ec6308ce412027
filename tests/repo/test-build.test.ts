import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILT, SOURCES } from "../../bin/build-state.js";
import { ensureCurrentBuild } from "../support/build";

// The servers the tests start share one build, made once when it is missing or stale
// (tests/support/build.ts). Here on a checkout whose two build steps are stand-ins: the first
// counts its runs and takes a while, the second writes the built files.

const made: string[] = [];
afterEach(() => {
  for (const root of made.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function fakeCheckout(): { root: string; runs(): number } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "studio-build-test-"));
  made.push(root);
  for (const source of SOURCES) {
    fs.mkdirSync(path.dirname(path.join(root, source)), { recursive: true });
    fs.writeFileSync(path.join(root, source), "");
  }
  const count = path.join(root, "runs");
  const first = path.join(root, "node_modules/@react-router/dev/bin.js");
  fs.mkdirSync(path.dirname(first), { recursive: true });
  fs.writeFileSync(
    first,
    `require("fs").appendFileSync(${JSON.stringify(count)}, "x"); setTimeout(() => {}, 500);`,
  );
  const built = Object.values(BUILT).map((file) => path.join(root, file));
  fs.writeFileSync(
    path.join(root, "scripts/build-server.mjs"),
    `import fs from "node:fs"; import path from "node:path";
     for (const file of ${JSON.stringify(built)}) {
       fs.mkdirSync(path.dirname(file), { recursive: true });
       fs.writeFileSync(file, "");
     }`,
  );
  const runs = () => (fs.existsSync(count) ? fs.readFileSync(count, "utf8").length : 0);
  return { root, runs };
}

describe("the tests' build", () => {
  it("is made once for callers asking at the same time, and not again while current", async () => {
    const { root, runs } = fakeCheckout();
    await Promise.all([1, 2, 3].map(() => ensureCurrentBuild(root)));
    expect(runs()).toBe(1);
    for (const file of Object.values(BUILT))
      expect(fs.existsSync(path.join(root, file))).toBe(true);
    await ensureCurrentBuild(root);
    expect(runs()).toBe(1);

    // A changed source makes it stale: built again.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, "server.ts"), later, later);
    await ensureCurrentBuild(root);
    expect(runs()).toBe(2);
  });

  it("fails with the step's output when a step fails", async () => {
    const { root } = fakeCheckout();
    fs.writeFileSync(
      path.join(root, "scripts/build-server.mjs"),
      `console.error("broken"); process.exit(3);`,
    );
    await expect(ensureCurrentBuild(root)).rejects.toThrow(/the build failed \(3\):\n.*broken/s);
  });
});
