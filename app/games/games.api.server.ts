import { DeletedSchema } from "~/platform/http/api-shapes";
import { defineEndpoint, type Endpoint, pagedListEndpoint } from "~/platform/http/endpoint";
import { runtimeContext } from "~/platform/server/context.server";
import type { Permission } from "~/roles";
import { GameEntrySchema, GameSchema } from "./game-schema";
import { addGame, deleteGame, listGamesPage, updateGame } from "./games.server";

// The games feature's API endpoints (docs/product.md#api): the list for everyone, writes for
// canManageGames; each write clears the page cache.
export const GAMES_ENDPOINTS: Endpoint<Permission>[] = [
  pagedListEndpoint({
    path: "games",
    summary: "List games in display order",
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
    run: ({ context, caller, input }) => addGame(context.get(runtimeContext).db, input, caller),
  }),
  defineEndpoint({
    method: "PUT",
    path: "games/:id",
    summary: "Update a game",
    permission: "canManageGames",
    body: GameSchema,
    response: GameEntrySchema,
    statuses: [200, 400, 401, 403, 404, 429, 503],
    run: ({ context, caller, params, input }) =>
      updateGame(context.get(runtimeContext).db, params.id!, input, caller),
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
