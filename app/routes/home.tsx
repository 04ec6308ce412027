import { LATEST_NEWS_COUNT, LatestNews } from "~/news";
import { latestNews } from "~/news/index.server";
import { pageMeta, siteUrlFrom } from "~/platform/seo/meta";
import { STUDIO } from "~/platform/studio/studio";
import { StudioAbout, StudioCallToAction, StudioHero } from "~/platform/studio/studio-home";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return { latestNews: await latestNews(context.runtime.db, LATEST_NEWS_COUNT) };
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
