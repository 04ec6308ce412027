import { getSessionUser } from "~/accounts/index.server";
import { recordActivity } from "~/activity/index.server";
import { isUuid } from "~/db/ids";
import { addressKey } from "~/platform/server/rate-limit.server";
import type { Route } from "./+types/games-played";

/** A signed-in visitor followed a Play Game link (sent as a beacon; the link itself is not delayed). */
export async function action({ request, params, context }: Route.ActionArgs) {
  // Anyone may send it, so each address gets a few a minute (GAME_PLAYED_RATE_LIMIT).
  const limited = await context.runtime.limits.gamePlayed.consume(addressKey(context.clientIp));
  if (!limited.allowed) {
    return new Response(null, {
      status: 429,
      headers: { "Retry-After": String(limited.retryAfterSeconds) },
    });
  }
  if (!isUuid(params.id)) return new Response(null, { status: 404 });
  const user = await getSessionUser(request, context);
  if (user) {
    await recordActivity(context.runtime.db, user.id, "game_view", { game_id: params.id });
  }
  return new Response(null, { status: 204 });
}
