// The import rules of docs/architecture.md (features in their own rooms, layers one way), checked by
// `npm run lint`:
//
//   routes, admin, api, layout, runtime, root  ─►  features  ─►  platform  ─►  db
//
// A new feature is a new folder: add its name to FEATURES.

const FEATURES = [
  "news",
  "pages",
  "settings",
  "press",
  "media",
  "games",
  "messages",
  "roles",
  "accounts",
  "profiles",
  "activity",
  "console",
  "health",
  "invitations",
  "press-desk",
  "announcements",
  "newsletter",
  "backup",
];
const COMPOSITION = ["routes", "admin", "api", "layout", "runtime"];

const feature = `(${FEATURES.join("|")})`;
const composition = `(${COMPOSITION.join("|")})`;
const featureIndex = `^app/${feature}/index(\\.server)?\\.ts$`;
// app/root.tsx, app/routes.ts, app/entry.server.tsx: the shell, a composition like the folders above
const shell = "^app/[^/]+\\.tsx?$";

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No module may depend on itself through others: every layer points one way.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-circular-between-features",
      severity: "error",
      comment:
        "Features depend on each other one way only: if one feature imports another (even a type, " +
        "even through its index files), the other must not import it back, directly or through a third.",
      scope: "folder",
      from: { path: `^app/${feature}` },
      to: { path: `^app/${feature}`, circular: true },
    },
    {
      name: "feature-through-its-index",
      severity: "error",
      comment:
        "Another folder imports a feature only through its index.ts (browser-safe) or " +
        "index.server.ts (server-only); inside a feature, import its modules directly.",
      from: { path: "^app/([^/]+)/" },
      to: { path: `^app/${feature}/`, pathNot: ["^app/$1/", featureIndex] },
    },
    {
      name: "feature-through-its-index-from-the-shell",
      severity: "error",
      comment:
        "root.tsx, entry.server.tsx and server.ts import a feature only through its index files.",
      from: { path: `${shell}|^server\\.ts$|^server/` },
      to: { path: `^app/${feature}/`, pathNot: featureIndex },
    },
    {
      name: "browser-safe-index",
      severity: "error",
      comment:
        "A feature's index.ts is loaded by the browser: it names no .server module (types aside); " +
        "server code goes in index.server.ts.",
      from: { path: `^app/${feature}/index\\.ts$` },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "features-below-composition",
      severity: "error",
      comment:
        "A feature does not import the folders that compose it (routes, admin, api, layout, " +
        "runtime, the shell): what it needs from them is passed in.",
      from: { path: `^app/${feature}/` },
      to: { path: [`^app/${composition}/`, shell] },
    },
    {
      name: "platform-is-feature-blind",
      severity: "error",
      comment:
        "platform/ imports no feature and no composition folder: what it needs from them (such as " +
        "the signed-in user) is passed in.",
      from: { path: "^app/platform/" },
      to: { path: [`^app/${feature}/`, `^app/${composition}/`, shell] },
    },
    {
      name: "db-imports-nothing-above",
      severity: "error",
      comment: "db/ is the bottom layer: it imports nothing from app/ outside db/.",
      from: { path: "^app/db/" },
      to: { path: "^app/", pathNot: "^app/db/" },
    },
    {
      name: "nothing-imports-routes",
      severity: "error",
      comment:
        "Route modules are entry points React Router loads from app/routes.ts; code shared by " +
        "routes lives in a feature or in platform/.",
      from: { pathNot: "^app/routes/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "every-folder-in-a-layer",
      severity: "error",
      comment:
        "Each folder of app/ is a feature, a composition folder, platform/ or db/; " +
        "a new feature is added to FEATURES in .dependency-cruiser.cjs.",
      from: {
        path: "^app/[^/]+/",
        pathNot: `^app/(${[...FEATURES, ...COMPOSITION, "platform", "db"].join("|")})/`,
      },
      to: {},
    },
  ],
  options: {
    // Only our own modules are cruised; libraries are leaves.
    includeOnly: "^(app/|server\\.ts$|server/)",
    doNotFollow: { path: "node_modules" },
    // Resolves the ~/ alias.
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports count: a type couples two folders as much as a value does.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
