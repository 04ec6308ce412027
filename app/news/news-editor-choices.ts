import type { GameVisibility } from "~/games";
import { normalizeTag } from "./news-about";
import { STUDIO_MAIL_LIST } from "./news-schema";
import type { NewsState } from "./news-states";

// What the editor's About part does as staff tick and type (docs/product.md#news-management-tab):
// the tags as they will be saved, the mail lists that follow the games ticked, and who will see a
// post about games not yet public. Pure, so the rules are tested without a browser.

/** A game as the editor offers it: every game, hidden ones with their visibility. */
export type AboutGame = {
  id: string;
  title: string;
  slug: string;
  visibility: GameVisibility;
  /** A scheduled game's announce time. */
  announceAt: string | null;
};

/**
 * The games About offers: every game, and the edited post's own should the list be missing one
 * (a failed read): a game not offered would be dropped from the post by its next save.
 */
export function offeredGames(
  games: readonly AboutGame[],
  editing: { games: { id: string; slug: string; title: string }[] } | null,
): AboutGame[] {
  const missing = (editing?.games ?? []).filter((own) => !games.some((one) => one.id === own.id));
  return [
    ...games,
    ...missing.map((game) => ({ ...game, visibility: "public" as const, announceAt: null })),
  ];
}

/** The Tags field as the server will read it: the tags it keeps, and the pieces it would refuse. */
export function typedTags(typed: string): { tags: string[]; refused: string[] } {
  const tags: string[] = [];
  const refused: string[] = [];
  for (const piece of typed.split(",")) {
    if (!piece.trim()) continue;
    const tag = normalizeTag(piece);
    if (tag === null) {
      if (!refused.includes(piece.trim())) refused.push(piece.trim());
    } else if (!tags.includes(tag)) tags.push(tag);
  }
  return { tags, refused };
}

/**
 * The "Send by mail to" choice: the lists ticked ("studio" or a game's id), those staff ticked or
 * unticked by hand, which the games no longer move, and whether the studio's list follows the games
 * (a new post: ticked with its first game, unticked with its last).
 */
export type MailChoice = { lists: string[]; byHand: string[]; studioFollows: boolean };

/**
 * A new post starts with no list (a post about the studio is mailed only when staff say so); an
 * edited one with the lists saved with it.
 */
export function firstMailChoice(editing: { mailLists?: string[] } | null): MailChoice {
  return editing
    ? { lists: [...(editing.mailLists ?? [])], byHand: [], studioFollows: false }
    : { lists: [], byHand: [], studioFollows: true };
}

/**
 * Whether the lists follow the games ticked: for a new post, a draft and a scheduled one. A post
 * already public has been read: mailing it now is a choice staff make by hand, not a side effect
 * of naming a game.
 */
export function listsFollowGames(editing: { state: NewsState } | null): boolean {
  return editing === null || editing.state !== "published";
}

/**
 * A game ticked (`about`) or unticked in About, `gamesTicked` games ticked after it: its list
 * follows, and so does a new post's studio list (offered with the game's: issue 37), unless staff
 * set it by hand.
 */
export function tickGame(
  choice: MailChoice,
  gameId: string,
  about: boolean,
  gamesTicked: number,
): MailChoice {
  let lists = choice.byHand.includes(gameId) ? choice.lists : withList(choice.lists, gameId, about);
  if (choice.studioFollows && !choice.byHand.includes(STUDIO_MAIL_LIST)) {
    const studio = gamesTicked > 0;
    lists = lists.filter((list) => list !== STUDIO_MAIL_LIST);
    if (studio) lists = [STUDIO_MAIL_LIST, ...lists];
  }
  return { ...choice, lists };
}

/** A list ticked or unticked by hand: it stays as staff left it whatever games they tick next. */
export function tickList(choice: MailChoice, list: string, ticked: boolean): MailChoice {
  return {
    ...choice,
    lists: withList(choice.lists, list, ticked),
    byHand: choice.byHand.includes(list) ? choice.byHand : [...choice.byHand, list],
  };
}

function withList(lists: string[], list: string, on: boolean): string[] {
  if (on) return lists.includes(list) ? lists : [...lists, list];
  return lists.filter((one) => one !== list);
}

/**
 * Who finds a published post about these games (docs/product.md#game-visibility): everyone when
 * every game is public; only those with its address when one is unlisted; staff alone while one is
 * a draft or not yet announced.
 */
export function reachOf(games: readonly { visibility: GameVisibility }[]) {
  if (games.some((game) => game.visibility === "draft" || game.visibility === "scheduled"))
    return "hidden";
  if (games.some((game) => game.visibility === "unlisted")) return "unlisted";
  return "listed";
}
