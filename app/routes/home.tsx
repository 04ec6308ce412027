import { FeaturedGameHero, HOME_GAMES_COUNT, HomeGames } from "~/games";
import { listGameCards, readFeaturedGame } from "~/games/index.server";
import { LATEST_NEWS_COUNT, LatestNews } from "~/news";
import { latestNews } from "~/news/index.server";
import { STUDIO_LIST, SubscribeForm, studioListName } from "~/newsletter";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import {
  SetupChecklist,
  StudioAbout,
  StudioCallToAction,
  StudioHero,
  siteFrom,
  useSite,
} from "~/settings";
import { homeSections, readPageSettings } from "~/settings/index.server";
import type { Route } from "./+types/home";

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(runtimeContext);
  const [news, games, settings] = await Promise.all([
    latestNews(db, LATEST_NEWS_COUNT),
    listGameCards(db, { limit: HOME_GAMES_COUNT }),
    readPageSettings(request, context),
  ]);
  const [sections, featured] = await Promise.all([
    homeSections(db, settings, env.SITE_URL),
    settings.featuredGame ? readFeaturedGame(db, settings.featuredGame) : null,
  ]);
  return { latestNews: news, games, sections, featured };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { site } = siteFrom(matches);
  return pageMeta({
    ...siteFrom(matches),
    title: site.tagline ? `${site.name} | ${site.tagline}` : site.name,
    description: site.description || site.tagline || site.name,
    path: "/",
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <>
      <SetupChecklist />
      <StudioHero />
      {loaderData.featured && <FeaturedGameHero featured={loaderData.featured} />}
      <StudioAbout sections={loaderData.sections} />
      <HomeGames games={loaderData.games} />
      <LatestNews items={loaderData.latestNews} />
      {/* The call to action below brings its own top padding: the same above keeps the card centred. */}
      <div className="page-width pt-20">
        <SubscribeForm
          form="home"
          lists={[{ name: STUDIO_LIST, label: studioListName(site.name) }]}
          text="The studio's news in your inbox. Confirm by mail; unsubscribe in one click."
        />
      </div>
      <StudioCallToAction sections={loaderData.sections} />
    </>
  );
}
