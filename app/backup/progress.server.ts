import { formatBytes } from "./sizes";

// Progress a person can follow (tables and files done, bytes done of the estimate, time left), on
// the terminal: one line rewritten in place when it is a terminal, a line every few seconds
// when it is a log. The same state is what the admin's list will show of a running backup.

export type ProgressState = {
  /** What is being done: "Backing up", "Checking", "Restoring". */
  phase: string;
  tablesDone: number;
  tablesTotal: number;
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  /** An estimate while backing up (the tables' size on disk), exact while restoring. */
  bytesTotal: number;
};

export type ProgressReporter = {
  update(state: ProgressState): void;
  /** Ends the progress line; the caller prints its summary next. */
  done(): void;
};

export const silentProgress: ProgressReporter = { update() {}, done() {} };

export { formatBytes } from "./sizes";

export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The line for a state, `elapsed` seconds after the start. */
export function progressLine(state: ProgressState, elapsed: number): string {
  const total = Math.max(state.bytesTotal, state.bytesDone);
  const parts = [
    `tables ${state.tablesDone}/${state.tablesTotal}`,
    `files ${state.filesDone}/${state.filesTotal}`,
    total > 0
      ? `${formatBytes(state.bytesDone)} of ${formatBytes(total)} (${Math.floor((state.bytesDone / total) * 100)}%)`
      : formatBytes(state.bytesDone),
  ];
  // A rate needs a moment and some bytes before it means anything.
  if (elapsed >= 2 && state.bytesDone > 0 && total > state.bytesDone)
    parts.push(
      `about ${formatSeconds((elapsed * (total - state.bytesDone)) / state.bytesDone)} left`,
    );
  return `${state.phase}: ${parts.join(", ")}`;
}

export function terminalProgress(
  output: { write(text: string): unknown; isTTY?: boolean },
  now: () => number = Date.now,
): ProgressReporter {
  const every = output.isTTY ? 100 : 5_000;
  // Time left is judged by the current phase's pace: each phase starts its own clock.
  let start = now();
  let last = 0;
  let phase = "";
  let shown = false;
  return {
    update(state) {
      const at = now();
      if (state.phase !== phase) start = at;
      else if (at - last < every) return;
      last = at;
      phase = state.phase;
      const line = progressLine(state, (at - start) / 1000);
      output.write(output.isTTY ? `\r\x1b[K${line}` : `${line}\n`);
      shown = true;
    },
    done() {
      if (output.isTTY && shown) output.write("\r\x1b[K");
    },
  };
}
