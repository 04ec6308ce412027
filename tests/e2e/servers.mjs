// The browser tests' three servers (playwright.config.ts), started side by side. Playwright starts
// the entries of `webServer` one after another, each once the one before answers, so the demo
// seed, the empty server's migrations and the long lists' seed ran in turn with a core idle. This
// starts them together and answers on its own port once every server's /healthz does; Playwright
// stops it, and the servers with it (one process group), at the end of the run.
// E2E_SERVERS: [{ name, command, env, url }] (JSON); E2E_READY_PORT: where to answer.
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "../../bin/build-state.js";

const servers = JSON.parse(process.env.E2E_SERVERS ?? "[]");
const readyPort = Number(process.env.E2E_READY_PORT);
if (servers.length === 0 || !readyPort) {
  console.error(
    "servers.mjs needs E2E_SERVERS and E2E_READY_PORT (playwright.config.ts sets them)",
  );
  process.exit(1);
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

// As Playwright's own entries did: a server already answering there (another suite's) is an error,
// not a server of this run.
for (const server of servers) {
  const used = await fetch(server.url).then(
    () => true,
    () => false,
  );
  if (used) {
    console.error(`${server.url} is already used: another suite's server? (E2E_PORT moves them)`);
    process.exit(1);
  }
}

// Each server's `npm start` builds a stale build itself; three at once wrote the same build/ folder
// together and one could start from a half-written build (ERR_MODULE_NOT_FOUND). So the build is
// brought up to date here, once, before any of them starts.
try {
  ensureBuild(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const children = servers.map((server) => {
  const child = spawn(server.command, {
    shell: true,
    env: { ...process.env, ...server.env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // A server that stops before the run is over fails the run's start, as Playwright's own entry did.
  child.on("exit", (code, signal) => {
    console.error(`the ${server.name} server stopped (${signal ?? `exit code ${code}`})`);
    stopAll(1);
  });
  return child;
});

function stopAll(code) {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exit(code);
}
process.on("SIGTERM", () => stopAll(0));
process.on("SIGINT", () => stopAll(0));

const waiting = new Set(servers.map((server) => server.url));
while (waiting.size > 0) {
  for (const url of [...waiting]) if (await answers(url)) waiting.delete(url);
  if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
}
http
  .createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/plain" });
    response.end("ready\n");
  })
  .listen(readyPort, "127.0.0.1");
