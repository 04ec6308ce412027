#!/usr/bin/env node
// The `studio` command. It runs the TypeScript CLI through tsx, like the server.
import { register } from "tsx/esm/api";

register();
await import("./studio.ts");
