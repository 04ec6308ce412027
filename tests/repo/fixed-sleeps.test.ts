import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// No test sleeps a fixed second or more (docs/testing.md): a test waits for the thing itself (a
// response, a row, a log line, a state of the page), or moves the clock the product reads. A fixed
// sleep is too short on a busy machine and wasted time on a quiet one. Found here: a call of
// `waitForTimeout`, `setTimeout` (its delay) or `sleep` whose argument holds a number ≥ 1000
// (`1000`, `1_000`, `1e3`, `x + 1_200`), in every file under tests/ and in the tests beside the
// code. Comments and strings are not code and are not searched. Playwright's `test.setTimeout()`
// is a test's time limit, not a sleep.

const root = join(import.meta.dirname, "..", "..");
const LIMIT_MS = 1000;

/** The files searched: everything under tests/, and the *.test.ts(x) beside the code. */
function testFiles(): string[] {
  const under = (dir: string, keep: (name: string) => boolean) =>
    readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && keep(entry.name))
      .filter((entry) => !entry.parentPath.split(/[\\/]/).includes("node_modules"))
      .map((entry) => relative(root, join(entry.parentPath, entry.name)));
  return [
    ...under("tests", (name) => /\.(m|c)?[jt]sx?$/.test(name)),
    ...["app", "bin", "server"].flatMap((dir) => under(dir, (name) => /\.test\.tsx?$/.test(name))),
  ].sort();
}

/** The code with every comment and every string's contents blanked (lengths and lines kept). */
function codeOnly(source: string): string {
  let out = "";
  let i = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, " ");
  while (i < source.length) {
    const two = source.slice(i, i + 2);
    const c = source[i]!;
    if (two === "//") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (two === "/*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < source.length && source[j] !== c) {
        if (source[j] === "\\") j++;
        else if (c !== "`" && source[j] === "\n") break;
        j++;
      }
      out += c + blank(source.slice(i + 1, j)) + (j < source.length ? source[j] : "");
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The arguments of the call whose "(" is at `open`, split at its top-level commas. */
function argumentsAt(code: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) {
      depth--;
      if (depth === 0) {
        args.push(code.slice(start, i));
        return args;
      }
    } else if (c === "," && depth === 1) {
      args.push(code.slice(start, i));
      start = i + 1;
    }
  }
  return args;
}

/** The largest number written in a piece of code, or 0. */
function largestNumber(code: string): number {
  const numbers = code.match(/(?<![\w.$])\d[\d_]*(?:\.\d+)?(?:e\d+)?(?![\w$])/gi) ?? [];
  return Math.max(0, ...numbers.map((text) => Number(text.replace(/_/g, ""))));
}

/** Each fixed sleep of a second or more in a file's text: "line: call". */
function fixedSleeps(source: string): string[] {
  const code = codeOnly(source);
  const found: string[] = [];
  const calls = /(?:(?<![\w$])([\w$]+)\s*\.\s*)?(?<![\w$])(waitForTimeout|setTimeout|sleep)\s*\(/g;
  for (const match of code.matchAll(calls)) {
    const owner = match[1];
    const name = match[2]!;
    // `test.setTimeout()`, `socket.setTimeout()`: a time limit, not the timer; the timer's promise
    // form is `timers.setTimeout(ms)` (node:timers/promises).
    if (name === "setTimeout" && owner !== undefined && !/^timers/i.test(owner)) continue;
    const open = match.index + match[0].length - 1;
    const args = argumentsAt(code, open);
    // setTimeout(callback, ms), or the promise form of node:timers/promises, setTimeout(ms).
    const delay = name === "setTimeout" ? (args.length > 1 ? args[1] : args[0]) : args[0];
    if (delay === undefined || largestNumber(delay) < LIMIT_MS) continue;
    const line = code.slice(0, match.index).split("\n").length;
    const text = source.slice(match.index, open + args.join(",").length + 2);
    found.push(`${line}: ${text.replace(/\s+/g, " ")}`);
  }
  return found;
}

describe("fixed sleeps in tests", () => {
  it("finds what it is meant to find, and nothing else", () => {
    const found = (source: string) => fixedSleeps(source).map((hit) => hit.replace(/^\d+: /, ""));
    for (const sleep of [
      "await page.waitForTimeout(1000);",
      "await page.waitForTimeout(1_500);",
      "await new Promise((resolve) => setTimeout(resolve, 1000));",
      "await new Promise((r) => setTimeout(() => r(undefined), 2_000));",
      "await setTimeout(5000);",
      "await sleep(3_000);",
      "await sleep(1e3);",
      "await sleep(Math.max(0, at.getTime() - Date.now()) + 1_200);",
      "await sleep(\n  1000,\n);",
      "await timers.setTimeout(1000);",
      "await harness.sleep(2000);",
    ])
      expect(found(sleep), sleep).toHaveLength(1);
    for (const fine of [
      "await page.waitForTimeout(500);",
      "await new Promise((resolve) => setTimeout(resolve, 999));",
      "setTimeout(() => signal('SIGKILL'), killAfterMs);",
      "await sleep(250);",
      "test.setTimeout(120_000);",
      "testInfo.setTimeout(90_000);",
      "socket.setTimeout(10_000);",
      '["select pg_sleep(5000) from profiles", "refused"]',
      "// await sleep(5000) was here",
      "/* page.waitForTimeout(2000) */",
      'const text = "sleep(3000)";',
      "const wait = `setTimeout(r, 1000)`;",
      "await expect(row).toBeVisible({ timeout: 10_000 });",
      "mySleep(5000); asleep(5000);",
    ])
      expect(found(fine), fine).toEqual([]);
    expect(fixedSleeps("a();\n\nawait sleep(2000);")).toEqual(["3: sleep(2000)"]);
  });

  it("no test waits a fixed second or more", () => {
    const files = testFiles();
    expect(files).toContain("tests/repo/fixed-sleeps.test.ts");
    expect(files).toContain("tests/support/database.ts");
    expect(files).toContain("app/newsletter/mail-body.server.test.ts");
    expect(files.some((file) => file.startsWith("tests/e2e/"))).toBe(true);
    const offenders = files.flatMap((file) =>
      fixedSleeps(readFileSync(join(root, file), "utf8")).map((hit) => `${file}:${hit}`),
    );
    expect(offenders, "wait for the thing itself, or move the clock").toEqual([]);
  });
});
