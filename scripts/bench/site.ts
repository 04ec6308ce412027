import http from "node:http";
import path from "node:path";
import { balancerHttp, nginxVersion, startNginx } from "../../tests/support/nginx";
import { freePort, type ServerProcess, startServer } from "../../tests/support/processes";
import { cpuSeconds } from "./load";
import { DEVELOPER, PASSWORD } from "./options";
import { dataDir, ports, serverEnv, work } from "./workspace";

// The site and nginx as the bench starts them, and raw HTTP helpers.

// ---------------------------------------------------------------------------------------------
// The site.

/**
 * `how`: "compiled" is what `npm start` runs (node bin/start.js); "tsx" is `tsx server.ts`, the
 * TypeScript source. Ready at the first 200 of the home page.
 */
export async function startSite(
  how: "compiled" | "tsx",
  options: { profileDir?: string; timeoutMs?: number } = {},
): Promise<ServerProcess & { readyCpuMs: number | null }> {
  const port = await freePort(ports);
  const server = await startServer({
    dataDir,
    port,
    env: serverEnv(port),
    inheritEnv: false,
    launcher: how,
    nodeArgs: options.profileDir
      ? ["--cpu-prof", `--cpu-prof-dir=${options.profileDir}`]
      : undefined,
    readyPath: "/",
    timeoutMs: options.timeoutMs ?? 120_000,
    pollMs: 10,
  });
  const cpu = cpuSeconds(server.child.pid);
  return Object.assign(server, { readyCpuMs: cpu === null ? null : cpu * 1000 });
}

/** Signs in through the real sign-in form (as the developer, unless told) and returns the cookie. */
export async function signIn(base: string, email = DEVELOPER): Promise<string> {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email, password: PASSWORD }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((cookie) => cookie.includes("session_"));
  if (response.status !== 302 || session.length === 0)
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return session.join("; ");
}

/** A GET's body exactly as it came over the wire (fetch would decode it). */
export function rawBody(
  url: string,
  acceptEncoding: string,
): Promise<{ encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            encoding: String(response.headers["content-encoding"] ?? "identity"),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on("error", reject);
  });
}

// ---------------------------------------------------------------------------------------------
// nginx: the identical page bytes, served from disk.

/** The pages' bytes served from disk by nginx (NGINX_PATH picks one; NGINX_PATH=none: no baseline). */
export async function startPagesNginx(binary: string, pages: { path: string; file: string }[]) {
  const dir = path.join(work, "nginx");
  const port = await freePort(ports);
  const locations = pages
    .map((p) => `    location = ${p.path} { try_files /${p.file} =404; }`)
    .join("\n");
  // One worker, like the one Node process of the site; no access log (the site logs nothing per
  // request at LOG_LEVEL=warn); gzip from the site's own compressed bytes (gzip_static), the same
  // bytes the site sends, with on-the-fly gzip for anything else.
  const http = `  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { }
  default_type "text/html";
  charset utf-8;
  gzip_static on;
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 1024;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/html;
${locations}
  }`;
  const nginx = await startNginx(binary, {
    listenPort: port,
    prefix: dir,
    http: () => http,
    workerConnections: 4096,
  });
  return { ...nginx, version: nginxVersion(binary), workers: 1 };
}

/** nginx caching the site's public pages in front of it, as docs/deployment.md configures it. */
export async function startCachingNginx(binary: string, sitePort: number) {
  const dir = path.join(work, "nginx-front");
  const port = await freePort(ports);
  const nginx = await startNginx(binary, {
    listenPort: port,
    prefix: dir,
    http: () => balancerHttp(port, [sitePort], { cacheDir: path.join(dir, "cache") }),
    workerConnections: 4096,
  });
  return nginx;
}
