import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "../support/site";

// The in-process site itself (tests/support/site.ts): production code, the seeded sessions.

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

/** The React modules this process has run (Node also lists, unrun, the ones it only scanned). */
function reactModulesRun(): string[] {
  return Object.entries(createRequire(import.meta.url).cache)
    .filter(([file, module]) => module?.loaded && /\/node_modules\/react(-dom)?\/cjs\//.test(file))
    .map(([file]) => file.replace(/^.*\/node_modules\//, ""))
    .sort();
}

describe("the in-process site", () => {
  it("renders with React's production build, as `npm start` does", async () => {
    const home = await site.fetch("/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<!DOCTYPE html>");
    const run = reactModulesRun();
    expect(run.filter((file) => file.includes("development"))).toEqual([]);
    expect(run).toContain("react/cjs/react.production.js");
    expect(run).toContain("react-dom/cjs/react-dom-server.node.production.js");
  });

  it("a seeded session signs in its role without the form; without it the API refuses", async () => {
    const signedIn = await site.fetch("/api/v1/developer_work/me", { as: "developer" });
    expect(signedIn.status).toBe(200);
    const signedOut = await site.fetch("/api/v1/developer_work/me");
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({
      error: { code: "unauthenticated", message: expect.any(String) },
    });
    const moderator = await site.fetch("/api/v1/developer_work/me", { as: "moderator" });
    expect(moderator.status).toBe(403);
  });
});
