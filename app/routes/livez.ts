import { healthResponse, probeAnswer } from "~/health/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import type { Route } from "./+types/livez";

// Liveness: the process answers; no database call.
// The server answers this path before Express (server/app.ts); this module gives the same answer
// where the router is called without that server (tests, another host).
export async function loader({ context }: Route.LoaderArgs) {
  return healthResponse(await probeAnswer("/livez", context.get(runtimeContext)));
}
