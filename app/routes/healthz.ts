import type { Route } from "./+types/healthz";

/** Liveness and readiness for load balancers: 200 when the database answers, 503 otherwise. */
export async function loader({ context }: Route.LoaderArgs) {
  const { runtime } = context;
  const headers = { "Cache-Control": "no-store" };
  if (runtime.isShuttingDown()) {
    return Response.json(
      { status: "shutting-down", database: "unknown" },
      { status: 503, headers },
    );
  }
  const started = performance.now();
  try {
    await runtime.ping();
    const ms = Math.round(performance.now() - started);
    return Response.json(
      { status: "ok", database: "ok", caches: cacheSharing(runtime), responseTimeMs: ms },
      { headers },
    );
  } catch (error) {
    runtime.logger.warn({ err: error }, "health check: database unreachable");
    return Response.json(
      { status: "error", database: "unreachable", caches: cacheSharing(runtime) },
      { status: 503, headers },
    );
  }
}

/**
 * "shared": writes on any process clear this one's caches (LISTEN is up); "reconnecting": the
 * LISTEN connection was lost and is being re-established; "local": one process (embedded database).
 */
function cacheSharing(runtime: Route.LoaderArgs["context"]["runtime"]) {
  if (!runtime.env.DATABASE_URL) return "local";
  return runtime.caches.isListening() ? "shared" : "reconnecting";
}
