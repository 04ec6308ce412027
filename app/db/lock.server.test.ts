import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./lock.server";

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "studio-lock-"));

describe("data directory lock", () => {
  it("refuses a second holder while the first lives, with a clear message", () => {
    const dir = tempDir();
    const lockPath = path.join(dir, "db.lock");
    // A live process other than this one (our parent) holds it.
    fs.writeFileSync(lockPath, String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another process \(pid \d+\)/);
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.ppid));
  });

  it("takes over a lock left by a process that died", () => {
    const dir = tempDir();
    const dead = spawnSync("sh", ["-c", "echo $$"], { encoding: "utf8" });
    fs.writeFileSync(path.join(dir, "db.lock"), dead.stdout.trim());
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.path, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it("is free again once released", () => {
    const dir = tempDir();
    acquireDataDirLock(dir).release();
    const again = acquireDataDirLock(dir);
    expect(fs.existsSync(again.path)).toBe(true);
    again.release();
  });
});
