#!/usr/bin/env node
// `npm start`: the compiled server (build/server/start.js), plain JavaScript; on a fresh clone, or
// after a change to the sources, it builds first.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BUILT, ensureBuild } from "./build-state.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
try {
  ensureBuild(root);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(path.join(root, BUILT.start));
