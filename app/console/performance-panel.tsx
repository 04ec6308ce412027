import { useEffect, useState } from "react";
import { connectionTier, heapShare, loadTimeTier, memoryTier } from "./tiers";

// The console's Performance tab (docs/product.md#performance-tab): this page's load and the browser's memory and connection.

type Metrics = {
  loadTime: number | null;
  memory: { percent: number; usedMb: number; limitMb: number } | null;
  connection: string | undefined;
  renderTime: number | null;
  domNodes: number;
};

/** Chromium's `performance.memory` (not a standard, so not in the DOM types), where there is one. */
function heapFigures(): { used: number; limit: number } | null {
  const memory: unknown = "memory" in performance ? performance.memory : undefined;
  if (typeof memory !== "object" || memory === null) return null;
  if (!("usedJSHeapSize" in memory && "jsHeapSizeLimit" in memory)) return null;
  const { usedJSHeapSize: used, jsHeapSizeLimit: limit } = memory;
  return typeof used === "number" && typeof limit === "number" ? { used, limit } : null;
}

/** The Network Information API's `navigator.connection.effectiveType`, where there is one. */
function connectionType(): string | undefined {
  const connection: unknown = "connection" in navigator ? navigator.connection : undefined;
  if (typeof connection !== "object" || connection === null) return undefined;
  if (!("effectiveType" in connection)) return undefined;
  return typeof connection.effectiveType === "string" ? connection.effectiveType : undefined;
}

/** Read from the browser's own APIs; 'Unknown' where a browser lacks one. */
export function PerformancePanel({ renderTime }: { renderTime: number | null }) {
  const [metrics, setMetrics] = useState<Metrics | null>(null);
  useEffect(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as
      | PerformanceNavigationTiming
      | undefined;
    const memory = heapFigures();
    setMetrics({
      loadTime: navigation
        ? Math.round(navigation.loadEventEnd || navigation.domContentLoadedEventEnd)
        : null,
      memory: memory ? heapShare(memory.used, memory.limit) : null,
      connection: connectionType(),
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
