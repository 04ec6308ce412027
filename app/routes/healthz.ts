import { healthResponse, probeAnswer } from "~/health/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import type { Route } from "./+types/healthz";

// Readiness with details for operators: the database, the cache sharing, the check's time.
// The server answers this path before Express (server/app.ts); this module gives the same answer
// where the router is called without that server (tests, another host).
export async function loader({ context }: Route.LoaderArgs) {
  return healthResponse(await probeAnswer("/healthz", context.get(runtimeContext)));
}
