import { data, redirect } from "react-router";
import { isListed } from "~/games";
import { readVisibleGame } from "~/games/index.server";
import { feedResponse, feedXml, gameFeed, gameNewsReach } from "~/news/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import { readSettings } from "~/settings/index.server";
import type { Route } from "./+types/game-feed";

/**
 * RSS 2.0 feed of a game's newest posts, announced on its pages. A hidden game has none, for
 * anyone (readers fetch feeds without a session); an unlisted game's holds its reachable posts.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = context.get(runtimeContext);
  const game = await readVisibleGame(db, params.slug);
  if (!game) throw data("No such feed.", 404);
  // The old address by id: for good, to the slug.
  if (params.slug !== game.slug) throw redirect(`/games/${game.slug}/feed.xml`, 301);
  const studio = await readSettings(db);
  const xml = await feedXml(db, env.SITE_URL, gameFeed(game, studio.name), {
    filter: { game: game.id },
    reach: gameNewsReach(game),
  });
  return feedResponse(xml, { noindex: !isListed(game) });
}
