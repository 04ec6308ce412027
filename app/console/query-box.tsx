import { useCallback, useEffect, useState } from "react";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Play, RefreshCw } from "~/platform/ui/icons";
import { Textarea } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { apiErrorMessage, callApi } from "./console-api";
import type { QueryResult, QueryStatus } from "./console-schemas";
import { querySpecError } from "./query-rules";

// The owner's read-only SQL box (docs/product.md#sql-query-box).

const sentence = (text: string) =>
  `${text.charAt(0).toUpperCase()}${text.slice(1).replace(/\.?$/, ".")}`;

/** Whether the server can run the box (its reader role proven); null while asking. */
function useQueryStatus() {
  const [status, setStatus] = useState<QueryStatus | null>(null);
  const check = useCallback(async () => {
    setStatus(null);
    try {
      const result = await callApi<QueryStatus>("GET", "query");
      setStatus(
        result.ok
          ? result.data
          : {
              available: false,
              reason: apiErrorMessage(result.data, "the server did not say why"),
            },
      );
    } catch {
      setStatus({ available: false, reason: "the server did not answer" });
    }
  }, []);
  useEffect(() => {
    void check();
  }, [check]);
  return { status, setStatus, check };
}

export function QueryBox() {
  const [sql, setSql] = useState("");
  const [answer, setAnswer] = useState<QueryResult | null>(null);
  const [busy, setBusy] = useState(false);
  const { status, setStatus, check } = useQueryStatus();
  const unavailable = status !== null && !status.available;
  async function run() {
    const specError = querySpecError(sql);
    if (specError) {
      toast.error("Query failed", { description: specError });
      return;
    }
    setBusy(true);
    try {
      const result = await callApi<QueryResult>("POST", "query", { sql });
      if (result.status === 409) {
        // The server turned the box off since it was opened: show why, in place.
        const message = apiErrorMessage(result.data, "The SQL box is unavailable.");
        setStatus({
          available: false,
          reason: message.replace(/^The SQL box is unavailable: /, ""),
        });
        throw new Error(message);
      }
      if (!result.ok) throw new Error(apiErrorMessage(result.data, "The query failed."));
      setAnswer(result.data);
      const rows = result.data.rowCount;
      toast.success("Query executed successfully", {
        description: `${rows} ${rows === 1 ? "row" : "rows"}`,
      });
    } catch (error) {
      setAnswer(null);
      toast.error("Query failed", { description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-3">
      <Label htmlFor="sql">Database Query</Label>
      {unavailable && (
        <div
          id="sql-unavailable"
          role="alert"
          data-testid="query-unavailable"
          className="space-y-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          <p className="font-medium">The SQL box is unavailable.</p>
          <p>{sentence(status.reason ?? "the server did not say why")}</p>
          <p className="text-muted-foreground">
            Nothing was run. The server's start-up log says how to turn it on.
          </p>
          <Button size="sm" variant="outline" onClick={() => void check()}>
            <RefreshCw aria-hidden="true" />
            Check again
          </Button>
        </div>
      )}
      <Textarea
        id="sql"
        rows={4}
        value={sql}
        onChange={(e) => setSql(e.target.value)}
        code
        placeholder="SELECT id, username FROM profiles LIMIT 5"
        disabled={unavailable}
        aria-describedby={unavailable ? "sql-unavailable" : undefined}
      />
      {/* The check does not hold the box: a query sent meanwhile waits for the same engine. */}
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={() => void run()} disabled={busy || unavailable}>
          <Play aria-hidden="true" />
          Run Query
        </Button>
        {status === null && (
          <span role="status" className="text-xs text-muted-foreground">
            Checking that the SQL box can run…
          </span>
        )}
      </div>
      {answer && (
        <div className="max-h-64 overflow-auto rounded-md border" data-testid="query-result">
          <table className="w-full text-left text-xs">
            <thead className="bg-muted">
              <tr>
                {answer.columns.map((c) => (
                  <th key={c} className="px-2 py-1 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {answer.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: result rows have no identity
                <tr key={i} className="border-t">
                  {answer.columns.map((c) => (
                    <td key={c} className="px-2 py-1 font-mono">
                      {String(row[c] ?? "")}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Clears the server's caches on every process and this browser's cached site data, keeping the theme. */
