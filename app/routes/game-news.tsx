import { data, Link, redirect } from "react-router";
import { getSessionUser } from "~/accounts/index.server";
import { GameVisibilityBanner, isListed, isReachable } from "~/games";
import { readVisibleGame } from "~/games/index.server";
import {
  GameNewsKinds,
  gameFeedLink,
  gameFeedPath,
  gameNewsPath,
  NewsCardGrid,
  newsFilterFrom,
} from "~/news";
import { gameNewsKinds, gameNewsReach, listNewsPage } from "~/news/index.server";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { pageRequestFrom } from "~/platform/paging/cursor";
import { PageLinks } from "~/platform/paging/page-links";
import { pagedListMeta } from "~/platform/paging/page-meta";
import { notFoundMeta, pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { ArrowLeft, Newspaper, Rss } from "~/platform/ui/icons";
import { can } from "~/roles";
import { siteFrom } from "~/settings";
import type { Route } from "./+types/game-news";

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

// A game's news (docs/product.md#a-games-news): its posts newest first, twelve a page by keyset
// cursor as /news pages, optionally of one kind (?kind=). Who may open it follows the game page.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const game = await readVisibleGame(db, params.slug, {
    showHidden: async () => {
      const user = await getSessionUser(request, context);
      return Boolean(user && can(user.role, "canManageGames"));
    },
  });
  if (!game) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // The old address by id: for good, to the slug.
  if (params.slug !== game.slug) throw redirect(`${gameNewsPath(game.slug)}${url.search}`, 301);
  const { kind } = newsFilterFrom(url.searchParams);
  const page = pageRequestFrom(url.searchParams);
  // A cursor that is not ours (edited, truncated): the list from its start.
  if (!page) throw redirect(`${gameNewsPath(game.slug)}${kind ? `?kind=${kind}` : ""}`);
  const reach = gameNewsReach(game);
  const [list, kinds] = await Promise.all([
    listNewsPage(db, { page, filter: { game: game.id, kind }, reach }),
    gameNewsKinds(db, game.id, reach),
  ]);
  const { id, title, slug, visibility, announceAt } = game;
  return { ...list, game: { id, title, slug, visibility, announceAt }, kind: kind ?? null, kinds };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches, location }) => {
  const { siteUrl, siteName, siteImage } = siteFrom(matches);
  if (!loaded) return notFoundMeta({ path: location.pathname, siteUrl, siteName, siteImage });
  const { game } = loaded;
  const paged = pagedListMeta(gameNewsPath(game.slug), location.search, loaded, siteUrl);
  return [
    ...pageMeta({
      title: `News about ${game.title}`,
      description: `News, devlogs and patch notes about ${game.title} from ${siteName}.`,
      path: paged.canonicalPath,
      siteUrl,
      siteName,
      siteImage,
    }),
    ...paged.links,
    // As its game page: an unlisted game's news is for those who have the address.
    ...(isListed(game) ? [] : [{ name: "robots", content: "noindex, nofollow" }]),
    // A hidden game has no feed to announce (it answers 404 to everyone).
    ...(isReachable(game) ? [gameFeedLink(game)] : []),
  ];
};

export default function GameNewsPage({ loaderData }: Route.ComponentProps) {
  const { game, items, kind, kinds } = loaderData;
  const firstPage = !loaderData.newer;
  return (
    <div className="page-width py-14">
      <GameVisibilityBanner game={game} />
      <Link to={`/games/${game.slug}`} className="link-more gap-2">
        <ArrowLeft aria-hidden="true" />
        Back to {game.title}
      </Link>
      <header className="mt-6 flex flex-wrap items-end justify-between gap-x-8 gap-y-4">
        <div className="max-w-2xl">
          <h1 className="text-4xl font-black tracking-tight">News about {game.title}</h1>
          <p className="mt-3 text-lg text-muted-foreground">
            Devlogs, patch notes and announcements.
          </p>
        </div>
        {isReachable(game) && (
          <a href={gameFeedPath(game.slug)} className="link-more">
            <Rss aria-hidden="true" />
            RSS feed
          </a>
        )}
      </header>
      <GameNewsKinds slug={game.slug} kinds={kinds} current={kind ?? undefined} />
      {items.length === 0 && firstPage && (
        <div className="mt-12 flex flex-col items-center rounded-xl border border-dashed p-14 text-center">
          <Newspaper aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="mt-4 text-xl font-semibold">
            {kind ? "No posts of this kind yet" : "No news yet"}
          </h2>
          <p className="mt-2 text-muted-foreground">
            {kind ? (
              <Link to={gameNewsPath(game.slug)} className="text-primary hover:underline">
                Show all news about {game.title}
              </Link>
            ) : (
              `The first post about ${game.title} is on its way.`
            )}
          </p>
        </div>
      )}
      {items.length > 0 && <NewsCardGrid items={items} />}
      <PageLinks
        page={loaderData}
        label="News pages"
        newerText="Newer posts"
        olderText="Older posts"
      />
    </div>
  );
}
