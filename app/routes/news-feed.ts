import { feedResponse, newsFeedXml } from "~/news/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import { readSettings } from "~/settings/index.server";
import type { Route } from "./+types/news-feed";

/** RSS 2.0 feed of the newest published news, linked from every page's head. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.get(runtimeContext);
  const studio = await readSettings(db);
  return feedResponse(await newsFeedXml(db, env.SITE_URL, studio.name));
}
