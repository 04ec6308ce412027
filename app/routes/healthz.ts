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
    return Response.json({ status: "ok", database: "ok", responseTimeMs: ms }, { headers });
  } catch (error) {
    runtime.logger.warn({ err: error }, "health check: database unreachable");
    return Response.json({ status: "error", database: "unreachable" }, { status: 503, headers });
  }
}
