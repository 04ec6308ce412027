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
import { GripVertical, Pencil, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetchers } from "react-router";
import { toast } from "sonner";
import { GameImage, GameStatusBadge } from "~/games/game-card";
import { GAME_LIMITS, GameSchema } from "~/games/game-schema";
import { DEFAULT_GAME_STATUS, GAME_STATUSES, type GameStatus } from "~/games/game-status";
import { parseForm } from "~/platform/forms/form-errors";
import { type AdminResult, useAdminFetcher } from "~/platform/forms/use-admin-fetcher";
import { ConfirmDialog } from "~/platform/ui/alert-dialog";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Input, Textarea } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import type { GameEntry } from "./game-schema";

type GameForm = {
  title: string;
  description: string;
  imageUrl: string;
  status: GameStatus;
  url: string;
};
const EMPTY: GameForm = {
  title: "",
  description: "",
  imageUrl: "",
  status: DEFAULT_GAME_STATUS,
  url: "",
};

function SortableGame({
  game,
  position,
  onEdit,
  onDelete,
}: {
  game: GameEntry;
  position: number;
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
  } = useSortable({
    id: game.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-start gap-3 rounded-lg border bg-card p-3 ${isDragging ? "z-10 shadow-lg" : ""}`}
      data-testid="manage-game"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${game.title}`}
        className="mt-1 cursor-grab touch-none rounded p-1 text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <GripVertical aria-hidden="true" className="size-5" />
      </button>
      <GameImage
        src={game.imageUrl}
        alt={game.title}
        className="h-10 w-14 shrink-0 rounded-md sm:h-14 sm:w-20"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="min-w-0 [overflow-wrap:anywhere]">{game.title}</span>
          <span className="text-xs text-muted-foreground" data-testid="display-order">
            #{position}
          </span>
          <GameStatusBadge status={game.status} />
        </p>
        <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{game.description}</p>
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
        <Button variant="ghost" size="icon" aria-label={`Edit ${game.title}`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
        <ConfirmDialog
          title="Are you sure you want to delete this game?"
          description={game.title}
          onConfirm={onDelete}
          trigger={
            <Button variant="ghost" size="icon" aria-label={`Delete ${game.title}`}>
              <Trash2 aria-hidden="true" className="text-destructive" />
            </Button>
          }
        />
      </div>
    </li>
  );
}

export function GamesTab({ games, loadError }: { games: GameEntry[]; loadError: string | null }) {
  const [editing, setEditing] = useState<GameEntry | null>(null);
  const [form, setForm] = useState<GameForm>(EMPTY);
  // The order shown: applied at once on a drop, replaced by the server's after every answer.
  const [order, setOrder] = useState(() => games.map((g) => g.id));
  useEffect(() => setOrder(games.map((g) => g.id)), [games]);
  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);

  const pendingDeletes = new Set(
    useFetchers()
      .filter((f) => f.formData?.get("intent") === "game-delete")
      .map((f) => String(f.formData?.get("id"))),
  );
  const byId = new Map(games.map((g) => [g.id, g]));
  const list = order
    .map((id) => byId.get(id))
    .filter((g): g is GameEntry => Boolean(g) && !pendingDeletes.has(g!.id));

  const reset = () => {
    setEditing(null);
    setForm(EMPTY);
  };
  const save = useAdminFetcher("game-form", (result: AdminResult) => {
    if (result.ok) {
      toast.success(
        result.intent === "game-create" ? "Game added successfully!" : "Game updated successfully!",
      );
      reset();
    } else {
      toast.error("Failed to save game. Please try again.", { description: result.error });
    }
  });
  const remove = useAdminFetcher("game-delete", (result: AdminResult) => {
    if (result.ok) toast.success("Deleted", { description: "Game has been deleted." });
    else toast.error("Failed to delete game. Please try again.", { description: result.error });
  });
  const reorder = useAdminFetcher("games-reorder", (result: AdminResult) => {
    if (result.ok) toast.success("Game order updated successfully!");
    else
      toast.error("Failed to update game order. Please try again.", { description: result.error });
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const justPickedUp = useRef(false);
  // What screen readers hear while reordering: the game's title and place, not its id.
  const titleOf = (id: UniqueIdentifier) => byId.get(String(id))?.title ?? "The game";
  const placeOf = (id: UniqueIdentifier) =>
    `position ${list.findIndex((g) => g.id === id) + 1} of ${list.length}`;
  const announcements: Announcements = {
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

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const ids = list.map((g) => g.id);
    const next = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    setOrder(next);
    reorder.submit({ intent: "games-reorder", ids: JSON.stringify(next) }, { method: "post" });
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(GameSchema, form);
    if (!parsed.success) {
      toast.error(Object.values(parsed.errors)[0] ?? "Please fill in all fields");
      return;
    }
    save.submit(
      { intent: editing ? "game-update" : "game-create", id: editing?.id ?? "", ...parsed.data },
      { method: "post" },
    );
  }

  const field = (name: keyof GameForm) => ({
    id: `game-${name}`,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">{editing ? "Edit Game" : "Add New Game"}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor="game-title">Game Title</Label>
              <Input {...field("title")} maxLength={GAME_LIMITS.title} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="game-description">Description</Label>
              <Textarea {...field("description")} rows={4} maxLength={GAME_LIMITS.description} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="game-imageUrl">Icon/Image URL</Label>
              <Input
                {...field("imageUrl")}
                type="url"
                inputMode="url"
                placeholder="https://"
                maxLength={GAME_LIMITS.url}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="game-status">Status</Label>
              <select
                {...field("status")}
                className="block h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
              >
                {GAME_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-2">
              <Label htmlFor="game-url">Game Link</Label>
              <Input
                {...field("url")}
                type="url"
                inputMode="url"
                placeholder="https://"
                maxLength={GAME_LIMITS.url}
              />
            </div>
            <div className="flex gap-2">
              <Button type="submit" disabled={save.state !== "idle"}>
                {editing ? "Update Game" : "Add Game"}
              </Button>
              <Button type="button" variant="outline" onClick={reset}>
                Cancel
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Manage Games</h2>
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            Drag a game by its handle, or focus the handle and use Space and the arrow keys, to
            change the order.
          </p>
        </CardHeader>
        <CardContent>
          {list.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">
              No games available. Add your first game above!
            </p>
          ) : (
            <DndContext
              id="manage-games"
              sensors={sensors}
              collisionDetection={closestCenter}
              accessibility={{ announcements }}
              onDragEnd={onDragEnd}
            >
              <SortableContext items={list.map((g) => g.id)} strategy={verticalListSortingStrategy}>
                <ul className="space-y-2">
                  {list.map((game, index) => (
                    <SortableGame
                      key={game.id}
                      game={game}
                      position={index + 1}
                      onEdit={() => {
                        setEditing(game);
                        setForm({
                          title: game.title,
                          description: game.description,
                          imageUrl: game.imageUrl,
                          status: (GAME_STATUSES as readonly string[]).includes(game.status)
                            ? (game.status as GameStatus)
                            : DEFAULT_GAME_STATUS,
                          url: game.url,
                        });
                      }}
                      onDelete={() =>
                        remove.submit({ intent: "game-delete", id: game.id }, { method: "post" })
                      }
                    />
                  ))}
                </ul>
              </SortableContext>
            </DndContext>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
