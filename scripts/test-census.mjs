#!/usr/bin/env node
// Counts, per test layer, the test files, the tests written (`it(`, `test(`, their .each forms) and
// the assertions written (`expect(`, `expect.poll(`, `expect.soft(`, `assert…(`), so a change that
// moves checks between layers can show that none was lost (docs/testing.md#no-check-lost).
// Written, not run: a test in a loop counts once. Usage: node scripts/test-census.mjs [dir]
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? ".");

const LAYERS = [
  {
    name: "unit",
    match: (file) => /^(app|bin|server|scripts)\//.test(file) && /\.test\.tsx?$/.test(file),
  },
  {
    name: "integration",
    match: (file) => file.startsWith("tests/integration/") && file.endsWith(".test.ts"),
  },
  { name: "http", match: (file) => file.startsWith("tests/http/") && file.endsWith(".test.ts") },
  { name: "repo", match: (file) => file.startsWith("tests/repo/") && file.endsWith(".test.ts") },
  { name: "fuzz", match: (file) => file.startsWith("tests/fuzz/") && file.endsWith(".test.ts") },
  {
    name: "system",
    match: (file) => file.startsWith("tests/system/") && file.endsWith(".test.ts"),
  },
  { name: "browser", match: (file) => file.startsWith("tests/e2e/") && file.endsWith(".spec.ts") },
];

const TESTS =
  /(?<![\w.])(?:it|test)(?:\.(?:each\([^)]*\)|only|concurrent|fails|skipIf\([^)]*\)|runIf\([^)]*\)))?\s*\(/g;
const ASSERTIONS = /(?<![\w.])expect(?:\.(?:poll|soft))?\s*\(|(?<![\w.])assert(?:\.\w+)?\s*\(/g;

function filesUnder(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name === "build")
      continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out;
}

const files = filesUnder(root).map((file) => path.relative(root, file).split(path.sep).join("/"));
const rows = LAYERS.map((layer) => {
  const mine = files.filter(layer.match);
  let tests = 0;
  let assertions = 0;
  for (const file of mine) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    tests += text.match(TESTS)?.length ?? 0;
    assertions += text.match(ASSERTIONS)?.length ?? 0;
  }
  return { layer: layer.name, files: mine.length, tests, assertions };
});
console.log("| layer | files | tests written | assertions written |");
console.log("| --- | ---: | ---: | ---: |");
for (const row of rows)
  console.log(`| ${row.layer} | ${row.files} | ${row.tests} | ${row.assertions} |`);
const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
console.log(`| all | ${sum("files")} | ${sum("tests")} | ${sum("assertions")} |`);
