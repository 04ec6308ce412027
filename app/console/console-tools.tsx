import { Copy, Play, RefreshCw, Trash } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { THEME_KEY } from "~/platform/theme/theme";
import { Button } from "~/platform/ui/button";
import { Input, Textarea } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { apiFailureMessage, apiPathFor, CONSOLE_TABLES } from "./api-tables";
import { apiErrorMessage, callApi } from "./console-api";
import type { QueryResult, QueryStatus } from "./console-schemas";
import { querySpecError } from "./query-rules";
import { connectionTier, heapShare, loadTimeTier, memoryTier } from "./tiers";

type Metrics = {
  loadTime: number | null;
  memory: { percent: number; usedMb: number; limitMb: number } | null;
  connection: string | undefined;
  renderTime: number | null;
  domNodes: number;
};

/** Read from the browser's own APIs; 'Unknown' where a browser lacks one. */
export function PerformancePanel({ renderTime }: { renderTime: number | null }) {
  const [metrics, setMetrics] = useState<Metrics | null>(null);
  useEffect(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as
      | PerformanceNavigationTiming
      | undefined;
    const memory = (
      performance as unknown as { memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number } }
    ).memory;
    const connection = (navigator as unknown as { connection?: { effectiveType?: string } })
      .connection;
    setMetrics({
      loadTime: navigation
        ? Math.round(navigation.loadEventEnd || navigation.domContentLoadedEventEnd)
        : null,
      memory: memory ? heapShare(memory.usedJSHeapSize, memory.jsHeapSizeLimit) : null,
      connection: connection?.effectiveType,
      renderTime,
      domNodes: document.getElementsByTagName("*").length,
    });
  }, [renderTime]);
  if (!metrics) return null;
  const rows = [
    {
      label: "Load time",
      value: metrics.loadTime === null ? "Unknown" : `${metrics.loadTime} ms`,
      tier: metrics.loadTime === null ? "Unknown" : loadTimeTier(metrics.loadTime),
    },
    {
      label: "Memory usage",
      value: metrics.memory === null ? "Unknown" : `${metrics.memory.percent}%`,
      tier: metrics.memory === null ? "Unknown" : memoryTier(metrics.memory.percent),
    },
    {
      label: "Connection type",
      value: metrics.connection ?? "Unknown",
      tier: connectionTier(metrics.connection),
    },
    {
      label: "Render time",
      value: metrics.renderTime === null ? "Unknown" : `${metrics.renderTime} ms`,
      tier: "",
    },
    { label: "DOM nodes", value: String(metrics.domNodes), tier: "" },
  ];
  return (
    <div className="space-y-4">
      <h3 className="font-semibold">Performance Monitor</h3>
      <dl className="grid gap-3 sm:grid-cols-2" data-testid="performance">
        {rows.map((row) => (
          <div key={row.label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{row.label}</dt>
            <dd className="mt-1 flex items-center justify-between font-semibold">
              {row.value}
              {row.tier && (
                <span className="text-xs font-medium text-muted-foreground">{row.tier}</span>
              )}
            </dd>
            {row.label === "Memory usage" && metrics.memory !== null && (
              <>
                <div
                  className="mt-2 h-2 rounded-full bg-muted"
                  role="progressbar"
                  aria-label="Memory usage"
                  aria-valuenow={metrics.memory.percent}
                  aria-valuetext={`${metrics.memory.percent}%`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  {/* At least a sliver, so that a small share still reads as a bar. */}
                  <div
                    className="h-2 min-w-1 rounded-full bg-primary"
                    style={{ width: `${metrics.memory.percent}%` }}
                  />
                </div>
                <p className="mt-1 text-xs text-muted-foreground" data-testid="memory-detail">
                  {metrics.memory.usedMb} MB of {metrics.memory.limitMb.toLocaleString("en-US")} MB
                </p>
              </>
            )}
          </div>
        ))}
      </dl>
    </div>
  );
}

const PREDEFINED = [
  { name: "News", subject: "news", method: "GET", path: "news?limit=5" },
  { name: "Games", subject: "games", method: "GET", path: "games?limit=5" },
  { name: "Profiles", subject: "profiles", method: "GET", path: "profiles?limit=5" },
  { name: "Health", subject: "health", method: "GET", path: "health" },
] as const;

type TestResult = { label: string; status: number; ms: number; body: unknown };

export function ApiTester() {
  const [result, setResult] = useState<TestResult | null>(null);
  const [method, setMethod] = useState("GET");
  const [table, setTable] = useState("");
  const [busy, setBusy] = useState(false);
  async function run(
    label: string,
    test: { verb: string; subject: string; path: string; body?: unknown },
  ) {
    setBusy(true);
    try {
      const answer = await callApi(test.verb, test.path, test.body);
      setResult({ label, status: answer.status, ms: answer.ms, body: answer.data });
      if (answer.ok)
        toast.success("API Test Successful", {
          description: `${label}: ${answer.status} in ${answer.ms} ms`,
        });
      else
        toast.error("API Test Failed", {
          description: apiFailureMessage(test.verb, test.subject, answer.status, answer.data),
        });
    } catch (error) {
      toast.error("API Test Error", { description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }
  const custom = () => {
    const subject = table.trim();
    const path = apiPathFor(subject);
    // GET samples 10 rows; the write methods send an empty body and get the API's real answer.
    void run(`${method} ${subject}`, {
      verb: method,
      subject,
      path: method === "GET" ? `${path}?limit=10` : path,
      body: method === "GET" ? undefined : {},
    });
  };
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap gap-2">
        {PREDEFINED.map((test) => (
          <Button
            key={test.name}
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() =>
              void run(test.name, { verb: test.method, subject: test.subject, path: test.path })
            }
          >
            <Play aria-hidden="true" />
            {test.name}
          </Button>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end">
        <div className="space-y-1">
          <Label htmlFor="api-method">Method</Label>
          <select
            id="api-method"
            value={method}
            onChange={(e) => setMethod(e.target.value)}
            className="block h-10 rounded-md border border-input bg-background px-3 text-sm"
          >
            {["GET", "POST", "PUT", "DELETE"].map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="api-table">Table name</Label>
          <Input
            id="api-table"
            value={table}
            onChange={(e) => setTable(e.target.value)}
            placeholder="news"
            list="api-tables"
            autoComplete="off"
            spellCheck={false}
          />
          <datalist id="api-tables">
            {CONSOLE_TABLES.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <Button onClick={custom} disabled={busy || table.trim() === ""}>
          Run custom test
        </Button>
      </div>
      {result && (
        <div className="space-y-2 rounded-lg border p-3" data-testid="api-result">
          <div className="flex items-center justify-between text-sm">
            <span className="font-medium">
              {result.label}: <span data-testid="api-status">{result.status}</span> · {result.ms} ms
            </span>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(JSON.stringify(result.body, null, 2))
                  .then(() => toast.success("Copied"));
              }}
            >
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
          <pre
            className="max-h-64 overflow-auto rounded bg-muted p-3 text-xs"
            data-testid="api-body"
          >
            {JSON.stringify(result.body, null, 2)}
          </pre>
        </div>
      )}
    </div>
  );
}

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
        className="font-mono text-xs"
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
export function CacheAndRefresh({ onRefresh }: { onRefresh: () => void }) {
  async function clearCache() {
    try {
      const result = await callApi("POST", "cache/clear");
      if (!result.ok) throw new Error();
      const theme = localStorage.getItem(THEME_KEY);
      localStorage.clear();
      sessionStorage.clear();
      if (theme) localStorage.setItem(THEME_KEY, theme);
      if ("caches" in window) for (const key of await caches.keys()) await caches.delete(key);
      toast.success("Cache cleared", { description: "All cached data has been cleared" });
    } catch {
      toast.error("Failed to clear cache");
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => void clearCache()}>
        <Trash aria-hidden="true" />
        Clear Cache
      </Button>
      <Button size="sm" variant="outline" onClick={onRefresh}>
        <RefreshCw aria-hidden="true" />
        Refresh Data
      </Button>
    </div>
  );
}
