import { runAdminAction } from "~/admin/admin-actions.server";
import { requireAdminTab } from "~/admin/admin-guard.server";
import { freshAfterWrites } from "~/admin/admin-tabs";
import { listGames } from "~/games/index.server";
import { mediaImages } from "~/media/index.server";
import { listPages } from "~/pages/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import { arrangeNavigation, SettingsTab } from "~/settings";
import { readSettings } from "~/settings/index.server";
import type { Route } from "./+types/admin-settings";

// /admin/settings: the Site Settings tab (docs/product.md#site-settings), for canManageSettings.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminTab(request, context, "settings");
  const { db } = context.get(runtimeContext);
  const { saved: _saved, ...settings } = await readSettings(db);
  const [logos, games, pages] = await Promise.all([
    settings.logo ? mediaImages(db, [settings.logo]) : null,
    listGames(db),
    listPages(db),
  ]);
  return {
    settings,
    logo: logos?.get(settings.logo) ?? null,
    games: games.map((game) => ({ id: game.id, title: game.title })),
    // Every page, drafts too: one placed now shows once it is published.
    navigation: arrangeNavigation(
      settings.navigation,
      pages.map((page) => ({ ...page, published: page.state === "published" })),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, "settings");
}

/** Reads the saved settings again after a save, failed ones included. */
export const shouldRevalidate = freshAfterWrites;

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, logo, games, navigation } = loaderData;
  return <SettingsTab settings={settings} logo={logo} games={games} navigation={navigation} />;
}
