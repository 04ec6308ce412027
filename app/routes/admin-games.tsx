import { runAdminAction } from "~/admin/admin-actions.server";
import { requireAdminTab } from "~/admin/admin-guard.server";
import { loadGamesTab } from "~/admin/admin-loader.server";
import { freshAfterWrites } from "~/admin/admin-tabs";
import { GamesTab } from "~/games";
import type { Route } from "./+types/admin-games";

// /admin/games: the Game Management tab (docs/product.md#game-management-tab).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminTab(request, context, "games");
  return loadGamesTab(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, "games");
}

/** Reloads the tab's list after its own writes only. */
export const shouldRevalidate = freshAfterWrites;

export default function AdminGames({ loaderData }: Route.ComponentProps) {
  const { items, error, images } = loaderData;
  return <GamesTab games={items} loadError={error} images={images} />;
}
