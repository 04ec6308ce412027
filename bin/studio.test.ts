import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock } from "../app/db/lock.server";

const cli = path.resolve("bin/studio.js");

function studio(args: string[], dataDir: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ...env },
    encoding: "utf8",
    // A hang guard: one run took over 60 s beside several other jobs.
    timeout: 180_000,
  });
  return { status: result.status, out: result.stdout + result.stderr, stdout: result.stdout };
}

// Each case starts the command line (tsx, PGlite) two or three times: slow on a busy machine.
describe("studio command line", { timeout: 400_000 }, () => {
  it("migrates and seeds the demo content once", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cli-"));
    const first = studio(["db", "seed", "--demo"], dir);
    expect(first.status).toBe(0);
    expect(first.out).toMatch(/added [1-9]\d* news items, [1-9]\d* games and [1-9]\d* pictures/);
    const second = studio(["db", "seed", "--demo"], dir);
    expect(second.out).toContain("added 0 news items, 0 games and 0 pictures.");
    expect(fs.existsSync(path.join(dir, "db.lock"))).toBe(false);
  });

  it("says clearly that the server holds the embedded database, and changes nothing", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cli-"));
    const lock = acquireDataDirLock(dir);
    try {
      const result = studio(["db", "migrate"], dir);
      expect(result.status).toBe(1);
      expect(result.out).toContain(`in use by another process (pid ${process.pid})`);
      expect(result.out).toContain("cannot run while the server holds the embedded database");
      expect(fs.existsSync(path.join(dir, "db"))).toBe(false);
    } finally {
      lock.release();
    }
  });

  it("refuses unknown commands and a seed without --demo with usage", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cli-"));
    expect(studio(["db", "drop"], dir)).toMatchObject({ status: 1 });
    expect(studio(["db", "drop"], dir).out).toContain("Usage: studio");
    expect(studio(["db", "seed"], dir).out).toContain("db seed needs --demo");
    expect(studio(["--bogus"], dir).status).toBe(1);
  });

  it("imports a presskit() folder into a game and its kit, and refuses a hostile one changing nothing", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cli-"));
    const hostile = fs.mkdtempSync(path.join(os.tmpdir(), "presskit-hostile-"));
    fs.writeFileSync(
      path.join(hostile, "data.xml"),
      '<?xml version="1.0"?><!DOCTYPE g [<!ENTITY x SYSTEM "file:///etc/passwd">]><game><title>&x;</title></game>',
    );
    const refused = studio(["press", "import", hostile], dir);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain("declares a DOCTYPE or entities, which are not accepted.");
    const imported = studio(
      ["press", "import", path.resolve("tests/fixtures/presskit/template-game")],
      dir,
    );
    expect(imported.out).toContain("Imported Lantern Moth from");
    expect(imported.out).toContain("/press/lantern-moth");
    expect(studio(["press", "import"], dir).out).toContain("press import needs a folder.");
  });

  it("backs up a site to the path it prints, restores it into an empty folder, and says why it cannot run beside the server", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cli-"));
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cli-"));
    // A migrated site is enough here: the demo content's round trip is the integration test's
    // (tests/integration/backup.test.ts), and seeding it costs this file seconds.
    expect(studio(["db", "migrate"], dir).status).toBe(0);
    const archive = path.join(os.tmpdir(), `studio-cli-${process.pid}-${Date.now()}.zip`);
    const created = studio(["backup", "create", "--out", archive], dir);
    expect(created.status).toBe(0);
    expect(created.stdout).toBe(`${archive}\n`);
    expect(created.out).toMatch(
      /Backed up \d+ tables \([\d,]+ rows\) and \d+ files, [\d.]+ [kM]?B, into [\d.]+ [kM]?B in \d+ s, without secrets\./,
    );
    const restored = studio(["backup", "restore", archive], elsewhere);
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(
      /^Restored \d+ tables \([\d,]+ rows, every count checked\) and \d+ files \([\d.]+ [kM]?B\) from studio-cli-.+\.zip, taken .+ on the embedded database, in \d+ s\.\nThere is no sealed data to open\.\n$/,
    );
    const lock = acquireDataDirLock(dir);
    try {
      const refused = studio(["backup", "create"], dir);
      expect(refused.status).toBe(1);
      expect(refused.out).toContain(
        `The server is running on the embedded database in ${dir} (pid ${process.pid}): stop it, then run the backup command again.`,
      );
    } finally {
      lock.release();
    }
    expect(studio(["backup", "restore"], dir).out).toContain("backup restore needs an archive.");
    fs.rmSync(archive);
  });

  it("rotates the secret to the configured one, the old one read from the variable it names", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cli-"));
    const old = "old-secret-old-secret-old-secret-old-1234";
    expect(studio(["db", "migrate"], dir, { AUTH_SECRET: old }).status).toBe(0);
    const rotated = studio(["secret", "rotate", "--from-env", "OLD_AUTH_SECRET"], dir, {
      AUTH_SECRET: "new-secret-new-secret-new-secret-new-5678",
      OLD_AUTH_SECRET: old,
    });
    expect(rotated.status).toBe(0);
    expect(rotated.stdout).toMatch(
      /^Re-sealed 0 press keys, 0 announcement hooks and 0 two-factor records, and deleted 0 service token signing keys\. Now set AUTH_SECRET to the new values on every process and restart them/,
    );
  });
});
