#!/usr/bin/env node
// `npm test`: every check CI runs, layer by layer, then a table of where the time went: each
// layer's duration, its tests and retried tests, and the ten slowest tests of the run. Stops at
// the first layer that fails (the table still says what ran). The runners write JSON reports to
// test-results/reports/, read back here; CI_TIMINGS_FILE (set by .ci/run) adds the install steps.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, "test-results/reports");

/**
 * The layers, cheapest first. Lint and the type check read the tree only, so they run side by
 * side; the build comes after them (the type check writes React Router's route types first).
 */
const LAYERS = [
  { name: "lint + types", parallel: ["npm run lint", "npm run typecheck"] },
  { name: "build", command: "npm run build" },
  {
    name: "vitest",
    command: `npx vitest run --reporter=default --reporter=json --outputFile.json=${report("vitest")}`,
    report: "vitest",
  },
  {
    name: "system",
    command: `npx vitest run --config vitest.system.config.ts --reporter=default --reporter=json --outputFile.json=${report("system")}`,
    report: "system",
  },
  {
    name: "browser",
    command: "npx playwright test",
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report("browser") },
    report: "browser",
  },
];

function report(name) {
  return path.join(reports, `${name}.json`);
}

/** Runs a shell command with inherited output; resolves to its exit code. */
function run(command, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: root,
      shell: true,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Tests of a Vitest JSON report: name, seconds, passed, retries. */
function vitestTests(file, layer) {
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  return data.testResults.flatMap((suite) =>
    suite.assertionResults.map((test) => ({
      layer,
      name: `${path.relative(root, suite.name)} › ${test.fullName}`,
      seconds: (test.duration ?? 0) / 1000,
      passed: test.status === "passed",
      skipped: test.status === "pending" || test.status === "skipped" || test.status === "todo",
      retries: test.retryCount ?? 0,
    })),
  );
}

/** Tests of a Playwright JSON report: name, seconds (all attempts), passed, retries. */
function playwrightTests(file, layer) {
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const results = test.results ?? [];
        const last = results[results.length - 1];
        tests.push({
          layer,
          name: `${spec.file} › ${[...titles, spec.title].join(" › ")}`,
          seconds: results.reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000,
          passed: last?.status === "passed",
          skipped: test.status === "skipped",
          retries: Math.max(0, results.length - 1),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of data.suites ?? []) walk(suite, []);
  return tests;
}

function testsOf(layer) {
  const file = layer.report && report(layer.report);
  if (!file || !fs.existsSync(file)) return [];
  try {
    return layer.report === "browser"
      ? playwrightTests(file, layer.name)
      : vitestTests(file, layer.name);
  } catch (error) {
    console.error(`could not read ${file}: ${error.message}`);
    return [];
  }
}

const pad = (text, width) => String(text).padEnd(width);
const lpad = (text, width) => String(text).padStart(width);
// Rounded to the second first, so 59.6 s is 1:00, not 0:60.
const minutes = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};

function printTable(rows, tests) {
  const out = [];
  out.push("", "== where the time went");
  out.push(
    `${pad("layer", 14)}${lpad("time", 8)}${lpad("tests", 8)}${lpad("failed", 8)}${lpad("retried", 9)}`,
  );
  let total = 0;
  for (const row of rows) {
    total += row.seconds;
    const mine = tests.filter((test) => test.layer === row.name && !test.skipped);
    const failed = mine.filter((test) => !test.passed).length;
    const retried = mine.filter((test) => test.retries > 0).length;
    const counted = row.report !== undefined;
    out.push(
      `${pad(row.name, 14)}${lpad(minutes(row.seconds), 8)}${lpad(counted ? mine.length : "", 8)}${lpad(counted ? failed : "", 8)}${lpad(counted ? retried : "", 9)}${row.code ? "   FAILED" : ""}`,
    );
  }
  out.push(`${pad("total", 14)}${lpad(minutes(total), 8)}`);
  const slowest = [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  if (slowest.length > 0) {
    out.push("", "== the ten slowest tests");
    for (const test of slowest)
      out.push(`${lpad(test.seconds.toFixed(1), 7)} s  ${pad(test.layer, 8)} ${test.name}`);
  }
  const retried = tests.filter((test) => test.retries > 0);
  out.push("", `== retried tests: ${retried.length}`);
  for (const test of retried) {
    out.push(
      `  ${test.layer}: ${test.name} (${test.retries} ${test.retries === 1 ? "retry" : "retries"}, ${test.passed ? "passed" : "failed"} in the end)`,
    );
  }
  const ran = tests.filter((test) => !test.skipped);
  const passed = ran.filter((test) => test.passed).length;
  out.push("", `tests: ${passed} passed, ${ran.length - passed} failed`);
  console.log(out.join("\n"));
}

/** Install steps .ci/run timed before `npm test` ("name<TAB>seconds" lines). */
function earlierRows() {
  const file = process.env.CI_TIMINGS_FILE;
  if (!file || !fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [name, seconds] = line.split("\t");
      return { name, seconds: Number(seconds) };
    });
}

fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const rows = earlierRows();
let failed = 0;
for (const layer of LAYERS) {
  console.log(`\n== ${layer.name}`);
  const started = performance.now();
  const codes = layer.parallel
    ? await Promise.all(layer.parallel.map((command) => run(command)))
    : [await run(layer.command, layer.env)];
  const code = codes.find((one) => one !== 0) ?? 0;
  rows.push({
    name: layer.name,
    seconds: (performance.now() - started) / 1000,
    code,
    report: layer.report,
  });
  if (code !== 0) {
    failed = code;
    break;
  }
}
const tests = LAYERS.flatMap(testsOf);
printTable(rows, tests);
process.exit(failed);
