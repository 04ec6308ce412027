import { AppError } from "~/platform/errors/app-error";
import { DeletedSchema } from "~/platform/http/api-shapes";
import { defineEndpoint, type Endpoint, pagedListEndpoint } from "~/platform/http/endpoint";
import { runtimeContext } from "~/platform/server/context.server";
import type { Permission } from "~/roles";
import { studioTimeZone } from "~/settings/index.server";
import { getPublishedNews, listNewsEntriesPage } from "./news.server";
import { NewsEntrySchema, NewsSchema } from "./news-schema";
import { addNews, deleteNews, updateNews } from "./news-writes.server";

// The news feature's API endpoints (docs/product.md#api): reads for everyone, writes for
// canManageNews; each write clears the page cache. The reads show published items only: drafts and
// scheduled items are the admin dashboard's.
export const NEWS_ENDPOINTS: Endpoint<Permission>[] = [
  pagedListEndpoint({
    path: "news",
    summary: "List published news, newest first",
    permission: null,
    item: NewsEntrySchema,
    statuses: [200, 400, 429, 503],
    read: ({ context, limit, page }) =>
      listNewsEntriesPage(context.get(runtimeContext).db, { page, size: limit }),
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
    statuses: [200, 400, 401, 403, 404, 429, 503],
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
