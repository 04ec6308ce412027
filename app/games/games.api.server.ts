import { DeletedSchema } from "~/platform/http/api-shapes";
import { defineEndpoint, type Endpoint, pagedListEndpoint } from "~/platform/http/endpoint";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import type { Permission } from "~/roles";
import { studioTimeZone } from "~/settings/index.server";
import { GameEntrySchema, GameSchema } from "./game-schema";
import { addGame, deleteGame, listGamesPage, updateGame } from "./games.server";

// The games feature's API endpoints (docs/product.md#api): the list of listed games for everyone
// (hidden ones are the admin dashboard's: docs/product.md#game-visibility), writes for
// canManageGames; each write clears the page cache.

/** How the API's writes read an announce time typed without an offset: the studio's zone. */
async function writeOptions(context: AppContext) {
  const { db, env } = context.get(runtimeContext);
  return { timeZone: await studioTimeZone(db, env.STUDIO_TIME_ZONE) };
}
export const GAMES_ENDPOINTS: Endpoint<Permission>[] = [
  pagedListEndpoint({
    path: "games",
    summary: "List the listed games in display order",
    permission: null,
    item: GameEntrySchema,
    statuses: [200, 400, 429, 503],
    cursor: { key: "position" },
    read: ({ context, limit, page }) =>
      listGamesPage(context.get(runtimeContext).db, { page, size: limit }),
  }),
  defineEndpoint({
    method: "POST",
    path: "games",
    summary: "Add a game",
    permission: "canManageGames",
    body: GameSchema,
    response: GameEntrySchema,
    statuses: [201, 400, 401, 403, 429, 503],
    run: async ({ context, caller, input }) =>
      addGame(context.get(runtimeContext).db, input, caller, await writeOptions(context)),
  }),
  defineEndpoint({
    method: "PUT",
    path: "games/:id",
    summary: "Update a game",
    permission: "canManageGames",
    body: GameSchema,
    response: GameEntrySchema,
    statuses: [200, 400, 401, 403, 404, 429, 503],
    run: async ({ context, caller, params, input }) =>
      updateGame(
        context.get(runtimeContext).db,
        params.id!,
        input,
        caller,
        await writeOptions(context),
      ),
  }),
  defineEndpoint({
    method: "DELETE",
    path: "games/:id",
    summary: "Delete a game",
    permission: "canManageGames",
    response: DeletedSchema,
    statuses: [200, 400, 401, 403, 404, 429, 503],
    run: ({ context, caller, params }) =>
      deleteGame(context.get(runtimeContext).db, params.id!, caller).then(() => ({
        deleted: params.id!,
      })),
  }),
];
