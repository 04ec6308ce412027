import type { GameEntry } from "./game-schema";

/** Whether a game's title holds every word of the filter, in any case. */
export function matchesTitle(game: Pick<GameEntry, "title">, filter: string): boolean {
  const title = game.title.toLocaleLowerCase();
  return filter
    .toLocaleLowerCase()
    .split(/\s+/)
    .every((word) => title.includes(word));
}
