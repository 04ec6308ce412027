// The games feature's server-only face: what other folders may import on the server.

export { type GameLoads, gameLoads } from "./game-loads.server";
export {
  type GamePage,
  gameImagesOf,
  listGameCards,
  readFeaturedGame,
  readGamePage,
  readGamePageAndImages,
  readVisibleGame,
} from "./game-reads.server";
export { type GameEntry, GameEntrySchema } from "./game-schema";
export { GAMES_ENDPOINTS } from "./games.api.server";
export {
  addGame,
  announceGameAt,
  countGames,
  createGame,
  deleteGame,
  GAME_LISTED,
  GAME_REACHABLE,
  gameListChoices,
  gameSitemapUrls,
  getGameBySlug,
  listAllGames,
  listGames,
  type NewGame,
  reachableGameIds,
  reorderGames,
  resolveGameRefs,
  updateGame,
} from "./games.server";
