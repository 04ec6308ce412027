import { stopRegisteredProcesses } from "../support/process-registry";
import { registry } from "./global-processes";

export default async function teardown() {
  const left = await stopRegisteredProcesses(registry());
  if (left.length > 0) {
    throw new Error(
      `Processes started by tests were still running when the suite ended (now stopped):\n${left
        .map((entry) => `  ${entry.pid}: ${entry.command}`)
        .join("\n")}`,
    );
  }
}
