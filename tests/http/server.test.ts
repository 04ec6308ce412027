import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/database.server";
import { contactMessages } from "../../app/db/schema";
import { STRICT_TRANSPORT_SECURITY } from "../../app/platform/server/security.server";
import { killOwnedProcesses } from "../support/process-registry";
import { startServer } from "../support/processes";
import { startSite, type TestSite } from "../support/site";
import { uniqueId } from "../support/users";

// The site as a server: what a contact message leaves in the database once the site has stopped,
// the data-directory lock against a second server process, and the headers and methods of an
// https site. Each test starts its own site in this process (tests/support/site.ts); the lock test
// also starts one server process (`node bin/start.js`), the second server it refuses.

const sites: TestSite[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await killOwnedProcesses();
  for (const site of sites.splice(0)) await site.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function site(options: Parameters<typeof startSite>[0] = {}): Promise<TestSite> {
  const started = await startSite(options);
  sites.push(started);
  return started;
}

// Each test starts its own site (the worker's first also imports the build): 120 s on a busy machine.
describe("the server", { timeout: 120_000 }, () => {
  it("a message posted to /contact is stored in the database, unread, and the stopped site releases the lock", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-http-storage-"));
    dirs.push(dataDir);
    const contact = await startSite({ seed: "empty", dataDir });

    const id = uniqueId();
    const sent = {
      name: `Storage Proof ${id}`,
      email: `storage.${id}@example.com`,
      subject: `Is this stored? ${id}`,
      message: `First line ${id}.\nSecond line, with "quotes" & symbols <ok>.`,
    };
    // As the page's form posts it (the browser's side, typing and the toast: contact.spec.ts).
    const answer = await contact.fetch("/contact", {
      method: "POST",
      form: { ...sent, website: "" },
      headers: { Origin: contact.url },
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Message sent!");

    // Stopped as server.ts stops it on SIGTERM (the process's exit code: tests/system).
    await contact.close();
    expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);

    const handle = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "db") });
    try {
      const rows = await handle.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, sent.email));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ...sent, read: false });
    } finally {
      await handle.close();
    }
  });

  it("a second server on the same DATA_DIR is refused and the first keeps serving", async () => {
    const first = await site({ seed: "empty" });

    // A server process on the same data directory, with the browser tests' servers' settings.
    const second = await startServer({
      dataDir: first.dataDir,
      waitUntilHealthy: false,
      env: { NODE_ENV: undefined },
    });
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain("in use by another process");
    expect(second.output()).toContain(`pid ${process.pid}`);

    const health = await first.fetch("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ database: "ok" });
    const home = await first.fetch("/");
    expect(home.status).toBe(200);
    // A process of its own: Node's start, the build's import, the refusal.
  }, 180_000);

  it("an https site sends HSTS on scripts and stylesheets too; TRACE and other unserved methods are 405 with Allow, never a 500", async () => {
    const https = await site({
      seed: "empty",
      env: { SITE_URL: "https://studio.example", LOG_LEVEL: "info" },
    });

    const home = await https.fetch("/");
    expect(home.status).toBe(200);
    expect(home.headers.get("Strict-Transport-Security")).toBe(STRICT_TRANSPORT_SECURITY);
    const html = await home.text();
    const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const stylesheet = /"(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    for (const asset of [script, stylesheet, "/assets/no-such-file.js"]) {
      expect(asset).toBeDefined();
      const response = await https.fetch(`${asset}`);
      expect(response.status).toBe(asset === "/assets/no-such-file.js" ? 404 : 200);
      expect(response.headers.get("Strict-Transport-Security")).toBe(STRICT_TRANSPORT_SECURITY);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }

    for (const [method, path] of [
      ["TRACE", "/"],
      ["TRACE", "/news"],
      ["TRACE", "/api/v1/news"],
      ["TRACE", "/assets/no-such-file.js"],
      ["PROPFIND", "/"],
    ] as const) {
      const answer = await https.raw(method, path);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD, POST, PUT, DELETE");
      expect(answer.body).toBe("Method Not Allowed");
      expect(answer.headers["strict-transport-security"]).toBe(STRICT_TRANSPORT_SECURITY);
    }
    // A page takes GET and forms' POST: another method never reaches its action.
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const answer = await https.raw(method, "/contact");
      expect(answer.status, `${method} /contact`).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD, POST");
    }
    const options = await https.raw("OPTIONS", "/contact");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, HEAD, POST");
    // The API router still names a path's own methods for a method it knows.
    const patch = await https.raw("PATCH", "/api/v1/news");
    expect(patch.status).toBe(405);
    expect(patch.headers.allow).toBe("GET, POST");

    // Every request above was logged at info, none as a failure.
    const logged = https.logs();
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((line) => line.msg === "request failed")).toEqual([]);
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });
});
