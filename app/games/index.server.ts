// The games feature's server-only face: what other folders may import on the server.

export { type GameEntry, GameEntrySchema } from "./game-schema";
export { GAMES_ENDPOINTS } from "./games.api.server";
export {
  addGame,
  createGame,
  deleteGame,
  type GamePage,
  galleryImagesOf,
  gameSitemapUrls,
  getGameBySlug,
  listGames,
  type NewGame,
  readGamePage,
  reorderGames,
  updateGame,
} from "./games.server";
