// The games feature's browser-safe face: what other folders may import (decision 031).
export { GameCard } from "./game-card";
export { type GameEntry, GameSchema, ReorderSchema } from "./game-schema";
export { GamesTab } from "./games-admin-tab";
