// The games feature's browser-safe face: what other folders may import.

export { FeaturedGameHero } from "./featured-game";
export { StoreButtons, TrailerPlayer } from "./game-actions";
export { GAME_CARD_SIZES, GameCard } from "./game-card";
export { GameDetails } from "./game-page";
export { GamePictureImage } from "./game-picture";
export {
  cardPicture,
  type FeaturedGame,
  type GameCardEntry,
  type GamePicture,
  keyArtPicture,
  type ShownGame,
  shownGame,
} from "./game-pictures";
export {
  type GalleryItem,
  type GameEntry,
  type GameInput,
  GameSchema,
  hasCardPicture,
  ReorderSchema,
  type StoreLink,
} from "./game-schema";
export { gamePreviewImage, gameStructuredData } from "./game-seo";
export {
  GAME_VISIBILITY_LABELS,
  type GameVisibility,
  isListed,
  isListedAt,
  isReachable,
} from "./game-visibility";
export { GamesTab } from "./games-admin-tab";
export { HOME_GAMES_COUNT, HomeGames } from "./home-games";
export { ReleaseDate } from "./release-date";
export {
  GAME_PAGE_PATH,
  parseTrailer,
  TRAILER_FRAME_SOURCES,
  trailerFrameSources,
} from "./trailer";
export type { Trailer } from "./trailer-player";
export { GameVisibilityBanner } from "./visibility-banner";
