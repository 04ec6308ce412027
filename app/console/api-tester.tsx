import { useState } from "react";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Copy, Play } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { apiFailureMessage, apiPathFor, CONSOLE_TABLES } from "./api-tables";
import { type ApiCredential, callApi } from "./console-api";

// The console's API Testing tab (docs/product.md#api-testing-tab): ready-made reads of the spec's tables and a custom one.

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
  const [credential, setCredential] = useState<ApiCredential>({ kind: "session", value: "" });
  async function run(
    label: string,
    test: { verb: string; subject: string; path: string; body?: unknown },
  ) {
    setBusy(true);
    try {
      const answer = await callApi(test.verb, test.path, test.body, credential);
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
      <div className="grid gap-3 sm:grid-cols-[auto_1fr] sm:items-end">
        <div className="space-y-1">
          <Label htmlFor="api-credential">Call as</Label>
          <select
            id="api-credential"
            value={credential.kind}
            onChange={(e) =>
              setCredential({ kind: e.target.value as ApiCredential["kind"], value: "" })
            }
            className="block h-10 rounded-md border border-input bg-background px-3 text-sm"
          >
            <option value="session">This session</option>
            <option value="api-key">An API key (x-api-key)</option>
            <option value="bearer">A service token (Bearer)</option>
          </select>
        </div>
        {credential.kind !== "session" && (
          <div className="space-y-1">
            <Label htmlFor="api-secret">
              {credential.kind === "api-key" ? "API key" : "Service token"}
            </Label>
            <Input
              id="api-secret"
              type="password"
              value={credential.value}
              onChange={(e) => setCredential({ ...credential, value: e.target.value.trim() })}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        )}
      </div>
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
