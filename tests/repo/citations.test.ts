import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

// The product's requirements live in docs/product.md. A comment or doc that cites a requirements
// file a clone does not have (by its old names) leaves the reader with nothing to follow, and a
// link to a heading that was renamed is as dead. The guides in docs/ say why; a comment says why in
// a line, never "see record N".
const root = join(import.meta.dirname, "..", "..");
const PRODUCT = "docs/product.md";

/** Every tracked path, from the repository root. */
function trackedPaths(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
}

/** Tracked text files (binary files hold a NUL), by path from the repository root. */
function trackedTextFiles(): Map<string, string> {
  const paths = trackedPaths();
  const files = new Map<string, string>();
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(join(root, path), "utf8");
    } catch {
      continue; // listed in the index but deleted in the work tree
    }
    if (!text.includes("\0")) files.set(path, text);
  }
  return files;
}

// Built from pieces so that this file does not cite them itself.
const OUTSIDE_NAMES = ["SP" + "EC", "DES" + "IGN\\.md", "STY" + "LE\\.md"];
const OUTSIDE_CITATION = new RegExp(`\\b(?:${OUTSIDE_NAMES.join("|")})\\b`);

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces become '-'. */
function githubAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Every anchor of a Markdown file; a repeated heading gets -1, -2, … as on GitHub. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = githubAnchor((heading[1] ?? "").replace(/`/g, ""));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

describe("citations of the product's requirements", () => {
  const files = trackedTextFiles();

  it("cite docs/product.md, never requirements files the repository does not hold", () => {
    const offending: string[] = [];
    for (const [path, text] of files) {
      text.split("\n").forEach((line, i) => {
        if (OUTSIDE_CITATION.test(line)) offending.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offending, `${offending.length} citation(s) to replace`).toEqual([]);
  });

  it("link only to headings that docs/product.md has", () => {
    const product = files.get(PRODUCT);
    expect(product, `${PRODUCT} is tracked`).toBeDefined();
    const anchors = anchorsOf(product ?? "");
    const dead: string[] = [];
    for (const [path, text] of files) {
      // Links from elsewhere name the file; links inside it are bare `(#anchor)`.
      const pattern = path === PRODUCT ? /\]\(#([\w-]+)\)/g : /product\.md#([\w-]+)/g;
      for (const match of text.matchAll(pattern)) {
        if (!anchors.has(match[1] ?? "")) dead.push(`${path}: #${match[1]}`);
      }
    }
    expect(dead).toEqual([]);
  });

  it("turns headings into GitHub's anchors", () => {
    expect(githubAnchor("Roles and permissions")).toBe("roles-and-permissions");
    expect(githubAnchor("News detail (/news/:id)")).toBe("news-detail-newsid");
    expect(githubAnchor("Header, account menu & footer")).toBe("header-account-menu--footer");
  });
});

// "decision" and a three-digit number, or a path into the removed records folder; built from pieces
// so that this file does not match itself.
const DECISION_CITATION = new RegExp(`\\b${"decision"}s?\\s+\\d{3}\\b|docs/${"decisions"}/`, "i");

describe("no citations of numbered decisions", () => {
  it("no tracked file cites a decision by number: a comment or guide says why instead", () => {
    const offending: string[] = [];
    for (const [path, text] of trackedTextFiles()) {
      if (path === "tests/repo/citations.test.ts") continue; // its own examples below
      text.split("\n").forEach((line, i) => {
        if (DECISION_CITATION.test(line)) offending.push(`${path}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offending, `${offending.length} citation(s) to replace`).toEqual([]);
  });

  it("recognises the forms a citation took", () => {
    for (const line of [
      "// kept per session (decision 045).",
      " * (decisions 018, 038).",
      "see docs/decisions/",
      "Decision 039.",
    ]) {
      expect(DECISION_CITATION.test(line), line).toBe(true);
    }
    expect(DECISION_CITATION.test("// decided at start-up, 300 lines")).toBe(false);
  });
});

/** The relative links of a Markdown file, outside code blocks: `[text](target)` and images. */
function relativeLinks(markdown: string): string[] {
  const links: string[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const match of line.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] ?? "";
      if (!/^[a-z]+:/i.test(target)) links.push(target);
    }
  }
  return links;
}

describe("links between the docs", () => {
  const files = trackedTextFiles();
  const docs = [...files.keys()].filter(
    (path) => path === "README.md" || path === "ARCHITECTURE.md" || /^docs\/[^/]+\.md$/.test(path),
  );

  it("from the README, ARCHITECTURE.md and docs/ reach a tracked file and an existing heading", () => {
    const tracked = trackedPaths();
    const dead: string[] = [];
    for (const path of docs) {
      for (const link of relativeLinks(files.get(path) ?? "")) {
        const [file = "", anchor] = link.split("#");
        const target = file === "" ? path : normalize(join(dirname(path), file)).replace(/\/$/, "");
        const exists = tracked.includes(target) || tracked.some((p) => p.startsWith(`${target}/`));
        if (!exists) {
          dead.push(`${path}: ${link} (no such file)`);
        } else if (
          anchor &&
          target.endsWith(".md") &&
          !anchorsOf(files.get(target) ?? "").has(anchor)
        ) {
          dead.push(`${path}: ${link} (no such heading)`);
        }
      }
    }
    expect(dead).toEqual([]);
  });

  it("reads links, not code", () => {
    expect(
      relativeLinks(
        "[a](b.md#c) ![x](s.png) [w](https://x.example)\n```\n[d](e.md)\n```\n`[f](g)`",
      ),
    ).toEqual(["b.md#c", "s.png"]);
  });
});
