import fs from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { modulesRunBy, selfContained, sharedBy } from "./scripts/browser-chunks";

const appDir = fileURLToPath(new URL("./app", import.meta.url));

// A feature's index files re-export and run nothing on import. Saying so lets the
// bundler skip the modules a page does not use: the home page imports NewsCard from ~/news without
// loading the news admin tab and its libraries.
const featureIndexes: Plugin = {
  name: "feature-indexes-have-no-side-effects",
  transform(_code, id) {
    if (/\/app\/[a-z-]+\/index(\.server)?\.ts$/.test(id)) return { moduleSideEffects: false };
  },
};

// Fewer, larger scripts per page: each is a request of its own, and on a slow line ~30 small ones
// cost more than their bytes (docs/performance.md#scripts). React, React DOM and the router, which
// every page runs, go into one file. So does the rest of what the root route runs (the header, the
// footer, the account menu): every page runs it too, but Rollup, which does not know that the root
// comes with every route, cut it into ~20 chunks shared with the routes. The "shell" is that code,
// found name by name through index files (scripts/browser-chunks.ts). Chunks under 2.5 kB are
// merged (2 kB until the small shared modules joined the shell, below) into others where that
// runs no side effect a page did not run before (Rollup's own rule, which does not mind loading
// code a page does not need: at 5 kB /auth loaded the admin dashboard's
// chunk, at 20 kB route code went into the shell and every page grew; at 3 kB, once the icons
// left the scripts, the newsletter form went into the game page's chunk and an article loaded the
// game page's code, 130 kB against 121.7 at 2 kB; with no merging the pages load 1–4 kB less but
// in up to 25 scripts; docs/performance.md#scripts has the table). Merged into the client
// environment's output, which React Router sets (a plain `environments.client` output would
// replace its file names).
const REACT = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;
const WEBAUTHN = /\/node_modules\/@simplewebauthn\/browser\//;
// Radix's tabs, which /auth and the admin dashboard share: small enough for the merger, which put
// them into the admin route's chunk, and /auth then loaded the dashboard's code.
const TABS = /\/node_modules\/@radix-ui\/react-tabs\/|\/app\/platform\/ui\/tabs\.tsx$/;
// The form parts public pages share (the label, the form schemas' loader, the labelled controls
// and the deferred form with its checks' loader): left to the merger they went into whichever
// route's chunk was at hand, once the admin dashboard's, which Home and /auth then loaded
// (2026-11-29), then /auth's provider buttons, which every public form then loaded.
const FORM_PARTS =
  /\/node_modules\/@radix-ui\/react-label\/|\/app\/platform\/ui\/label\.tsx$|\/app\/accounts\/auth-schema-loaders\.ts$|\/app\/platform\/forms\/(schema-fields\.tsx|deferred-form\.ts|form-checks\.ts)$/;
// The text input, which the public forms and the lists' search boxes share: in the shell, so a page
// with a search box does not load the form parts (which import it) for it.
const INPUT = /\/app\/platform\/ui\/input\.tsx$/;
const hasOwnChunk = (id: string) =>
  REACT.test(id) || WEBAUTHN.test(id) || TABS.test(id) || FORM_PARTS.test(id);
const ROOT_ROUTE = /\/app\/root\.tsx(\?.*)?$/;
// The reading pages held to the scripts' budget (tests/system/build-output.test.ts): what at least
// six of these eight routes run goes into the shell too. It was cut into five to seven chunks of
// about 1 kB that each of them loaded, ~0.3 kB of headers apiece, and the merger filled them with
// what other pages needed (an article loaded the games' SEO rules). At six, an article and /press
// come under 120 kB; at four or three /news grew again, and at three Rollup warned of a circle
// between the shell and the form parts (docs/performance.md#scripts has the table). React
// Router's plugin gives each route a browser module with a query; the walk starts from those.
const READING_ROUTE =
  /\/app\/routes\/(home|news|news-detail|games|game-detail|contact|press|press-game)\.tsx\?/;
const SHARED_BY = 6;
// A small module (under 2,000 characters of code) that two reading pages run goes into the shell
// too: in a chunk of its own it was under the merge floor, and the merger put it into whichever
// chunk was at hand, a route's (a game page loaded the newsletter reply page's code for the game
// picture, Home the games list's for the game card). At 2,000 with the floor at 2.5 kB every
// reading page comes under 120 kB; 800, 1,200 and 1,500 characters, any module one page runs, and
// a 1, 1.5, 2 or 3 kB floor left Home or a game page over (docs/performance.md#scripts).
const SMALL_MODULE = 2_000;
/** The root route's modules and those most reading pages run, each bringing nothing else. */
function shellModules(ids: string[], getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const runBy = (entries: string[]) => modulesRunBy(entries, getModuleInfo, hasOwnChunk);
  const shell = runBy(ids.filter((id) => ROOT_ROUTE.test(id)));
  const pages = ids.filter((id) => READING_ROUTE.test(id)).map((id) => runBy([id]));
  for (const id of sharedBy(pages, SHARED_BY)) shell.add(id);
  for (const id of sharedBy(pages, 2)) {
    if ((getModuleInfo(id)?.code?.length ?? Number.POSITIVE_INFINITY) < SMALL_MODULE) shell.add(id);
  }
  return selfContained(shell, getModuleInfo, hasOwnChunk);
}
const browserChunks: Plugin = {
  name: "browser-chunks",
  configEnvironment: (name) => {
    if (name !== "client") return undefined;
    let shell: Set<string> | undefined;
    return {
      build: {
        rollupOptions: {
          output: {
            manualChunks: (id, { getModuleIds, getModuleInfo }) => {
              if (REACT.test(id)) return "react";
              // Loaded only when a passkey ceremony starts: never merged into a page's scripts.
              if (WEBAUTHN.test(id)) return "webauthn";
              if (TABS.test(id)) return "tabs";
              if (FORM_PARTS.test(id)) return "form-parts";
              shell ??= shellModules([...getModuleIds()], getModuleInfo);
              return shell.has(id) || INPUT.test(id) ? "shell" : undefined;
            },
            experimentalMinChunkSize: 2_500,
          },
        },
      },
    };
  },
};

// The resource routes (a loader or action, no component: the `.ts` files of app/routes/).
const resourceRoutes = new Set(
  fs
    .readdirSync(new URL("./app/routes", import.meta.url))
    .filter((file) => /^[^.]+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, "")),
);

// Build messages known to be harmless, each for its reason; every other one is shown.
const KNOWN_NOISE: ((log: Rollup.RollupLog) => boolean)[] = [
  // React Router gives every route a browser chunk; a resource route's is empty (remix-run/remix#9055).
  (log) => log.code === "EMPTY_BUNDLE" && (log.names ?? []).every((n) => resourceRoutes.has(n)),
  // A dependency's comment that looks like a /*#__PURE__*/ annotation where none can be (zod 4);
  // Rollup drops the comment, the code is unchanged.
  (log) => log.code === "INVALID_ANNOTATION" && Boolean(log.id?.includes("/node_modules/")),
  // The chunk merger's count of small chunks (experimentalMinChunkSize, above).
  (log) => log.code === "OPTIMIZE_CHUNK_STATUS",
  // A form schema the browser loads on demand and the server imports directly:
  // the server build notes the dynamic import will not split, which is what it should do.
  (log) =>
    log.plugin === "vite:reporter" &&
    log.message.includes("dynamic import will not move module into another chunk"),
];
const onLog: Rollup.InputOptions["onLog"] = (level, log, handler) => {
  if (!KNOWN_NOISE.some((isNoise) => isNoise(log))) handler(level, log);
};

export default defineConfig(({ mode }) => ({
  resolve: { alias: { "~": appDir } },
  // Vitest runs the unit and integration tests without the React Router plugin.
  plugins: mode === "test" ? [] : [featureIndexes, browserChunks, tailwindcss(), reactRouter()],
  // The browser build is minified by terser, ~3 % smaller than esbuild. Vite picks
  // the minifier from the top-level setting; the server build turns minifying off below.
  build: {
    assetsInlineLimit: 0,
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: { onLog },
  },
  // The server build's entry is the site module, with the React Router build inside it, as React
  // Router's custom-server template does.
  // Not minified: the server's stack traces keep their names and lines.
  environments: { ssr: { build: { minify: false, rollupOptions: { input: "./server/app.ts" } } } },
  // Pure-JS UI libraries go into the server build (only what the pages use) instead of being loaded
  // from node_modules at start-up: date-fns's index pulls in ~300 modules. Faster cold start
  // (docs/performance.md).
  ssr: {
    noExternal: [
      "date-fns",
      "@date-fns/tz",
      /^@radix-ui\//,
      /^@dnd-kit\//,
      "sonner",
      "class-variance-authority",
      "clsx",
      // The auth library and what it loads, zod, Drizzle, the form library: ~900 small ES modules
      // from node_modules at start-up otherwise, each resolved, read and compiled on its own.
      "better-auth",
      /^@better-auth\//,
      "better-call",
      "@better-fetch/fetch",
      "kysely",
      "zod",
      "jose",
      /^@noble\//,
      "nanostores",
      "rou3",
      "defu",
      "@simplewebauthn/server",
      "@levischuck/tiny-cbor",
      "@hexagon/base64",
      "drizzle-orm",
      /^@conform-to\//,
      // The passkey library's certificate parsers: ~200 small CommonJS modules.
      /^@peculiar\//,
      "asn1js",
      "pvtsutils",
      "pvutils",
      "tsyringe",
      "reflect-metadata",
      "tslib",
      // Its index loads every store it has (Redis, Mongo…): 36 CommonJS modules.
      "rate-limiter-flexible",
    ],
  },
  test: {
    environment: "node",
    // One test file per core: vitest's default leaves one core out, which on a two-core CI
    // machine runs the files one at a time (220 s there; 125 s with both cores).
    maxWorkers: os.availableParallelism(),
    // The test files of a worker share their imported modules instead of importing the app afresh
    // each (import time 165 s → 25 s over the integration tests). So a test file leaves no state
    // behind in a module: mocks are restored after each test, and what the set-up file changes is
    // set again for each file (docs/testing.md).
    isolate: false,
    // Hang guards, not time limits: CPU-heavy tests (property runs, migrations, the demo seed)
    // took over 30 s when the machine was shared with several other jobs, and a timed-out test
    // leaves its writes behind for the next one. Speed is the benchmark's to measure.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    setupFiles: ["./tests/support/setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "tests/integration/**/*.test.ts",
            "tests/fuzz/**/*.test.ts",
            "bin/**/*.test.ts",
            "tests/repo/**/*.test.ts",
          ],
          // The migrations run once per run, not once per test database.
          globalSetup: ["./tests/support/global-setup.ts"],
        },
      },
      {
        // HTTP behaviour through the production site in the test's process (tests/support/site.ts).
        // A project of its own, so its workers are its own: React, React Router and the auth
        // library pick their production or development code by NODE_ENV when first loaded, and
        // the auth library skips its origin check and rate limits under NODE_ENV=test, so these
        // workers run with NODE_ENV=production, as `npm start` does, and never load the
        // development React another file of a shared worker would have loaded.
        extends: true,
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          env: { NODE_ENV: "production" },
          // A file's site starts in its hook (a copy of the data, the database opened, and in a
          // worker's first file the build imported): a few seconds, far more on a busy machine.
          hookTimeout: 120_000,
          testTimeout: 60_000,
          // The compiled site is loaded by Node itself, not transformed by Vite, as `npm start` loads it.
          server: { deps: { external: [/\/build\/server\//] } },
          // The users, sessions and demo content every file's site starts from, made once per run.
          globalSetup: ["./tests/support/site-seed.ts"],
        },
      },
    ],
  },
}));
