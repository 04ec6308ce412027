import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../app/db/database.server";
import { contactMessages } from "../../app/db/schema";
import { STRICT_TRANSPORT_SECURITY } from "../../app/platform/server/security.server";
import { waitForHydration } from "../support/browser";
import { expectToast } from "../support/toasts";
import { uniqueId } from "../support/users";
import { expect, test } from "./fixtures";
import {
  freshDataDir,
  killLeftoverServers,
  removeDataDirIfPassed,
  startServer,
} from "./server-process";

// Tests that start their own server process (`node bin/start.js`, as `npm start` does) on a private
// DATA_DIR: what a contact message leaves in the database, and the data-directory lock.

test.describe.configure({ timeout: 120_000 });
const dataDirs: string[] = [];
test.afterEach(async () => {
  await killLeftoverServers();
  for (const dir of dataDirs.splice(0)) removeDataDirIfPassed(dir);
});

function dataDirFor(name: string): string {
  const dir = freshDataDir(name);
  dataDirs.push(dir);
  return dir;
}

test("a message sent in the browser is stored in the database, unread", async ({ page }) => {
  // Starts its own servers: allow for a slow start on a busy machine.
  test.setTimeout(300_000);
  const dataDir = dataDirFor("storage");
  const server = await startServer({ dataDir });

  const id = uniqueId();
  const sent = {
    name: `Storage Proof ${id}`,
    email: `storage.${id}@example.com`,
    subject: `Is this stored? ${id}`,
    message: `First line ${id}.\nSecond line, with "quotes" & symbols <ok>.`,
  };
  await page.goto(`${server.url}/contact`);
  await waitForHydration(page);
  await page.getByLabel("Name", { exact: true }).fill(sent.name);
  await page.getByLabel("Email", { exact: true }).fill(sent.email);
  await page.getByLabel("Subject", { exact: true }).fill(sent.subject);
  await page.getByLabel("Message", { exact: true }).fill(sent.message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Message sent!");
  await page.close();

  // SIGTERM: the server finishes, closes the database and releases the lock.
  expect(await server.stop()).toBe(0);
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

test("a second server on the same DATA_DIR is refused and the first keeps serving", async () => {
  test.setTimeout(300_000);
  const dataDir = dataDirFor("lock");
  const first = await startServer({ dataDir });

  const second = await startServer({ dataDir, waitUntilHealthy: false });
  const code = await second.exited;
  expect(code).not.toBe(0);
  expect(second.output()).toContain("in use by another process");
  expect(second.output()).toContain(`pid ${first.child.pid}`);

  const health = await fetch(`${first.url}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ database: "ok" });
  const home = await fetch(`${first.url}/`);
  expect(home.status).toBe(200);

  expect(await first.stop()).toBe(0);
});

/** One request with any method (fetch refuses TRACE): status, headers, body. */
function rawRequest(url: string, method: string, path: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(`${url}${path}`, { method }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      request.on("error", reject);
      request.end();
    },
  );
}

test("an https site sends HSTS on scripts and stylesheets too; TRACE and other unserved methods are 405 with Allow, never a 500", async () => {
  test.setTimeout(300_000);
  const server = await startServer({
    dataDir: dataDirFor("https"),
    env: { SITE_URL: "https://studio.example", LOG_LEVEL: "info" },
  });

  const home = await fetch(`${server.url}/`);
  expect(home.status).toBe(200);
  expect(home.headers.get("Strict-Transport-Security")).toBe(STRICT_TRANSPORT_SECURITY);
  const html = await home.text();
  const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const stylesheet = /"(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  for (const asset of [script, stylesheet, "/assets/no-such-file.js"]) {
    expect(asset).toBeDefined();
    const response = await fetch(`${server.url}${asset}`);
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
    const answer = await rawRequest(server.url, method, path);
    expect(answer.status, `${method} ${path}`).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, POST, PUT, DELETE");
    expect(answer.body).toBe("Method Not Allowed");
    expect(answer.headers["strict-transport-security"]).toBe(STRICT_TRANSPORT_SECURITY);
  }
  // The API router still names a path's own methods for a method it knows.
  const patch = await rawRequest(server.url, "PATCH", "/api/v1/news");
  expect(patch.status).toBe(405);
  expect(patch.headers.allow).toBe("GET, POST");

  expect(await server.stop()).toBe(0);
  expect(server.output()).not.toContain("request failed");
  expect(server.output()).not.toMatch(/"level":50/);
});
