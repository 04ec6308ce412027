// Game statuses and their badge colours (docs/product.md#game-statuses). Universal: used by the
// schema, the server rules and the badges.
import { GAME_STATUSES } from "~/db/enums";

export { GAME_STATUSES };
export type GameStatus = (typeof GAME_STATUSES)[number];
export const DEFAULT_GAME_STATUS: GameStatus = "Released";

const badgeClasses: Record<GameStatus, string> = {
  Released: "tone-green",
  "In Development": "tone-yellow",
  "Coming Soon": "tone-blue",
  Canceled: "tone-red",
};
const otherBadge = "tone-gray";

export function isGameStatus(value: string): value is GameStatus {
  return (GAME_STATUSES as readonly string[]).includes(value);
}

export function statusBadgeClass(status: string): string {
  return isGameStatus(status) ? badgeClasses[status] : otherBadge;
}
