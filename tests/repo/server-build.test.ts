import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { serverBuildOptions } from "../../scripts/build-server.mjs";

// The compiled start-up file (decision 039) settles NODE_ENV before anything loads React: React
// picks its development or production build when first loaded, and a bundle's imports of packages
// run before its own code. So the start-up file may import no package that loads React; the site
// (build/server/index.js) is imported only after NODE_ENV is settled.
describe("the compiled server and command line", () => {
  it("start.js imports only node's modules, express and zod; the site comes later, by path", async () => {
    const result = await build({ ...serverBuildOptions(), write: false, metafile: true });
    const start = result.metafile.outputs["build/server/start.js"];
    expect(start).toBeDefined();
    const imported = start!.imports.filter((i) => i.external).map((i) => i.path);
    const packages = imported.filter((path) => !path.startsWith("node:"));
    expect([...new Set(packages)].sort()).toEqual(["express", "vite", "zod"]);
    // vite is imported only for --dev, dynamically.
    expect(start!.imports.find((i) => i.path === "vite")?.kind).toBe("dynamic-import");
    // The first of its own modules is the one that settles NODE_ENV.
    const first = Object.keys(start!.inputs)[0];
    expect(first).toBe("app/platform/server/node-env.server.ts");
  });

  it("the command line bundles the app's modules and leaves packages to node_modules", async () => {
    const result = await build({ ...serverBuildOptions(), write: false, metafile: true });
    const cli = result.metafile.outputs["build/cli/studio.js"]!;
    expect(Object.keys(cli.inputs)).toContain("app/db/migrate.server.ts");
    expect(cli.imports.every((i) => i.external)).toBe(true);
  });
});
