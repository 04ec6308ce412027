import { useEffect, useState } from "react";
import { useFetchers } from "react-router";
import type { MediaImage } from "~/media";
import { failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import { toast } from "~/platform/toast/notify";
import { GameForm } from "./game-form";
import type { GameEntry } from "./game-schema";
import { ManageGames } from "./manage-games";

/**
 * The Game Management tab (docs/product.md#game-management-tab): the add-or-edit form beside the
 * ordered list. A game being deleted leaves the list at once and comes back if the server refuses.
 */
export function GamesTab({
  games,
  loadError,
  images,
}: {
  games: GameEntry[];
  loadError: string | null;
  /** The screenshots' pictures by image id, for the form's list of a game's screenshots. */
  images?: Record<string, MediaImage>;
}) {
  const [editing, setEditing] = useState<GameEntry | null>(null);
  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);

  const deleting = new Set(
    useFetchers()
      .filter((f) => f.formData?.get("intent") === "game-delete")
      .map((f) => String(f.formData?.get("id"))),
  );
  const remove = useFetcherReply("game-delete", (reply) => {
    if (reply.status === "success")
      toast.success("Deleted", { description: "Game has been deleted." });
    else
      toast.error("Failed to delete game. Please try again.", {
        description: failureMessage(reply),
      });
  });

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <GameForm editing={editing} images={images} onDone={() => setEditing(null)} />
      <ManageGames
        games={games}
        images={images ?? {}}
        hidden={deleting}
        onEdit={setEditing}
        onDelete={(game) =>
          remove.submit({ intent: "game-delete", id: game.id }, { method: "post" })
        }
      />
    </div>
  );
}
