import { data, redirect } from "react-router";
import { normalizeTag, tagPath } from "~/news";
import { feedResponse, feedXml, tagFeed } from "~/news/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import { readSettings } from "~/settings/index.server";
import type { Route } from "./+types/news-tag-feed";

/**
 * RSS 2.0 feed of a tag's newest listed posts. What cannot be a tag is not found; a tag written
 * another way ("Level_Design") moves for good to its normalised address.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const tag = normalizeTag(params.tag);
  if (!tag) throw data("No such feed.", 404);
  if (tag !== params.tag) throw redirect(`${tagPath(tag)}/feed.xml`, 301);
  const { db, env } = context.get(runtimeContext);
  const studio = await readSettings(db);
  return feedResponse(
    await feedXml(db, env.SITE_URL, tagFeed(tag, studio.name), { filter: { tag } }),
  );
}
