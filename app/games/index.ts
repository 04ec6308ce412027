// The games feature's browser-safe face: what other folders may import.
export { GameCard } from "./game-card";
export { GameDetails } from "./game-page";
export {
  type GalleryItem,
  type GameEntry,
  GameSchema,
  ReorderSchema,
  type StoreLink,
} from "./game-schema";
export { gamePreviewImage, gameStructuredData } from "./game-seo";
export { GamesTab } from "./games-admin-tab";
export { GAME_PAGE_PATH, TRAILER_FRAME_SOURCES, trailerFrameSources } from "./trailer";
