import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock } from "../app/db/lock.server";
import { migrateDataDir } from "../tests/support/database";

const cli = path.resolve("bin/studio.js");

function studio(args: string[], dataDir: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ...env },
    encoding: "utf8",
    // A hang guard: one run took over 60 s beside several other jobs.
    timeout: 180_000,
  });
  return {
    status: result.status,
    out: result.stdout + result.stderr,
    stdout: result.stdout,
    stderr: result.stderr,
  };
}

/**
 * A new DATA_DIR; `migrated` puts the run's migrated database into it first (in this process,
 * from the dump tests/support/global-setup.ts made), so only the first case pays a command's
 * creating the embedded cluster and running every migration (some 7 s of CPU a time).
 */
async function dataDir(migrated = false): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cli-"));
  if (migrated) await migrateDataDir(dir);
  return dir;
}

// Each case starts the compiled command line (PGlite) two to five times: slow on a busy machine.
// Only the first creates its embedded database itself; the others start from a migrated one.
describe("studio command line", { timeout: 400_000 }, () => {
  // The demo site the first case seeds, which the settings case exports from (seeding one costs a
  // command some 8 s of CPU); run alone, the settings case seeds its own.
  let demoSite: string | undefined;

  it("migrates and seeds the demo content once", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cli-"));
    const first = studio(["db", "seed", "--demo"], dir);
    expect(first.status).toBe(0);
    expect(first.out).toMatch(/added [1-9]\d* news items, [1-9]\d* games and [1-9]\d* pictures/);
    const second = studio(["db", "seed", "--demo"], dir);
    expect(second.out).toContain("added 0 news items, 0 games and 0 pictures.");
    expect(fs.existsSync(path.join(dir, "db.lock"))).toBe(false);
    demoSite = dir;
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
    const drop = studio(["db", "drop"], dir);
    expect(drop).toMatchObject({ status: 1 });
    expect(drop.out).toContain("Usage: studio");
    expect(studio(["db", "seed"], dir).out).toContain("db seed needs --demo");
    expect(studio(["--bogus"], dir).status).toBe(1);
  });

  it("imports a presskit() folder into a game and its kit, and refuses a hostile one changing nothing", async () => {
    const dir = await dataDir(true);
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

  it("backs up a site to the path it prints, restores it into an empty folder, and says why it cannot run beside the server", async () => {
    const dir = await dataDir(true);
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cli-"));
    // A migrated site is enough here: the demo content's round trip is the integration test's
    // (tests/integration/backup.test.ts), and seeding it costs this file seconds. `db migrate` on
    // it finds nothing left to apply (the first case's seed migrated a new folder).
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

  it("rotates the secret to the configured one, the old one read from the variable it names", async () => {
    const dir = await dataDir(true);
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

  // `studio settings export|import` as an operator runs them (docs/product.md#site-settings): the
  // demo studio's settings leave one install as a file and arrive in a fresh one; a bad file is
  // refused with one sentence and changes nothing. Until 2026-11-30 a system test of its own
  // (tests/system/settings-cli.test.ts, seeding its own demo site and migrating its fresh one).
  it("moves the settings between installs; a bad file changes nothing", async () => {
    const settings = (dir: string, ...args: string[]) => {
      const result = studio(args, dir, { LOG_LEVEL: "silent" });
      return { code: result.status, stdout: result.stdout, stderr: result.stderr };
    };
    const nameIn = (json: string) =>
      (JSON.parse(json) as { settings: { name: string } }).settings.name;
    const [to, files] = [await dataDir(true), await dataDir()];
    const from = demoSite ?? (await dataDir());
    if (!demoSite) expect(settings(from, "db", "seed", "--demo").code).toBe(0);
    const file = path.join(files, "settings.json");
    const exported = settings(from, "settings", "export", "--file", file);
    expect(exported.code).toBe(0);
    expect(nameIn(fs.readFileSync(file, "utf8"))).toBe("Lanternfly Games");

    // A fresh install: neutral, and a bad file is one sentence that changes nothing.
    expect(nameIn(settings(to, "settings", "export").stdout)).toBe("Your Studio");
    const bad = path.join(files, "bad.json");
    const broken = JSON.parse(fs.readFileSync(file, "utf8"));
    broken.settings.socialLinks = [{ name: "x", url: "javascript:alert(1)" }];
    fs.writeFileSync(bad, JSON.stringify(broken));
    for (const wrong of [bad, path.join(files, "missing.json")]) {
      const refused = settings(to, "settings", "import", "--file", wrong);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split("\n")).toHaveLength(1);
      expect(refused.stderr).toMatch(/^The file|^There is no file/);
    }
    expect(nameIn(settings(to, "settings", "export").stdout)).toBe("Your Studio");

    const imported = settings(to, "settings", "import", "--file", file);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain("Lanternfly Games");
    const after = JSON.parse(settings(to, "settings", "export").stdout);
    const moved = JSON.parse(fs.readFileSync(file, "utf8"));
    // All but the featured game, whose id names nothing on another install (the demo features one).
    expect(moved.settings.featuredGame).not.toBe("");
    expect(after).toEqual({ ...moved, settings: { ...moved.settings, featuredGame: "" } });
  });
});
