// Who sees a game (docs/product.md#game-visibility). Universal: the form, the schema, the server's
// reads and the admin list's badges share it.
//
// Stored: `visibility` public | unlisted | draft, and `announceAt` (a public game's first public
// moment; null: public already). The form's four choices name what a person means:
// - public: listed everywhere (the catalogue, Home, the sitemap, the API, the press pages);
// - scheduled: the same from its announce time on, hidden (a draft) until then;
// - unlisted: its page opens for whoever has the address, and nothing lists it;
// - draft: staff only; a guest gets 404.

export const GAME_VISIBILITIES = ["public", "scheduled", "unlisted", "draft"] as const;
export type GameVisibility = (typeof GAME_VISIBILITIES)[number];
/** What the table stores: "scheduled" is public with an announce time still to come. */
export const STORED_VISIBILITIES = ["public", "unlisted", "draft"] as const;
export type StoredVisibility = (typeof STORED_VISIBILITIES)[number];

export const GAME_VISIBILITY_LABELS: Record<GameVisibility, string> = {
  public: "Public",
  scheduled: "Announced at a time",
  unlisted: "Unlisted",
  draft: "Draft",
};

/** What each choice means, next to it in the form. */
export const GAME_VISIBILITY_HINTS: Record<GameVisibility, string> = {
  public: "Shown in the catalogue, on Home, in the sitemap, the API and the press pages.",
  scheduled: "Hidden until its announce time, then public by itself.",
  unlisted: "Its page opens for whoever has the address; nothing lists it.",
  draft: "Only staff see it; its page is not found for everyone else.",
};

export const ANNOUNCE_TIME_NEEDED = "Choose when to announce the game";
export const ANNOUNCE_TIME_PASSED =
  "This time has already passed. Choose a later time, or choose Public to show the game now.";

type Stored = { visibility: string; announceAt: Date | string | null };

/** The form's choice a stored game is in at `now`. */
export function visibilityAt(game: Stored, now: number): GameVisibility {
  if (game.visibility === "draft" || game.visibility === "unlisted") return game.visibility;
  if (game.announceAt && new Date(game.announceAt).getTime() > now) return "scheduled";
  return "public";
}

/** Whether guests find the game listed (catalogue, Home, sitemap, API, press) at `now`. */
export function isListedAt(game: Stored, now: number): boolean {
  return visibilityAt(game, now) === "public";
}

/** Whether a guest may open the game's page at `now`: listed, or unlisted (by its address). */
export function isReachableAt(game: Stored, now: number): boolean {
  const state = visibilityAt(game, now);
  return state === "public" || state === "unlisted";
}

/** Whether a game as read (its `visibility` judged at the read's time) is listed for guests. */
export const isListed = (game: { visibility: GameVisibility }) => game.visibility === "public";

/** Whether guests may open the page of a game as read: listed, or unlisted. */
export const isReachable = (game: { visibility: GameVisibility }) =>
  game.visibility === "public" || game.visibility === "unlisted";

/** The stored columns of a form's choice; `announceAt` only for a scheduled game. */
export function storedVisibility(
  choice: GameVisibility,
  announceAt: Date | null,
): { visibility: StoredVisibility; announceAt: Date | null } {
  if (choice === "scheduled") return { visibility: "public", announceAt };
  return { visibility: choice, announceAt: null };
}
