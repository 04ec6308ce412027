// Game statuses and their badge colours (docs/product.md#game-statuses). Universal: used by the
// schema, the server rules and the badges.
import { GAME_STATUSES } from "~/db/enums";

export { GAME_STATUSES };
export type GameStatus = (typeof GAME_STATUSES)[number];
export const DEFAULT_GAME_STATUS: GameStatus = "Released";

const badgeClasses: Record<GameStatus, string> = {
  Released: "bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100",
  "In Development": "bg-yellow-100 text-yellow-900 dark:bg-yellow-900/50 dark:text-yellow-100",
  "Coming Soon": "bg-blue-100 text-blue-900 dark:bg-blue-900/50 dark:text-blue-100",
  Canceled: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
};
const otherBadge = "bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100";

export function isGameStatus(value: string): value is GameStatus {
  return (GAME_STATUSES as readonly string[]).includes(value);
}

export function statusBadgeClass(status: string): string {
  return isGameStatus(status) ? badgeClasses[status] : otherBadge;
}
