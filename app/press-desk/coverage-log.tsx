import { selectClass } from "~/platform/forms/schema-fields";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { COVERAGE_KINDS } from "./coverage-kinds";
import { useDeskFetcher } from "./desk-fetcher";
import type { DeskGame } from "./key-batches";

export type CoverageRow = {
  id: string;
  game: string;
  url: string;
  outlet: string;
  kind: string;
  publishedOn: string;
  score: string | null;
  quote: string | null;
  showOnKit: boolean;
  requestId: string | null;
};

type RequestOption = { id: string; label: string };

/** The published coverage, per game, and the quotes its press page shows. */
export function CoverageLog({
  games,
  coverage,
  requests,
}: {
  games: DeskGame[];
  coverage: CoverageRow[];
  requests: RequestOption[];
}) {
  const fetcher = useDeskFetcher("coverage-add");
  const field = (id: string, label: string, input: React.ReactNode) => (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      {input}
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Coverage</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="coverage" />
          {field(
            "cov-game",
            "Game",
            <select id="cov-game" name="gameId" className={selectClass}>
              {games.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                </option>
              ))}
            </select>,
          )}
          {field(
            "cov-request",
            "From key request (optional)",
            <select id="cov-request" name="requestId" className={selectClass}>
              <option value="">None</option>
              {requests.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </select>,
          )}
          {field("cov-url", "URL", <Input id="cov-url" name="url" type="url" required />)}
          {field(
            "cov-outlet",
            "Outlet",
            <Input id="cov-outlet" name="outlet" required maxLength={120} />,
          )}
          {field(
            "cov-kind",
            "Type",
            <select id="cov-kind" name="kind" className={selectClass}>
              {COVERAGE_KINDS.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>,
          )}
          {field(
            "cov-date",
            "Date",
            <Input id="cov-date" name="publishedOn" type="date" required />,
          )}
          {field(
            "cov-score",
            "Score (optional)",
            <Input id="cov-score" name="score" maxLength={40} />,
          )}
          {field(
            "cov-quote",
            "Quote (optional)",
            <Input id="cov-quote" name="quote" maxLength={600} />,
          )}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="showOnKit" /> Show the quote on the press kit
          </label>
          <div className="flex items-end justify-end">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Log coverage
            </Button>
          </div>
        </fetcher.Form>
        {coverage.length === 0 ? (
          <p className="py-4 text-center text-muted-foreground">No coverage logged yet</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {coverage.map((c) => (
              <CoverageItem key={c.id} row={c} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CoverageItem({ row }: { row: CoverageRow }) {
  const fetcher = useDeskFetcher(`coverage-${row.id}`);
  return (
    <li className="space-y-1 p-3 text-sm">
      <p className="flex flex-wrap gap-2">
        <a
          href={row.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="font-semibold underline"
        >
          {row.outlet}
        </a>
        <span className="text-muted-foreground">
          {row.kind} · {row.game} · {row.publishedOn}
          {row.score ? ` · ${row.score}` : ""}
        </span>
      </p>
      {row.quote && <blockquote className="border-l-2 pl-3 italic">“{row.quote}”</blockquote>}
      {row.quote && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="kit" />
          <input type="hidden" name="coverageId" value={row.id} />
          <input type="hidden" name="show" value={String(!row.showOnKit)} />
          <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
            {row.showOnKit ? "Shown on kit: hide" : "Show on kit"}
          </Button>
        </fetcher.Form>
      )}
    </li>
  );
}
