// The games feature's server-only face: what other folders may import on the server (decision 031).
export {
  addGame,
  createGame,
  deleteGame,
  type GameEntry,
  listGames,
  type NewGame,
  reorderGames,
  updateGame,
} from "./games.server";
