import { useState } from "react";
import { StudioTime, StudioZoneHint } from "~/platform/dates/local-time";
import { selectClass } from "~/platform/forms/schema-fields";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Upload } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { useDeskFetcher } from "./desk-fetcher";

export type DeskGame = { id: string; title: string; platforms: string[] };
export type KeyRow = {
  id: string;
  gameId: string;
  platform: string;
  state: string;
  sentTo: string | null;
  sentAt: string | null;
  embargoUntil: string | null;
};

/** Importing a batch (pasted lines or CSV) and the keys' states; a key itself is never shown. */
export function KeyBatches({ games, keys }: { games: DeskGame[]; keys: KeyRow[] }) {
  const fetcher = useDeskFetcher("key-import");
  const [gameId, setGameId] = useState(games[0]?.id ?? "");
  const platforms = games.find((g) => g.id === gameId)?.platforms ?? [];
  const title = (id: string) => games.find((g) => g.id === id)?.title ?? "";
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Key batches</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="import" />
          <div className="space-y-1">
            <Label htmlFor="batch-game">Game</Label>
            <select
              id="batch-game"
              name="gameId"
              className={selectClass}
              value={gameId}
              onChange={(e) => setGameId(e.target.value)}
            >
              {games.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="batch-platform">Platform</Label>
            <Input
              id="batch-platform"
              name="platform"
              list="batch-platforms"
              required
              maxLength={60}
              defaultValue={platforms[0] ?? ""}
              key={gameId}
            />
            <datalist id="batch-platforms">
              {platforms.map((p) => (
                <option key={p} value={p} />
              ))}
            </datalist>
          </div>
          <div className="space-y-1 sm:col-span-2">
            <Label htmlFor="batch-keys">Keys (one a line, or a CSV with the key first)</Label>
            <textarea
              id="batch-keys"
              name="keys"
              rows={5}
              required
              className="block w-full rounded-md border border-input bg-background p-3 font-mono text-sm"
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="batch-embargo">Embargo until (optional)</Label>
            <Input
              id="batch-embargo"
              name="embargo"
              type="datetime-local"
              aria-describedby="batch-embargo-hint"
            />
            <p id="batch-embargo-hint" className="text-xs text-muted-foreground">
              <StudioZoneHint /> Empty: the game's press kit's embargo, if any.
            </p>
          </div>
          <div className="flex items-end">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              <Upload aria-hidden="true" />
              Import keys
            </Button>
          </div>
        </fetcher.Form>
        {keys.length === 0 ? (
          <p className="py-4 text-center text-muted-foreground">No keys imported yet</p>
        ) : (
          <div className="max-h-[360px] overflow-auto rounded-md border">
            <table className="w-full text-left text-sm" data-testid="press-keys">
              <thead className="sticky top-0 bg-muted text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Game
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Platform
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    State
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                    Embargo
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((k) => (
                  <KeyLine key={k.id} row={k} game={title(k.gameId)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function KeyLine({ row, game }: { row: KeyRow; game: string }) {
  const fetcher = useDeskFetcher(`key-${row.id}`);
  return (
    <tr className="border-t" data-testid="press-key" data-state={row.state}>
      <td className="px-3 py-2">{game}</td>
      <td className="px-3 py-2">{row.platform}</td>
      <td className="px-3 py-2 [overflow-wrap:anywhere]">
        <span className="capitalize">{row.state}</span>
        {row.sentTo && <span className="block text-xs text-muted-foreground">to {row.sentTo}</span>}
      </td>
      <td className="hidden px-3 py-2 sm:table-cell">
        {row.embargoUntil ? <StudioTime value={row.embargoUntil} format="zoned" /> : "—"}
      </td>
      <td className="px-3 py-2 text-right">
        {row.state === "available" && (
          <fetcher.Form method="post">
            <input type="hidden" name="keyId" value={row.id} />
            <Button
              type="submit"
              name="intent"
              value="revoke"
              size="sm"
              variant="outline"
              disabled={fetcher.state !== "idle"}
            >
              Revoke
            </Button>
          </fetcher.Form>
        )}
      </td>
    </tr>
  );
}
