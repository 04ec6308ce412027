#!/usr/bin/env node
// The `studio` command: the compiled command line (build/cli/studio.js) when the build is current,
// else the TypeScript source through tsx (a checkout being worked on; tsx is a development
// dependency), so `npm start` needs no TypeScript.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BUILT, isBuildStale } from "./build-state.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (isBuildStale(root)) {
  const { register } = await import("tsx/esm/api");
  register();
  await import("./studio.ts");
} else {
  await import(path.join(root, BUILT.cli));
}
