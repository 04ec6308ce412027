import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// `npm ci` on npm 11 refuses a lockfile in which a package's optional dependency (another
// platform's binary) has no entry; npm leaves such entries out when the registry it resolved
// against does not serve that version. Pinned versions keep every platform's binary resolvable.
type LockEntry = { optionalDependencies?: Record<string, string>; version?: string };
const lock = JSON.parse(
  readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8"),
) as {
  packages: Record<string, LockEntry>;
};

/** Where Node's resolution would find `name` from the package at `from` (a lockfile key). */
function resolveEntry(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!base) return undefined;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut === -1 ? "" : base.slice(0, cut);
  }
}

describe("package-lock.json", () => {
  it("has an entry for every optional dependency of every package", () => {
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolveEntry(key, name)) missing.push(`${key || "(root)"} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
