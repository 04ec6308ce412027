import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SOURCES } from "../../bin/build-state.js";
import { captureOutput, freePort, ROOT, serverEnv, waitForHealthy } from "../support/processes";
import { tempDir } from "./harness";

// `npm start` on a checkout that was never built, as a new user meets it: one line
// saying it is building, then the address. The build's own output goes to DATA_DIR/build.log, and
// holds none of the warnings that are known noise (vite.config.ts, KNOWN_NOISE). The checkout is a
// copy of the sources beside this one's node_modules, so this build does not touch the one the
// other tests use.

// What the build is made from, and what building it reads besides.
const COPIED = [...SOURCES, "scripts", "tsconfig.json", "package.json"];

const made: string[] = [];
let child: ChildProcess | undefined;
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the first npm start", () => {
  it("prints one line while it builds, then the address; the build's output goes to DATA_DIR/build.log", async () => {
    const checkout = tempDir("studio-first-start-");
    const dataDir = tempDir("studio-first-start-data-");
    made.push(checkout, dataDir);
    for (const entry of COPIED) {
      fs.cpSync(path.join(ROOT, entry), path.join(checkout, entry), { recursive: true });
    }
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(checkout, "node_modules"));
    expect(fs.existsSync(path.join(checkout, "build"))).toBe(false);

    const port = await freePort();
    // As a person starts it: the default log level, no test settings.
    const env = serverEnv({ dataDir, port, env: { LOG_LEVEL: undefined, NODE_ENV: undefined } });
    child = spawn(process.execPath, ["bin/start.js"], {
      cwd: checkout,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = captureOutput(child);
    const started = child;
    const exited = new Promise<number | string>((resolve) =>
      started.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
    );
    await waitForHealthy({ url: `http://127.0.0.1:${port}`, exited, output }, 540_000);
    await expect
      .poll(output, { timeout: 10_000 })
      .toMatch(new RegExp(`listening on http://127\\.0\\.0\\.1:${port}`));

    const lines = output().split("\n");
    const listening = lines.findIndex((line) => line.includes("listening on http://"));
    const logFile = path.join(dataDir, "build.log");
    // After it, only the server's own start-up: its log lines (JSON) and the owner set-up link.
    const server =
      /^(\{".*\}|No owner account exists yet\..*|\s+http:\S+\/auth\/setup-owner\?token=\S+|)$/;
    expect(lines.slice(1, listening).filter((line) => !server.test(line))).toEqual([]);
    expect(lines[0]).toBe(`building the site, a minute or two (output in ${logFile})...`);

    const log = fs.readFileSync(logFile, "utf8");
    expect(log).toContain("build/client/assets/");
    for (const noise of [
      "Generated an empty chunk",
      "annotation that Rollup cannot interpret",
      "below minChunkSize",
      "dynamic import will not move module",
    ]) {
      expect(log).not.toContain(noise);
    }
  }, 600_000);
});
