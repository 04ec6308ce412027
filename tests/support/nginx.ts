import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { captureOutput } from "./processes";

// nginx on loopback for the system tests (a balancer in front of server processes) and the bench
// (the pages served from disk, as a baseline).

/**
 * The nginx executable: NGINX_PATH (as .ci/run reads it; NGINX_PATH=none: no nginx), Debian's
 * /usr/sbin/nginx, /usr/local/sbin/nginx, or nginx on the PATH. Null when none runs.
 */
export function findNginx(): string | null {
  if (process.env.NGINX_PATH === "none") return null;
  const candidates = [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/local/sbin/nginx", "nginx"];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const probe = spawnSync(candidate, ["-v"], { stdio: "ignore" });
    if (probe.status === 0) return candidate;
  }
  return null;
}

/** The version nginx reports, e.g. "1.26.3". */
export function nginxVersion(executable: string): string {
  const said = spawnSync(executable, ["-v"], { encoding: "utf8" }).stderr.trim();
  return said.split("/")[1] ?? "unknown";
}

/**
 * The balancer configuration of docs/deployment.md, for processes on loopback. The parts that
 * matter for restarts without failed requests:
 * - `proxy_next_upstream error timeout`: a refused or failed connection is retried on the next
 *   process. A stopping process refuses new connections at once (server.ts), so nothing is lost,
 *   whatever the method. 503s are not retried: the app answers 503 only when the database is down,
 *   and every process would say the same.
 * - `keepalive_timeout 2s` in the upstream: idle connections to the app are let go well before the
 *   app's own 5 s keepAliveTimeout, so nginx never sends a request on a connection the app is
 *   closing at that moment.
 * - `max_fails=1 fail_timeout=2s`: a process that refused a connection gets no traffic for 2 s;
 *   then one request tries it again. So in a rolling restart, wait until the restarted process is
 *   healthy and then longer than fail_timeout before stopping the next: otherwise nginx may still
 *   count the first as down when the second goes, and answer 502 (no live upstreams).
 */
export const FAIL_TIMEOUT_SECONDS = 2;

/**
 * The shared cache of docs/deployment.md, for the balancer's `http` block and its
 * `location`: anonymous public pages kept as their Cache-Control says (s-maxage, then served stale
 * while one request fetches a fresh copy); a request with a cookie or an Authorization header
 * always goes to the app, and its answer is never kept.
 */
export function sharedCacheDirectives(cacheDir: string) {
  return {
    http: `  proxy_cache_path ${cacheDir} levels=1:2 keys_zone=studio_pages:10m max_size=256m inactive=10m use_temp_path=off;`,
    location: `      proxy_cache studio_pages;
      proxy_cache_key $scheme$host$request_uri;
      proxy_cache_bypass $http_cookie $http_authorization;
      proxy_no_cache $http_cookie $http_authorization;
      proxy_cache_use_stale updating;
      proxy_cache_background_update on;
      proxy_cache_lock on;
      add_header X-Proxy-Cache $upstream_cache_status always;`,
  };
}

/**
 * The `http` block's contents of the balancer in front of the processes on `upstreams`; with
 * `cacheDir`, also the shared cache of public pages; with `showUpstream` (tests only), an
 * X-Upstream header naming the processes nginx tried, the one that answered last.
 */
export function balancerHttp(
  listenPort: number,
  upstreams: number[],
  options: { cacheDir?: string; showUpstream?: boolean } = {},
): string {
  const cache = options.cacheDir ? sharedCacheDirectives(options.cacheDir) : null;
  return `${cache ? `${cache.http}\n` : ""}  upstream studio {
${upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=${FAIL_TIMEOUT_SECONDS}s;`).join("\n")}
    keepalive 32;
    keepalive_timeout 2s;
  }

  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 11m;

    location / {
      proxy_pass http://studio;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;${cache ? `\n${cache.location}` : ""}${
        options.showUpstream ? "\n      add_header X-Upstream $upstream_addr always;" : ""
      }
    }
  }`;
}

/**
 * A whole configuration around an `http` block's contents: one worker in the foreground, the pid
 * and temporary files under `prefix`, errors to stderr, no access log.
 */
export function nginxConfig(options: {
  prefix: string;
  http: string;
  workerConnections?: number;
  runAsUser?: string;
}): string {
  const p = options.prefix;
  return `# Generated by tests/support/nginx.ts.
${options.runAsUser ? `user ${options.runAsUser};\n` : ""}worker_processes 1;
daemon off;
pid ${p}/nginx.pid;
error_log stderr warn;

events {
  worker_connections ${options.workerConnections ?? 1024};
}

http {
  access_log off;
  client_body_temp_path ${p}/client_body;
  proxy_temp_path ${p}/proxy;
  fastcgi_temp_path ${p}/fastcgi;
  uwsgi_temp_path ${p}/uwsgi;
  scgi_temp_path ${p}/scgi;

${options.http}
}
`;
}

export type Nginx = {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
};

/**
 * Starts nginx in the foreground with `http` (the http block's contents, given the prefix
 * directory) and waits until it accepts connections on `listenPort`. The prefix is a new temporary
 * directory, or `prefix` (kept on stop). Started by root, the worker runs as root too, so that it
 * reads what the tests wrote.
 */
export async function startNginx(
  executable: string,
  options: {
    listenPort: number;
    http: (prefix: string) => string;
    prefix?: string;
    workerConnections?: number;
  },
): Promise<Nginx> {
  const prefix = options.prefix ?? fs.mkdtempSync(path.join(os.tmpdir(), "studio-nginx-"));
  fs.mkdirSync(prefix, { recursive: true });
  const runAsUser = process.getuid?.() === 0 ? os.userInfo().username : undefined;
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(
    conf,
    nginxConfig({
      prefix,
      runAsUser,
      http: options.http(prefix),
      workerConnections: options.workerConnections,
    }),
  );
  const child: ChildProcess = spawn(executable, ["-p", prefix, "-c", conf, "-e", "stderr"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(options.listenPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not start:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${options.listenPort}`,
    port: options.listenPort,
    child,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      if (!options.prefix) fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
