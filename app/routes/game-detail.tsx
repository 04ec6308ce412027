import { data, Link, redirect } from "react-router";
import { getSessionUser, recordViewLater } from "~/accounts/index.server";
import {
  GameDetails,
  GameVisibilityBanner,
  gamePreviewImage,
  gameStructuredData,
  isListed,
  isReachable,
  shownGame,
} from "~/games";
import { readGamePage } from "~/games/index.server";
import { GameNews, gameFeedLink, summarize } from "~/news";
import { readGameNews } from "~/news/index.server";
import { gameListName, STUDIO_LIST, SubscribeForm, studioListName } from "~/newsletter";
import { clockNow } from "~/platform/clock/clock.server";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { jsonLd, notFoundMeta, pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { useNonce } from "~/platform/server/nonce";
import { ArrowLeft } from "~/platform/ui/icons";
import { kitIsPublic, readKit } from "~/press/index.server";
import { can } from "~/roles";
import { siteFrom, useSite } from "~/settings";
import type { Route } from "./+types/game-detail";

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  // A draft or a game announced later opens for the staff who manage games only
  // (docs/product.md#game-visibility).
  const page = await readGamePage(runtime, params.slug, {
    showHidden: async () => {
      const user = await getSessionUser(request, context);
      return Boolean(user && can(user.role, "canManageGames"));
    },
  });
  // An unknown address is the 404 page (not a redirect: the address names nothing).
  if (!page) throw data(null, { status: 404 });
  // The old address by id: for good, to the slug.
  if (params.slug !== page.game.slug) {
    throw redirect(`/games/${page.game.slug}${new URL(request.url).search}`, 301);
  }
  const { game } = page;
  if (isReachable(game))
    recordViewLater(request, context, "game_view", {
      game_id: game.id,
      slug: game.slug,
      title: game.title,
    });
  // The kit's link only when guests may open it; the news as far as the game's visibility lets.
  const [kit, news] = await Promise.all([
    readKit(runtime.db, game.id, game),
    readGameNews(runtime.db, game),
  ]);
  return {
    ...page,
    game: shownGame(game),
    news,
    pressKit: isListed(game) && kitIsPublic(kit, clockNow()),
    siteUrl: runtime.env.SITE_URL,
  };
}

export const meta: Route.MetaFunction = ({ data: page, matches, location }) => {
  const { siteUrl, siteName, siteImage } = siteFrom(matches);
  if (!page) {
    return notFoundMeta({ path: location.pathname, siteUrl, siteName, siteImage });
  }
  const { game, screenshots, keyArt } = page;
  return (
    pageMeta({
      title: game.title,
      description: summarize(game.description),
      path: `/games/${game.slug}`,
      siteUrl,
      siteName,
      siteImage,
      // An upload's size is known; a typed image link's is not, and is left out.
      image: gamePreviewImage(game, screenshots, keyArt),
    })
      .concat(isListed(game) ? [] : [{ name: "robots", content: "noindex, nofollow" }])
      // A hidden game has no feed to announce (it answers 404 to everyone).
      .concat(isReachable(game) ? [gameFeedLink(game)] : [])
  );
};

function BackLink() {
  return (
    <Link to="/games" className="link-more gap-2">
      <ArrowLeft aria-hidden="true" />
      Back to Games
    </Link>
  );
}

export default function GameDetail({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  const { game, html, screenshots, keyArt, trailer, siteUrl, pressKit, news } = loaderData;
  const site = useSite();
  const structured = gameStructuredData(
    game,
    screenshots,
    siteUrl,
    summarize(game.description),
    site.name,
    keyArt,
  );
  return (
    <article className="page-width py-14">
      <script
        type="application/ld+json"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with '<' escaped
        dangerouslySetInnerHTML={{ __html: jsonLd(structured) }}
      />
      <GameVisibilityBanner game={game} />
      <BackLink />
      <GameDetails
        game={game}
        html={html}
        screenshots={screenshots}
        keyArt={keyArt}
        trailer={trailer}
      />
      <GameNews game={game} items={news.items} patchNotes={news.patchNotes} />
      <div className="mt-12">
        <SubscribeForm
          form="game"
          title={`Follow ${game.title}`}
          text="Its news and launch by mail, and the studio's if you like. Confirm by mail."
          lists={[
            { name: game.id, label: gameListName(game.title) },
            { name: STUDIO_LIST, label: studioListName(site.name) },
          ]}
        />
      </div>
      <footer className="mt-12 flex flex-wrap items-center justify-between gap-4 border-t pt-8">
        <BackLink />
        {pressKit && (
          <Link to={`/press/${game.slug}`} className="link-more">
            Press kit
          </Link>
        )}
      </footer>
    </article>
  );
}
