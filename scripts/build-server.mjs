// The second step of `npm run build`: compiles the start-up file (server.ts) and the studio command
// (bin/studio.ts) into plain JavaScript beside the React Router build, so `npm start` and `studio`
// run no TypeScript. Packages stay imports; the app's own modules are bundled (the command line's
// split by command).
// Then compresses the browser's scripts and stylesheets once, beside them.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** esbuild's options for the two entries (a unit test checks what they import). */
export function serverBuildOptions(base = root) {
  return {
    absWorkingDir: base,
    entryPoints: { "server/start": "server.ts" },
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

/**
 * The command line's: split, so that a command loads only what it runs (its modules are imported
 * when it is chosen: a usage error or `db migrate` does not load the auth library or the backup's
 * archiver), each part beside it in build/cli/.
 */
export function cliBuildOptions(base = root) {
  return {
    ...serverBuildOptions(base),
    entryPoints: { studio: "bin/studio.ts" },
    outdir: "build/cli",
    splitting: true,
    // Beside the entry: paths its modules resolve from their own file (the migrations) stay right.
    chunkNames: "[name]-[hash]",
  };
}

/** The hashed assets worth compressing: scripts, stylesheets, source maps, SVG. */
const COMPRESSIBLE = /\.(js|mjs|css|map|svg|json)$/;

/**
 * Writes `<file>.br` (brotli at its best quality) and `<file>.gz` (gzip level 9) beside each
 * compressible file of `dir`; the server sends them to browsers that accept them (express-static-gzip),
 * so a script is compressed once at build time, smaller than on the fly, and never per request.
 */
export async function precompressAssets(dir = path.join(root, "build/client/assets")) {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => COMPRESSIBLE.test(f)) : [];
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      const body = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: 9 }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
  return files.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build(serverBuildOptions());
  // A chunk of an earlier build is never read again: the folder is made anew.
  fs.rmSync(path.join(root, "build/cli"), { recursive: true, force: true });
  await build(cliBuildOptions());
  await precompressAssets();
}
