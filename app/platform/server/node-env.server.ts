// Imported first by server.ts: React picks its development or production build when it is first
// loaded, so NODE_ENV must be settled before anything imports it. Serving the production build
// runs React's production code even when the operator did not set NODE_ENV.

/** NODE_ENV as the operator set it (undefined when unset); AUTH_SECRET is demanded only for "production". */
export const declaredNodeEnv = process.env.NODE_ENV;

process.env.NODE_ENV ??= process.argv.includes("--dev") ? "development" : "production";
