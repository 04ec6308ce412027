import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killLeftoverServers, type ServerProcess, startServer } from "../support/processes";
import { AUTH_SECRET, sendContact, tempDir, uniqueClientIp } from "./harness";

// One real server process on the embedded database: oversized bodies are refused before they are
// read (memory and /healthz are watched from outside), anonymous posts leave the page cache warm,
// and HSTS follows SITE_URL. Runs without PostgreSQL or nginx.

const MB = 1024 * 1024;
const serverEnv = {
  NODE_ENV: "production",
  AUTH_SECRET,
  TRUST_PROXY: "loopback",
  CONTACT_RATE_LIMIT: "1000",
  REQUIRE_EMAIL_VERIFICATION: "false",
  LOG_LEVEL: "warn",
};

const dataDirs: string[] = [];
const start = (env: Record<string, string> = {}) => {
  const dataDir = tempDir("studio-limits-");
  dataDirs.push(dataDir);
  return startServer({ dataDir, env: { ...serverEnv, ...env } });
};

afterAll(async () => {
  await killLeftoverServers();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Resident and peak memory of a process, in bytes (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rss: kb("VmRSS") * 1024, peak: kb("VmHWM") * 1024 };
}

type Answer = { status: number; contentType: string; body: string; bodyBytes: number };

/**
 * POSTs `size` bytes as fast as the server takes them, with a Content-Length or chunked. Resolves
 * with the answer as soon as it has arrived, even when the server stops reading the body (the
 * client's write then fails; that is the refusal working, not an error).
 */
function postHuge(
  url: string,
  size: number,
  options: { contentType: string; chunked?: boolean },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = {
      "Content-Type": options.contentType,
      "X-Forwarded-For": uniqueClientIp(),
    };
    if (!options.chunked) headers["Content-Length"] = size;
    const request = http.request(url, { method: "POST", headers });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers["content-type"] ?? ""),
          body: body.toString("utf8"),
          bodyBytes: body.length,
        });
        request.destroy();
      });
      response.on("error", () => {});
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    // A form field (or JSON string) that goes on and on.
    const prefix = Buffer.from(
      options.contentType.includes("json") ? '{"email":"' : "name=Ada&message=",
    );
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (!answered && !request.destroyed && sent < size) {
        const piece = sent === 0 ? Buffer.concat([prefix, chunk]).subarray(0, chunk.length) : chunk;
        sent += piece.length;
        if (!request.write(piece)) {
          request.once("drain", pump);
          return;
        }
      }
      if (sent >= size && !request.destroyed) request.end();
    };
    pump();
  });
}

/** Polls /healthz until `done` settles; returns the slowest answer in ms. */
async function slowestHealthCheckWhile(base: string, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  let slowest = 0;
  do {
    const started = performance.now();
    const response = await fetch(`${base}/healthz`);
    await response.arrayBuffer();
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (!finished);
  return slowest;
}

describe("request bodies on a real server process", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await start();
    // Load every route involved once, so what is measured below is the request, not first use.
    await sendContact(server.url, { name: "", email: "", subject: "", message: "" }, "10.0.0.1");
    for (const path of ["/api/v1/news", "/api/auth/sign-in/email"]) {
      await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueClientIp() },
        body: "{}",
      });
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  const targets = [
    { path: "/contact", contentType: "application/x-www-form-urlencoded", answer: /text\/html/ },
    { path: "/api/v1/news", contentType: "application/json", answer: /application\/json/ },
    {
      path: "/api/auth/sign-in/email",
      contentType: "application/json",
      answer: /application\/json/,
    },
  ];

  for (const target of targets) {
    for (const chunked of [false, true]) {
      it(`refuses 50 MB to ${target.path}${chunked ? " (chunked)" : ""} with 413 before reading it`, async () => {
        const before = memoryOf(server.child.pid!);
        const answer = postHuge(`${server.url}${target.path}`, 50 * MB, {
          contentType: target.contentType,
          chunked,
        });
        const slowest = await slowestHealthCheckWhile(server.url, answer);
        const { status, contentType, body, bodyBytes } = await answer;
        expect(status).toBe(413);
        expect(contentType).toMatch(target.answer);
        expect(body).toMatch(/too large/i);
        // Nothing of what was sent comes back.
        expect(bodyBytes).toBeLessThan(200 * 1024);
        expect(slowest, "slowest /healthz during the upload, ms").toBeLessThan(1_000);
        const after = memoryOf(server.child.pid!);
        expect(after.rss - before.rss, "resident memory growth").toBeLessThan(50 * MB);
        expect(after.peak - before.peak, "peak memory growth").toBeLessThan(50 * MB);
        // The process is fine afterwards.
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      });
    }
  }

  it("still takes an ordinary contact message", async () => {
    const response = await sendContact(
      server.url,
      { name: "Ada", email: "ada@example.com", subject: "Hello", message: "A normal message." },
      uniqueClientIp(),
    );
    expect(response.status).toBe(200);
  });
});

describe("Strict-Transport-Security follows SITE_URL", () => {
  const servers: { secure?: ServerProcess; plain?: ServerProcess } = {};
  beforeAll(async () => {
    servers.secure = await start({ SITE_URL: "https://studio.example" });
    servers.plain = await start();
  });
  afterAll(async () => {
    await Promise.all([servers.secure?.stop(), servers.plain?.stop()]);
  });

  it("is sent on every response when the site is served over https, and never over http", async () => {
    for (const [server, expected] of [
      [servers.secure!, "max-age=31536000; includeSubDomains"],
      [servers.plain!, null],
    ] as const) {
      // The home page twice: rendered, then from the page cache.
      const paths = ["/", "/", "/healthz", "/robots.txt", "/api/v1/news", "/no-such-page"];
      for (const path of paths) {
        const response = await fetch(`${server.url}${path}`);
        await response.arrayBuffer();
        expect(response.headers.get("strict-transport-security"), `${server.url}${path}`).toBe(
          expected,
        );
      }
    }
  });
});

describe("the public API reads kept by the page cache", () => {
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    server = await start({ API_RATE_LIMIT: "3" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a kept answer is sent only after the API's rate limit has counted it", async () => {
    const from = (ip: string) => ({ headers: { "X-Forwarded-For": ip } });
    const ip = uniqueClientIp();
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${server!.url}/api/v1/news`, from(ip));
      answers.push({
        status: response.status,
        cache: response.headers.get("x-cache"),
        body: await response.text(),
      });
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    // The refused one never reached the cache.
    expect(answers.map((a) => a.cache)).toEqual(["MISS", "HIT", "HIT", null]);
    expect(answers[1]!.body).toBe(answers[0]!.body);
    expect(JSON.parse(answers[3]!.body)).toMatchObject({ error: { code: "rate_limited" } });
    // Another address still gets the kept answer.
    const other = await fetch(`${server!.url}/api/v1/news`, from(uniqueClientIp()));
    expect(other.status).toBe(200);
    expect(other.headers.get("x-cache")).toBe("HIT");
    expect(other.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers /healthz, /readyz and /livez before the router, with the site's headers", async () => {
    for (const path of ["/healthz", "/readyz", "/livez"]) {
      const response = await fetch(`${server!.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("content-type"), path).toBe("application/json");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-request-id"), path).toBeTruthy();
      expect(((await response.json()) as { status: string }).status, path).toBe("ok");
    }
  });
});
