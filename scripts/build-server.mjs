// The second step of `npm run build`: compiles the start-up file (server.ts) and the studio command
// (bin/studio.ts) into plain JavaScript beside the React Router build, so `npm start` and `studio`
// run no TypeScript (decision 039). Packages stay imports; the app's own modules are bundled.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** esbuild's options for the two entries (a unit test checks what they import). */
export function serverBuildOptions(base = root) {
  return {
    absWorkingDir: base,
    entryPoints: { "server/start": "server.ts", "cli/studio": "bin/studio.ts" },
    outdir: "build",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "~": "./app" },
    // The bundle keeps the source tree's layout in its file names, for stack traces.
    sourcemap: "linked",
    logLevel: "warning",
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build(serverBuildOptions());
}
