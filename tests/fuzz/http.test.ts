import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "../../app/roles/permissions";
import { E2E_PASSWORD, roleEmail } from "../support/users";
import { Client, type FuzzRequest, type Sent, type Who } from "./support/http";
import { MARKER_PAYLOADS, markersIn } from "./support/inputs";
import { injectedMarkup, parseXml, xmlElements, xmlText } from "./support/markup";
import { type FuzzServer, prepareEngine, startFuzzServer } from "./support/server";
import {
  ALWAYS_CHANGING,
  changedTables,
  type Fingerprint,
  openStore,
  type Store,
} from "./support/store";
import { defaultRefused, type Pools, pageRequests, type Target, targets } from "./targets";

// Fuzzes every form action and API endpoint through the real HTTP stack (see
// docs/testing.md#fuzzing). FUZZ_RUNS sets the sample (runs per unit of target weight; small by
// default, `npm run fuzz` for the full run); FUZZ_SEED replays a run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 5);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() % 2 ** 31) | 0;
const FULL = RUNS > 20;

let server: FuzzServer;
let client: Client;
let store: Store;
const pools: Pools = { news: [], games: [], messages: [], targetEmails: [], targetIds: [] };
const refusedIds = new Set<number>();
const acceptedIds = new Set<number>();
const log = new Map<number, string>();
const counts = new Map<string, number>();
let known: Fingerprint | null = null;

function describeSent(sent: Sent): string {
  const body = JSON.stringify(sent.request.body, (_k, v) =>
    v instanceof Uint8Array ? `<${v.length} bytes>` : v,
  );
  return `#${sent.id} ${sent.request.method} ${sent.request.path}${sent.request.query ? `?${sent.request.query}` : ""} as ${sent.request.as} (origin ${sent.request.origin}) → ${sent.status} ${sent.location ?? ""}\nbody: ${body.slice(0, 600)}\nanswer: ${sent.text.slice(0, 400)}`;
}

async function statsViaApi(): Promise<Fingerprint> {
  const sent = await client.send({
    method: "GET",
    path: "/api/v1/stats",
    query: "",
    as: "developer",
    body: { kind: "none" },
    origin: "none",
    accept: "json",
  });
  if (sent.status !== 200) throw new Error(`stats failed: ${describeSent(sent)}`);
  const { data } = JSON.parse(sent.text) as { data: { table: string; count: number }[] };
  return Object.fromEntries(
    data.filter((t) => !ALWAYS_CHANGING.has(t.table)).map((t) => [t.table, String(t.count)]),
  );
}

async function api(as: Who, method: string, path: string, value?: unknown) {
  const sent = await client.send({
    method,
    path: `/api/v1/${path}`,
    query: "",
    as,
    body:
      value === undefined
        ? { kind: "none" }
        : { kind: "json", contentType: "application/json", value },
    origin: "same",
    accept: "json",
  });
  if (sent.status >= 300) throw new Error(`setup call failed: ${describeSent(sent)}`);
  return JSON.parse(sent.text);
}

/** Posts the /auth form (sign in or register) as a browser without JavaScript; expects its redirect. */
async function postAuthForm(entries: [string, string][]) {
  const sent = await client.send({
    method: "POST",
    path: "/auth",
    query: "",
    as: "anonymous",
    body: { kind: "form", encoding: "urlencoded", entries },
    origin: "same",
    accept: "html",
  });
  expect(sent.status, describeSent(sent)).toBe(302);
  return sent;
}

function signIn(email: string) {
  return postAuthForm([
    ["intent", "login"],
    ["email", email],
    ["password", E2E_PASSWORD],
  ]);
}

async function refreshPools() {
  pools.news = (await api("owner", "GET", "news?limit=100")).data.map((n: { id: string }) => n.id);
  pools.games = (await api("owner", "GET", "games?limit=100")).data.map(
    (g: { id: string }) => g.id,
  );
  pools.messages = (await api("owner", "GET", "messages?limit=100")).data.map(
    (m: { id: string }) => m.id,
  );
}

/** Sends one input and checks properties (a) and (b). */
async function exercise(target: Target, request: FuzzRequest) {
  counts.set(target.name, (counts.get(target.name) ?? 0) + 1);
  const before = target.readOnly ? null : (known ?? (await store.fingerprint()));
  // Until this input is judged, nobody knows what the database holds.
  known = null;
  const sent = await client.send(request);
  log.set(sent.id, `${target.name}: ${describeSent(sent)}`);
  expect(
    sent.status,
    `5xx from ${describeSent(sent)}\n${server.output().slice(-1200)}`,
  ).toBeLessThan(500);
  if (sent.status === 0) {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status, `the server is down after ${describeSent(sent)}`).toBe(200);
  }
  if (CROSS_SITE.has(request.origin) && !["GET", "HEAD", "OPTIONS"].includes(request.method)) {
    // 403 from the cross-site check, or refused even earlier by Node's limits (URL too long).
    expect([403, 414, 431], `cross-site write not refused: ${describeSent(sent)}`).toContain(
      sent.status,
    );
  }
  if (!before) return;
  if ((target.refused ?? defaultRefused)(sent)) {
    refusedIds.add(sent.id);
    const after = await store.fingerprint();
    const changed = changedTables(before, after).filter((t) => !target.mayChange?.includes(t));
    expect(changed, `refused input changed ${changed.join(", ")}: ${describeSent(sent)}`).toEqual(
      [],
    );
    known = after;
  } else {
    acceptedIds.add(sent.id);
  }
}

/** Progress lines for whoever runs the suite (a test's console output is for failures). */
const report = (line: string) => process.stdout.write(`${line}\n`);

const CROSS_SITE = new Set(["foreign", "null", "sec-fetch-cross"]);

describe("fuzzing every form action and API endpoint over HTTP", () => {
  beforeAll(async () => {
    const engine = await prepareEngine();
    server = await startFuzzServer(engine);
    client = new Client(server.url);
    for (const role of ROLES) {
      const sent = await signIn(roleEmail(role));
      client.cookies.set(role, sent.setCookies.filter((c) => c.startsWith("studio.")).join("; "));
    }
    store = await openStore(engine, statsViaApi);
    // Content and accounts the generated inputs can point at.
    for (let i = 0; i < 3; i++) {
      await api("owner", "POST", "news", { title: `Seed news ${i}`, content: `Body ${i}` });
      await api("owner", "POST", "games", {
        title: `Seed game ${i}`,
        description: "A game",
        imageUrl: "https://img.example/g.png",
        status: "Released",
        url: "https://play.example/g",
      });
      const targetEmail = `role-target-${i}@fuzz.example`;
      await postAuthForm([
        ["intent", "register"],
        ["email", targetEmail],
        ["password", E2E_PASSWORD],
        ["confirmPassword", E2E_PASSWORD],
      ]);
      pools.targetEmails.push(targetEmail);
    }
    const profiles = (await api("developer", "GET", "profiles?limit=100")).data as {
      id: string;
      username: string;
    }[];
    pools.targetIds = profiles
      .filter((p) => pools.targetEmails.includes(p.username))
      .map((p) => p.id);
    // One stored marker the final scan must find, whatever the sample (it proves the scan reads).
    const seeded = await client.send({
      method: "POST",
      path: "/contact",
      query: "",
      as: "anonymous",
      body: {
        kind: "form",
        encoding: "urlencoded",
        entries: [
          ["name", "Seed"],
          ["email", "seed@example.com"],
          ["subject", "Seed"],
          ["message", `Seed message ${MARKER_PAYLOADS[0]}`],
        ],
      },
      origin: "same",
      accept: "html",
    });
    expect(seeded.status, describeSent(seeded)).toBe(200);
    acceptedIds.add(seeded.id);
    await refreshPools();
    report(
      `fuzz: ${server.engine.name}, ${RUNS} runs per weight unit, seed ${SEED} (replay with FUZZ_SEED=${SEED})`,
    );
  }, 300_000);

  afterAll(async () => {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const lines = [...counts].map(([name, n]) => `  ${String(n).padStart(6)}  ${name}`);
    report(
      `fuzz: ${total} generated inputs (${client?.sentCount ?? 0} requests in all)\n${lines.join("\n")}`,
    );
    await store?.close();
    await server?.dispose();
  }, 120_000);

  const all = targets(pools);
  all.forEach((target, index) => {
    it(
      target.name,
      async () => {
        await refreshPools();
        await fc.assert(
          fc.asyncProperty(
            fc.constant(null).chain(() => targets(pools)[index]!.arbitrary),
            async (request) => {
              await exercise(target, request);
            },
          ),
          {
            numRuns: Math.max(1, Math.round(RUNS * target.weight)),
            seed: SEED + index,
            endOnFailure: FULL,
          },
        );
      },
      FULL ? 3_600_000 : 120_000,
    );
  });

  it(
    "pages and resources with random ids and query strings",
    async () => {
      const target: Target = {
        name: "pages and resources",
        weight: 2,
        arbitrary: pageRequests(pools),
        readOnly: true,
      };
      await fc.assert(
        fc.asyncProperty(target.arbitrary, (request) => exercise(target, request)),
        { numRuns: Math.max(1, RUNS * 2), seed: SEED + all.length, endOnFailure: FULL },
      );
    },
    FULL ? 3_600_000 : 120_000,
  );

  it(
    "renders no stored value as markup (pages, feed, sitemap, API) and keeps the XML well-formed",
    async () => {
      const get = async (path: string, as: Who) => {
        const sent = await client.send({
          method: "GET",
          path,
          query: "",
          as,
          body: { kind: "none" },
          origin: "none",
          accept: "html",
        });
        expect(sent.status, describeSent(sent)).toBeLessThan(400);
        return sent;
      };
      const explain = (path: string, as: Who, findings: { what: string; near: string }[]) =>
        findings
          .map((f) => {
            const ids = markersIn(f.near);
            return `${path} as ${as}: ${f.what}\n  …${f.near}…\n  stored by: ${ids.map((id) => log.get(id) ?? `#${id}`).join("\n")}`;
          })
          .join("\n");

      const sitemap = parseXml((await get("/sitemap.xml", "anonymous")).text);
      const sitemapPaths = xmlElements(sitemap, "loc").map((loc) => new URL(xmlText(loc)).pathname);
      const newsPaths = sitemapPaths.filter((p) => p.startsWith("/news/"));
      // The studio's own pages: one part, not one of the spec's.
      const ownPages = sitemapPaths.filter(
        (p) => /^\/[a-z0-9-]+$/.test(p) && !["/news", "/games", "/contact"].includes(p),
      );
      expect(newsPaths.length).toBeGreaterThan(0);

      const feed = parseXml((await get("/news/feed.xml", "anonymous")).text);
      for (const item of xmlElements(feed, "item")) {
        // Feed readers show an item's description as HTML: it must not carry markup.
        const description = xmlText(xmlElements(item, "description")[0] ?? "");
        expect(
          injectedMarkup(description),
          `feed description: ${description.slice(0, 300)}`,
        ).toEqual([]);
      }

      const pages: [string, Who[]][] = [
        ["/", ["anonymous", "guest", "owner"]],
        ["/news", ["anonymous"]],
        ["/games", ["anonymous", "guest"]],
        ["/contact", ["anonymous"]],
        ["/admin/messages", ["moderator", "admin", "developer", "owner"]],
        ["/admin/news", ["admin", "owner"]],
        ["/admin/games", ["developer", "owner"]],
        ["/admin/pages", ["admin", "owner"]],
        ["/admin/settings", ["admin", "owner"]],
        ["/role-management", ["owner"]],
        ["/profile", ["guest", "owner"]],
        ["/profile?tab=activity", ["guest"]],
        ["/profile?tab=settings", ["guest"]],
        ["/api/docs", ["anonymous"]],
        ...newsPaths.slice(0, FULL ? 400 : 40).map((p): [string, Who[]] => [p, ["anonymous"]]),
        ...ownPages.map((p): [string, Who[]] => [p, ["anonymous", "admin"]]),
      ];
      const problems: string[] = [];
      for (const [path, roles] of pages) {
        for (const as of roles) {
          const sent = await get(path, as);
          expect(sent.status, describeSent(sent)).toBe(200);
          expect(sent.contentType, path).toMatch(/^text\/html/);
          const findings = injectedMarkup(sent.text);
          if (findings.length) problems.push(explain(path, as, findings));
        }
      }
      // JSON answers may carry the payloads as strings; they must be JSON, never HTML.
      const json: [string, Who][] = [
        ["/api/v1/news?limit=100", "anonymous"],
        ["/api/v1/games?limit=100", "anonymous"],
        ["/api/v1/messages?limit=100", "owner"],
        ["/api/v1/profiles?limit=100", "owner"],
        ["/api/v1/user_roles?limit=100", "owner"],
        ["/api/v1/developer_work?limit=100", "owner"],
        ["/api/v1/developer_work/me", "owner"],
        ["/api/v1/team", "owner"],
        ["/api/v1/health", "owner"],
        ["/api/v1/stats", "owner"],
        ["/profile/export", "guest"],
      ];
      for (const [path, as] of json) {
        const sent = await get(path, as);
        expect(sent.contentType, path).toMatch(/^application\/json/);
        expect(() => JSON.parse(sent.text), path).not.toThrow();
      }
      expect(problems.join("\n\n")).toBe("");
    },
    FULL ? 1_800_000 : 120_000,
  );

  it("stored nothing from refused input (every stored row scanned for request markers)", async () => {
    // On PGlite the data directory can be opened only once the server has stopped.
    if (server.engine.name === "pglite") await server.stop();
    const stored = await store.storedMarkers();
    const leaks = [...stored]
      .filter(
        ([id, tables]) => refusedIds.has(id) && ![...tables].every((t) => t === "staff_audit_log"),
      )
      .map(([id, tables]) => `${[...tables].join(", ")}: ${log.get(id)}`);
    expect(leaks.join("\n\n")).toBe("");
    // The scan must see what accepted inputs stored, or it proves nothing.
    expect([...stored.keys()].some((id) => acceptedIds.has(id))).toBe(true);
  }, 300_000);
});
