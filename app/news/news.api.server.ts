import type { Database } from "~/db/database.server";
import { isListed, isReachable } from "~/games";
import { getGameBySlug } from "~/games/index.server";
import { AppError } from "~/platform/errors/app-error";
import { z } from "~/platform/forms/zod";
import { DeletedSchema } from "~/platform/http/api-shapes";
import { defineEndpoint, type Endpoint, pagedListEndpoint } from "~/platform/http/endpoint";
import { runtimeContext } from "~/platform/server/context.server";
import type { Permission } from "~/roles";
import { studioTimeZone } from "~/settings/index.server";
import { getPublishedNews, listNewsEntriesPage } from "./news.server";
import {
  GAME_REF_RULE,
  isGameRef,
  NEWS_KINDS,
  type NewsFilter,
  normalizeTag,
  TAG_RULE,
  UNKNOWN_KIND,
} from "./news-about";
import { NewsEntrySchema, NewsSchema } from "./news-schema";
import { addNews, deleteNews, updateNews } from "./news-writes.server";

// The news feature's API endpoints (docs/product.md#api, docs/api.md#news): reads for everyone,
// writes for canManageNews; each write clears the page cache. The reads show published items only:
// drafts and scheduled items are the admin dashboard's.

/** The list's filters (docs/api.md#news): each optional, a wrong one a 400 naming it. */
const NewsListQuery = z.object({
  game: z
    .string()
    .trim()
    .refine(isGameRef, GAME_REF_RULE)
    .optional()
    .describe(
      "Only posts about this game: its id or its address (slug). An unlisted game's posts are listed here only (as on its page); a game guests cannot see is unknown.",
    ),
  kind: z.enum(NEWS_KINDS, { error: UNKNOWN_KIND }).optional().describe("Only posts of this kind."),
  tag: z
    .string()
    .transform((typed, ctx) => {
      const tag = normalizeTag(typed);
      if (tag) return tag;
      ctx.addIssue({ code: "custom", message: TAG_RULE });
      return z.NEVER;
    })
    .optional()
    .describe("Only posts with this tag (normalised: `Level Design` is `level-design`)."),
});

/**
 * Which posts `?game=` lists, as the game's own page would: a listed game's listed posts, an
 * unlisted game's posts guests may open by address. A draft or not yet announced game is unknown,
 * as one that does not exist: the answer must not tell that it does.
 */
async function reachOfGame(db: Database, ref: string): Promise<"listed" | "reachable"> {
  const game = await getGameBySlug(db, ref);
  if (game && isListed(game)) return "listed";
  if (game && isReachable(game)) return "reachable";
  throw new AppError("invalid", `Unknown game: ${ref}.`, { field: "game" });
}

export const NEWS_ENDPOINTS: Endpoint<Permission>[] = [
  pagedListEndpoint({
    path: "news",
    summary: "List published news, newest first; filtered by game, kind or tag",
    permission: null,
    item: NewsEntrySchema,
    statuses: [200, 400, 429, 503],
    query: NewsListQuery,
    read: async ({ context, limit, page, query }) => {
      const { db } = context.get(runtimeContext);
      const filter = query as NewsFilter;
      const reach = filter.game ? await reachOfGame(db, filter.game) : "listed";
      return listNewsEntriesPage(db, { page, size: limit, filter, reach });
    },
  }),
  defineEndpoint({
    method: "GET",
    path: "news/:id",
    summary: "One published news item",
    permission: null,
    response: NewsEntrySchema,
    statuses: [200, 400, 404, 429, 503],
    run: async ({ context, params }) => {
      const item = await getPublishedNews(context.get(runtimeContext).db, params.id!);
      if (!item) throw new AppError("not_found", "No news item with that id.");
      return item;
    },
  }),
  defineEndpoint({
    method: "POST",
    path: "news",
    summary: "Add a news item",
    permission: "canManageNews",
    body: NewsSchema,
    response: NewsEntrySchema,
    statuses: [201, 400, 401, 403, 429, 503],
    run: async ({ context, caller, input }) => {
      const { db, env, jobs } = context.get(runtimeContext);
      return addNews(db, input, caller, {
        timeZone: await studioTimeZone(db, env.STUDIO_TIME_ZONE),
        jobs,
      });
    },
  }),
  defineEndpoint({
    method: "PUT",
    path: "news/:id",
    summary: "Update a news item",
    permission: "canManageNews",
    body: NewsSchema,
    response: NewsEntrySchema,
    // 409: its mail has started going out, and the body changes its lists.
    statuses: [200, 400, 401, 403, 404, 409, 429, 503],
    run: async ({ context, caller, params, input }) => {
      const { db, env, jobs } = context.get(runtimeContext);
      return updateNews(db, params.id!, input, caller, {
        timeZone: await studioTimeZone(db, env.STUDIO_TIME_ZONE),
        jobs,
      });
    },
  }),
  defineEndpoint({
    method: "DELETE",
    path: "news/:id",
    summary: "Delete a news item",
    permission: "canManageNews",
    response: DeletedSchema,
    statuses: [200, 400, 401, 403, 404, 429, 503],
    run: ({ context, caller, params }) => {
      const { db, jobs } = context.get(runtimeContext);
      return deleteNews(db, params.id!, caller, { jobs }).then(() => ({ deleted: params.id! }));
    },
  }),
];
