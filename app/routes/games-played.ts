import { getSessionUser } from "~/accounts/index.server";
import { recordActivity } from "~/activity/index.server";
import { isUuid } from "~/db/ids";
import { getGameBySlug } from "~/games/index.server";
import { addressKey } from "~/platform/limits/rate-limit.server";
import { requestContext, runtimeContext } from "~/platform/server/context.server";
import type { Route } from "./+types/games-played";

/** A signed-in visitor followed a Play Game link (sent as a beacon; the link itself is not delayed). */
export async function action({ request, params, context }: Route.ActionArgs) {
  // Anyone may send it, so each address gets a few a minute (GAME_PLAYED_RATE_LIMIT).
  const limited = await context
    .get(runtimeContext)
    .limits.gamePlayed.consume(addressKey(context.get(requestContext).clientIp));
  if (!limited.allowed) {
    return new Response(null, {
      status: 429,
      headers: { "Retry-After": String(limited.retryAfterSeconds) },
    });
  }
  if (!isUuid(params.id)) return new Response(null, { status: 404 });
  const user = await getSessionUser(request, context);
  // Recorded with the game's page address (the activity list links to it); not for a game that
  // does not exist.
  const game = user ? await getGameBySlug(context.get(runtimeContext).db, params.id) : null;
  if (user && game) {
    await recordActivity(context.get(runtimeContext).db, user.id, "game_view", {
      game_id: game.id,
      slug: game.slug,
      title: game.title,
    });
  }
  return new Response(null, { status: 204 });
}
