import { healthResponse, probeAnswer } from "~/health/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import type { Route } from "./+types/readyz";

// Readiness for orchestrators: 503 while shutting down or without the database.
// The server answers this path before Express (server/app.ts); this module gives the same answer
// where the router is called without that server (tests, another host).
export async function loader({ context }: Route.LoaderArgs) {
  return healthResponse(await probeAnswer("/readyz", context.get(runtimeContext)));
}
