import { LATEST_NEWS_COUNT, LatestNews } from "~/news";
import { latestNews } from "~/news/index.server";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { pageMeta, siteUrlFrom } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { STUDIO } from "~/platform/studio/studio";
import { StudioAbout, StudioCallToAction, StudioHero } from "~/platform/studio/studio-home";
import type { Route } from "./+types/home";

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  return { latestNews: await latestNews(db, LATEST_NEWS_COUNT) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${STUDIO.name} | Independent game studio`,
    description: STUDIO.description,
    path: "/",
    siteUrl: siteUrlFrom(matches),
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StudioHero />
      <StudioAbout />
      <LatestNews items={loaderData.latestNews} />
      <StudioCallToAction />
    </>
  );
}
