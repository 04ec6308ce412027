import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import {
  cliBuildOptions,
  precompressAssets,
  serverBuildOptions,
} from "../../scripts/build-server.mjs";

// The compiled start-up file settles NODE_ENV before anything loads React: React
// picks its development or production build when first loaded, and a bundle's imports of packages
// run before its own code. So the start-up file may import no package that loads React; the site
// (build/server/index.js) is imported only after NODE_ENV is settled.
describe("the compiled server and command line", () => {
  it("start.js imports only node's modules, express, its static files and zod; the site comes later, by path", async () => {
    const result = await build({ ...serverBuildOptions(), write: false, metafile: true });
    const start = result.metafile.outputs["build/server/start.js"];
    expect(start).toBeDefined();
    const imported = start!.imports.filter((i) => i.external).map((i) => i.path);
    const packages = imported.filter((path) => !path.startsWith("node:"));
    expect([...new Set(packages)].sort()).toEqual([
      "express",
      "express-static-gzip",
      "vite",
      "zod",
    ]);
    // vite is imported only for --dev, dynamically.
    expect(start!.imports.find((i) => i.path === "vite")?.kind).toBe("dynamic-import");
    // The first of its own modules is the one that settles NODE_ENV.
    const first = Object.keys(start!.inputs)[0];
    expect(first).toBe("app/platform/server/node-env.server.ts");
  });

  it("the command line bundles the app's modules and leaves packages to node_modules", async () => {
    const result = await build({ ...cliBuildOptions(), write: false, metafile: true });
    const outputs = Object.entries(result.metafile.outputs).filter(([file]) =>
      file.endsWith(".js"),
    );
    expect(outputs.map(([file]) => file)).toContain("build/cli/studio.js");
    const inputs = outputs.flatMap(([, output]) => Object.keys(output.inputs));
    expect(inputs).toContain("app/db/migrate.server.ts");
    // An import is a package (external) or another part of this build, beside the entry.
    for (const [, output] of outputs)
      for (const i of output.imports)
        expect(i.external || /^build\/cli\/[\w.-]+\.js$/.test(i.path), i.path).toBe(true);
  });

  it("a command loads its own modules when it runs: a usage error loads no auth library, archiver or React", async () => {
    const result = await build({ ...cliBuildOptions(), write: false, metafile: true });
    const { outputs } = result.metafile;
    // The packages the entry loads before it runs: its static imports and its chunks', followed.
    const loaded = new Set<string>();
    const seen = new Set<string>();
    const follow = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const i of outputs[file]!.imports) {
        if (i.kind !== "import-statement") continue;
        if (i.external) loaded.add(i.path);
        else follow(i.path);
      }
    };
    follow("build/cli/studio.js");
    const packages = [...loaded].filter((name) => !name.startsWith("node:"));
    expect(packages.length).toBeGreaterThan(0);
    for (const heavy of ["better-auth", "yazl", "yauzl", "react", "lucide-react", "nodemailer"])
      expect(packages, heavy).not.toContain(heavy);
    // The auth library comes with `user create`, dynamically.
    const dynamic = Object.values(outputs).flatMap((o) =>
      o.imports.filter((i) => i.kind === "dynamic-import").map((i) => i.path),
    );
    expect(dynamic.length).toBeGreaterThan(3);
  });

  it("writes brotli and gzip copies beside each script and stylesheet, and nothing for images", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-assets-"));
    try {
      const script = "export const lanterns = 'lanterns';\n".repeat(200);
      fs.writeFileSync(path.join(dir, "entry-abc123.js"), script);
      fs.writeFileSync(path.join(dir, "app-def456.css"), "body { color: red }\n".repeat(100));
      fs.writeFileSync(path.join(dir, "studio-mark.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      expect(await precompressAssets(dir)).toBe(2);
      const js = path.join(dir, "entry-abc123.js");
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
      expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
      expect(fs.statSync(`${js}.br`).size).toBeLessThan(fs.statSync(`${js}.gz`).size);
      expect(fs.existsSync(path.join(dir, "app-def456.css.br"))).toBe(true);
      expect(fs.existsSync(path.join(dir, "studio-mark.png.br"))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
