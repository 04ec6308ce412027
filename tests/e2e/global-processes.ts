import fs from "node:fs";
import { stopRegisteredProcesses } from "../support/process-registry";

// The browser suite's global setup and teardown for the processes its tests start
// (tests/support/process-registry.ts): the registry starts empty, and at the end of the run
// nothing a test started may still run. Whatever does is stopped and fails the run, named.

export function registry(): string {
  const dir = process.env.TEST_PROCESS_REGISTRY;
  if (!dir) throw new Error("TEST_PROCESS_REGISTRY is not set (playwright.config.ts sets it)");
  return dir;
}

export default async function setup() {
  // Left by an earlier run that was itself killed: stopped before this one starts.
  await stopRegisteredProcesses(registry());
  fs.mkdirSync(registry(), { recursive: true });
}
