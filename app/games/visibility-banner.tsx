import { StudioTime } from "~/platform/dates/local-time";
import { Eye } from "~/platform/ui/icons";
import type { GameEntry } from "./game-schema";
import { GAME_VISIBILITY_LABELS } from "./game-visibility";

/**
 * What staff read above a game page guests do not see listed (docs/product.md#game-visibility):
 * its visibility and, for a scheduled game, when it goes public.
 */
export function GameVisibilityBanner({
  game,
}: {
  game: Pick<GameEntry, "visibility" | "announceAt">;
}) {
  if (game.visibility === "public") return null;
  return (
    <div
      role="status"
      className="mb-8 flex items-start gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm"
    >
      <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong>{GAME_VISIBILITY_LABELS[game.visibility]}.</strong>{" "}
        {game.visibility === "scheduled" && game.announceAt ? (
          <>
            Goes public on <StudioTime value={game.announceAt} format="zoned" />. Until then only
            staff who manage games see this page.
          </>
        ) : game.visibility === "unlisted" ? (
          "Whoever has this address can open this page; no list, feed or sitemap shows the game."
        ) : (
          "Only staff who manage games see this page until it is public."
        )}
      </p>
    </div>
  );
}
