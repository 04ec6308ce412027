// The games feature's browser-safe face: what other folders may import (decision 031).
export { GameCard } from "./game-card";
export { GameSchema, ReorderSchema } from "./game-schema";
export { GamesTab } from "./games-admin-tab";
