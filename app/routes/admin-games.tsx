import type { ShouldRevalidateFunctionArgs } from "react-router";
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

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return freshAfterWrites(args);
}

export default function AdminGames({ loaderData }: Route.ComponentProps) {
  const { items, error, images } = loaderData;
  return <GamesTab games={items} loadError={error} images={images} />;
}
