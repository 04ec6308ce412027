import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import type { AppContext } from "../../app/platform/server/context.server";
import type { TestEngine } from "./database";
import { testContext } from "./runtime";

export type SuiteDatabase = { handle: DatabaseHandle; context: AppContext };

/**
 * Opens the engine's database and a router context over it before a suite's tests, and closes it
 * after them. `ready` receives both (assign them to the suite's variables, and do any set-up that
 * needs them there).
 */
export function openForSuite(
  engine: TestEngine,
  ready: (opened: SuiteDatabase) => void | Promise<void>,
  timeout?: number,
): void {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await engine.open();
    await ready({ handle, context: testContext(handle) });
  }, timeout);
  afterAll(async () => {
    await handle?.close();
  });
}
