import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useRef, useState } from "react";
import type { MediaImage } from "~/media";
import { StudioTime } from "~/platform/dates/local-time";
import { failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import { toast } from "~/platform/toast/notify";
import { ConfirmDialog } from "~/platform/ui/alert-dialog";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { GripVertical, Pencil, Search, Trash } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import { matchesTitle } from "./game-filter";
import { GameStatusBadge } from "./game-image";
import { GamePictureImage } from "./game-picture";
import { cardPicture, type GamePicture } from "./game-pictures";
import type { GameEntry } from "./game-schema";
import { GAME_VISIBILITY_LABELS } from "./game-visibility";

// 'Manage Games' (docs/product.md#game-management-tab): the games in order, reordered by drag and
// drop or by keyboard. A new order shows at once, numbered from 1, and is saved whole in one
// request; after the answer the server's order is shown again, whatever it was. The title filter
// narrows the list in the browser (the catalogue is loaded whole); while it is set,
// each game keeps its number in the whole order and the handles rest, since a move among some of
// the games would say nothing about where it lands among the rest.

function SortableGame({
  game,
  picture,
  position,
  sortable,
  onEdit,
  onDelete,
}: {
  game: GameEntry;
  /** What the game's card shows: its thumbnail. */
  picture: GamePicture | null;
  position: number;
  sortable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: game.id, disabled: !sortable });
  // On a phone the title, its number and badge stack beside the thumbnail and the description takes
  // the row's width below them; from `sm` up the description sits under the title.
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`grid grid-cols-[auto_auto_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 rounded-lg border bg-card p-3 ${isDragging ? "z-10 shadow-lg" : ""}`}
      data-testid="manage-game"
    >
      {sortable ? (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${game.title}`}
          className="mt-1 cursor-grab touch-none rounded p-1 text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:row-span-2"
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </button>
      ) : (
        <span aria-hidden="true" className="mt-1 p-1 text-muted-foreground/40 sm:row-span-2">
          <GripVertical className="size-5" />
        </span>
      )}
      <GamePictureImage
        picture={picture}
        title={game.title}
        sizes="5rem"
        className="h-10 w-14 shrink-0 rounded-md sm:row-span-2 sm:h-14 sm:w-20"
      />
      <p className="flex min-w-0 flex-col items-start gap-1 font-medium sm:flex-row sm:flex-wrap sm:items-center sm:gap-2">
        <span className="min-w-0 [overflow-wrap:anywhere]">{game.title}</span>
        <span className="flex items-center gap-2">
          <span className="text-xs text-muted-foreground" data-testid="display-order">
            #{position}
          </span>
          <GameStatusBadge status={game.status} />
        </span>
        {game.visibility !== "public" && (
          <span className="inline-flex max-w-full flex-wrap items-center gap-x-1 rounded-full border border-amber-500/50 px-2 py-0.5 text-xs font-medium text-amber-900 dark:text-amber-200">
            {game.visibility === "scheduled" && game.announceAt ? (
              <>
                Announced <StudioTime value={game.announceAt} format="list" />
              </>
            ) : (
              GAME_VISIBILITY_LABELS[game.visibility]
            )}
          </span>
        )}
      </p>
      <div className="row-span-2 flex flex-col gap-1 sm:flex-row">
        <Button variant="ghost" size="icon" aria-label={`Edit ${game.title}`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
        <ConfirmDialog
          title="Are you sure you want to delete this game?"
          description={game.title}
          onConfirm={onDelete}
          trigger={
            <Button variant="ghost" size="icon" aria-label={`Delete ${game.title}`}>
              <Trash aria-hidden="true" className="text-destructive" />
            </Button>
          }
        />
      </div>
      <p className="col-span-3 line-clamp-3 text-sm text-muted-foreground sm:col-span-1 sm:col-start-3 sm:line-clamp-2">
        {game.description}
      </p>
    </li>
  );
}

/** What screen readers hear while reordering: the game's title and place, not its id. */
function useAnnouncements(list: GameEntry[]): Announcements {
  const justPickedUp = useRef(false);
  const titleOf = (id: UniqueIdentifier) => list.find((g) => g.id === id)?.title ?? "The game";
  const placeOf = (id: UniqueIdentifier) =>
    `position ${list.findIndex((g) => g.id === id) + 1} of ${list.length}`;
  return {
    onDragStart: ({ active }) => {
      justPickedUp.current = true;
      return `Picked up ${titleOf(active.id)}, ${placeOf(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      // The first 'over' is the game's own place: keep 'Picked up' as the last thing said.
      const first = justPickedUp.current;
      justPickedUp.current = false;
      if (!over || (first && over.id === active.id)) return undefined;
      return `${titleOf(active.id)} moved to ${placeOf(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      `${titleOf(active.id)} dropped at ${placeOf((over ?? active).id)}.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. ${titleOf(active.id)} stays at ${placeOf(active.id)}.`,
  };
}

/**
 * The games in their order, each with edit and delete; `hidden` are the games whose deletion is on
 * its way.
 */
export function ManageGames({
  games,
  images,
  hidden,
  onEdit,
  onDelete,
}: {
  games: GameEntry[];
  /** The games' uploaded pictures by image id. */
  images: Record<string, MediaImage>;
  hidden: ReadonlySet<string>;
  onEdit: (game: GameEntry) => void;
  onDelete: (game: GameEntry) => void;
}) {
  // The order shown: applied at once on a drop, replaced by the server's after every answer.
  const [order, setOrder] = useState(() => games.map((g) => g.id));
  useEffect(() => setOrder(games.map((g) => g.id)), [games]);
  const byId = new Map(games.map((g) => [g.id, g]));
  const library = new Map(Object.entries(images));
  const list = order.flatMap((id) => {
    const game = byId.get(id);
    return game && !hidden.has(id) ? [game] : [];
  });

  const reorder = useFetcherReply("games-reorder", (reply) => {
    if (reply.status === "success") toast.success("Game order updated successfully!");
    else
      toast.error("Failed to update game order. Please try again.", {
        description: failureMessage(reply),
      });
  });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useAnnouncements(list);
  const [filter, setFilter] = useState("");
  const filtering = filter.trim() !== "";
  const shown = filtering ? list.filter((g) => matchesTitle(g, filter.trim())) : list;

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const ids = list.map((g) => g.id);
    const next = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    setOrder(next);
    reorder.submit({ intent: "games-reorder", ids: JSON.stringify(next) }, { method: "post" });
  }

  return (
    <Card>
      {/* Narrower padding on a phone leaves the rows room. */}
      <CardHeader className="px-4 sm:px-6">
        <CardTitle asChild>
          <h2 className="text-lg">Manage Games</h2>
        </CardTitle>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {filtering
            ? "Clear the filter to change the order."
            : "Drag a game by its handle, or focus the handle and use Space and the arrow keys, to change the order."}
        </p>
        {list.length > 0 && (
          <div className="relative mt-2">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Filter games by title"
              placeholder="Filter games by title"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              autoComplete="off"
              className="pl-8"
            />
          </div>
        )}
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {list.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">
            No games available. Add your first game above!
          </p>
        ) : shown.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground" role="status">
            No games match “{filter.trim()}”.
          </p>
        ) : (
          <DndContext
            id="manage-games"
            sensors={sensors}
            collisionDetection={closestCenter}
            accessibility={{ announcements }}
            onDragEnd={onDragEnd}
          >
            <SortableContext items={shown.map((g) => g.id)} strategy={verticalListSortingStrategy}>
              <ul className="space-y-2">
                {shown.map((game) => (
                  <SortableGame
                    key={game.id}
                    game={game}
                    picture={cardPicture(game, library)}
                    position={list.indexOf(game) + 1}
                    sortable={!filtering}
                    onEdit={() => onEdit(game)}
                    onDelete={() => onDelete(game)}
                  />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        )}
      </CardContent>
    </Card>
  );
}
