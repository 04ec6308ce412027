import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema } from "~/platform/config/env.server";

// docs/configuration.md is the one place an operator reads what the environment may set; it must
// name exactly what the schema reads, so a new setting cannot ship undocumented nor a removed one linger.
const GUIDE = join(import.meta.dirname, "..", "..", "docs", "configuration.md");

/** The variable named in the first cell of each table row: `| \`NAME\` | … |`. */
function tableVariables(markdown: string): string[] {
  const names: string[] = [];
  for (const line of markdown.split("\n")) {
    const row = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/.exec(line);
    if (row) names.push(row[1] as string);
  }
  return names;
}

describe("docs/configuration.md", () => {
  const listed = tableVariables(readFileSync(GUIDE, "utf8"));
  const declared = Object.keys(envSchema.shape);

  it("lists every variable of the environment schema, and no other", () => {
    expect(declared.length).toBeGreaterThan(30);
    expect(
      listed.filter((name) => !declared.includes(name)),
      "rows the schema does not read",
    ).toEqual([]);
    expect(
      declared.filter((name) => !listed.includes(name)),
      "variables without a row",
    ).toEqual([]);
  });

  it("gives each variable one row", () => {
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
  });

  it("reads a row's variable from its first cell only", () => {
    expect(
      tableVariables("| `PORT` | `3000` | uses `HOST` |\n| --- | --- | --- |\n| not `X` | | |"),
    ).toEqual(["PORT"]);
  });
});
