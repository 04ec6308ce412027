import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEALTH_PATHS } from "../../app/health";
import { type CreatedDatabase, createDatabase } from "../support/database";
import { type ServerProcess, startServer } from "../support/processes";

// One-time tokens never reach the log: the real server (`node bin/start.js`, the compiled production build) is driven
// over HTTP through the owner set-up link and a password reset, and every JSON log line it wrote is
// searched for the tokens.

const engines = [
  { name: "pglite", url: null as string | null },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "postgres", url: process.env.TEST_DATABASE_URL }]
    : []),
];

const OWNER = "owner@logs.test";
const PASSWORD = "a long owner password";

describe.each(engines)("log lines on $name", (engine) => {
  let server: ServerProcess;
  let dataDir: string;
  let database: CreatedDatabase | null = null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-logs-"));
    if (engine.url) database = await createDatabase(engine.url, "studio_logs_");
    server = await startServer({
      dataDir,
      env: {
        LOG_LEVEL: "info",
        NODE_ENV: undefined,
        SMTP_URL: undefined,
        DATABASE_URL: database?.url,
        AUTH_SECRET: crypto.randomBytes(24).toString("hex"),
      },
    });
    // A missing or stale build is made first, a minute or two (tests/support/build.ts).
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (pathname: string, form: Record<string, string>) =>
    fetch(`${server.url}${pathname}`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
      redirect: "manual",
    });

  function resetLink(): string | undefined {
    const outbox = path.join(dataDir, "outbox");
    if (!fs.existsSync(outbox)) return undefined;
    for (const file of fs.readdirSync(outbox).filter((f) => f.endsWith(".eml"))) {
      const link = fs
        .readFileSync(path.join(outbox, file), "utf8")
        .match(/https?:\/\/\S+\/reset-password\/\S+/)?.[0];
      if (link) return link;
    }
    return undefined;
  }

  function logLines() {
    return server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { req?: { url?: string }; msg?: string });
  }

  it("the health endpoints write no line per call (balancers ask every second); a page does", async () => {
    for (const pathname of HEALTH_PATHS) {
      for (let i = 0; i < 3; i++) {
        expect((await fetch(`${server.url}${pathname}?probe=${i}`)).status).toBe(200);
      }
    }
    expect((await fetch(`${server.url}/robots.txt`)).status).toBe(200);
    const urls = () => logLines().map((line) => line.req?.url?.split("?")[0] ?? "");
    await expect.poll(() => urls().includes("/robots.txt"), { timeout: 5_000 }).toBe(true);
    // Start-up waited on /healthz too: none of those calls is there either.
    expect(urls().filter((url) => (HEALTH_PATHS as readonly string[]).includes(url))).toEqual([]);
  });

  it("the owner set-up token and a reset token appear in no log line", async () => {
    // Printed just after the server starts listening, so possibly after /healthz first answers.
    const printedToken = () => /\/auth\/setup-owner\?token=([\w-]+)/.exec(server.output())?.[1];
    await expect
      .poll(printedToken, {
        message: "the start-up message prints the set-up link",
        timeout: 10_000,
      })
      .toBeDefined();
    const setupToken = printedToken();

    expect((await fetch(`${server.url}/auth/setup-owner?token=${setupToken}`)).status).toBe(200);
    const created = await post("/auth/setup-owner", {
      token: setupToken!,
      email: OWNER,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(created.status).toBe(302);

    expect((await post("/auth/forgot-password", { email: OWNER })).status).toBe(200);
    await expect.poll(resetLink, { timeout: 10_000 }).toBeDefined();
    const link = resetLink()!;
    const resetToken = new URL(link).pathname.split("/").pop()!;
    const opened = await fetch(link, { redirect: "manual" });
    expect(opened.status).toBe(302);
    const form = new URL(opened.headers.get("Location")!, server.url);
    expect(form.searchParams.get("token")).toBe(resetToken);
    expect((await fetch(form)).status).toBe(200);
    const saved = await post("/auth/reset-password", {
      token: resetToken,
      password: "a brand new password",
      confirmPassword: "a brand new password",
    });
    expect(saved.status).toBe(302);

    // The lines are there (masked), and neither token is in any of them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = logLines();
    const urls = lines.map((line) => line.req?.url ?? "");
    expect(urls).toContain("/auth/setup-owner?token=[redacted]");
    expect(urls.some((url) => url.startsWith("/api/auth/reset-password/[redacted]"))).toBe(true);
    expect(urls).toContain("/auth/reset-password?token=[redacted]");
    expect(lines.some((line) => line.msg === "mail written to the outbox")).toBe(true);
    const logged = lines.map((line) => JSON.stringify(line));
    expect(logged.filter((line) => line.includes(setupToken!))).toEqual([]);
    expect(logged.filter((line) => line.includes(resetToken))).toEqual([]);
  });
});
