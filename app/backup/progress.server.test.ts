import { describe, expect, it } from "vitest";
import { progressLine, terminalProgress } from "./progress.server";
import { sealedSentence } from "./secrets.server";

const state = {
  phase: "Backing up",
  tablesDone: 12,
  tablesTotal: 36,
  filesDone: 3,
  filesTotal: 46,
  bytesDone: 5_000_000,
  bytesTotal: 20_000_000,
};

describe("backup progress", () => {
  it("says tables, files and bytes done, and the time left at the pace so far", () => {
    expect(progressLine(state, 10)).toBe(
      "Backing up: tables 12/36, files 3/46, 5.0 MB of 20.0 MB (25%), about 30 s left",
    );
    // Too soon to judge a pace.
    expect(progressLine(state, 1)).toBe(
      "Backing up: tables 12/36, files 3/46, 5.0 MB of 20.0 MB (25%)",
    );
    expect(progressLine({ ...state, bytesDone: 1_000_000 }, 200)).toMatch(/about 1 h 3 min left$/);
  });

  it("rewrites one line on a terminal and writes a line every few seconds to a log", () => {
    let now = 0;
    const written: string[] = [];
    const terminal = terminalProgress(
      { isTTY: true, write: (text) => written.push(text) },
      () => now,
    );
    terminal.update(state);
    now = 50;
    terminal.update(state);
    now = 150;
    terminal.update(state);
    terminal.done();
    expect(written).toHaveLength(3);
    expect(written[0]?.startsWith("\r\x1b[KBacking up: ")).toBe(true);
    expect(written.at(-1)).toBe("\r\x1b[K");

    const log: string[] = [];
    const file = terminalProgress({ write: (text) => log.push(text) }, () => now);
    now = 0;
    file.update(state);
    now = 4_000;
    file.update(state);
    // A new phase is said at once.
    file.update({ ...state, phase: "Restoring" });
    now = 9_500;
    file.update({ ...state, phase: "Restoring" });
    file.done();
    expect(log.map((line) => line.split(":")[0])).toEqual(["Backing up", "Restoring", "Restoring"]);
  });
});

describe("the sealed data's sentence", () => {
  it("says that it opens, that there is none, or what does not open", () => {
    expect(sealedSentence([{ kind: "press keys", sealed: 0, opened: 0 }])).toBe(
      "There is no sealed data to open.",
    );
    expect(sealedSentence([{ kind: "press keys", sealed: 2, opened: 2 }])).toBe(
      "The sealed data opens with this server's secret.",
    );
    expect(
      sealedSentence([
        { kind: "press keys", sealed: 2, opened: 0 },
        { kind: "service token signing keys", sealed: 1, opened: 1 },
      ]),
    ).toBe("The sealed data cannot be opened with this server's secret: 2 of 2 press keys.");
  });
});
