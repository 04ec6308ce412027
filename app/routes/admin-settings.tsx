import { runAdminAction } from "~/admin/admin-actions.server";
import { requireAdminTab } from "~/admin/admin-guard.server";
import { freshAfterWrites } from "~/admin/admin-tabs";
import { listGames } from "~/games/index.server";
import { mediaImages } from "~/media/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import { SettingsTab } from "~/settings";
import { readSettings } from "~/settings/index.server";
import type { Route } from "./+types/admin-settings";

// /admin/settings: the Site Settings tab (docs/product.md#site-settings), for canManageSettings.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminTab(request, context, "settings");
  const { db } = context.get(runtimeContext);
  const { saved: _saved, ...settings } = await readSettings(db);
  const [logos, games] = await Promise.all([
    settings.logo ? mediaImages(db, [settings.logo]) : null,
    listGames(db),
  ]);
  return {
    settings,
    logo: logos?.get(settings.logo) ?? null,
    games: games.map((game) => ({ id: game.id, title: game.title })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, "settings");
}

/** Reads the saved settings again after a save, failed ones included. */
export const shouldRevalidate = freshAfterWrites;

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, logo, games } = loaderData;
  return <SettingsTab settings={settings} logo={logo} games={games} />;
}
