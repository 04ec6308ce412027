import { StudioTime, useStudioZoneName } from "~/platform/dates/local-time";
import { Badge } from "~/platform/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { cn } from "~/platform/ui/cn";
import type { DeliveryView } from "./announcement-views";

// The Announcements tab's delivery log: the latest calls, newest first.

const CELL = "px-2 py-2 align-top sm:px-3";

const OUTCOME = {
  ok: { label: "Delivered", className: "bg-green-600/15 text-green-800 dark:text-green-300" },
  retry: { label: "Retrying", className: "bg-amber-500/15 text-amber-800 dark:text-amber-300" },
  failed: { label: "Failed", className: "bg-destructive/15 text-destructive" },
} as const;

export function DeliveryLog({ deliveries }: { deliveries: DeliveryView[] }) {
  const zone = useStudioZoneName();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Delivery log</h2>
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {deliveries.length === 1 ? "The latest call." : `The latest ${deliveries.length} calls.`}{" "}
          Times in the studio's time zone ({zone}).
        </p>
      </CardHeader>
      <CardContent>
        {deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing sent yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b text-muted-foreground">
                <tr>
                  <th className={CELL}>Hook</th>
                  <th className={CELL}>Post</th>
                  <th className={CELL}>Action</th>
                  <th className={CELL}>Status</th>
                  <th className={cn(CELL, "hidden sm:table-cell")}>Attempt</th>
                  <th className={cn(CELL, "hidden md:table-cell")}>Next retry</th>
                  <th className={cn(CELL, "hidden sm:table-cell")}>Time</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((row) => (
                  <tr key={row.id} className="border-b last:border-0" data-testid="delivery-row">
                    <td className={cn(CELL, "[overflow-wrap:anywhere]")}>{row.hookLabel ?? "—"}</td>
                    <td className={cn(CELL, "[overflow-wrap:anywhere]")}>
                      {row.action === "test" ? "Test" : (row.postTitle ?? "A deleted post")}
                    </td>
                    <td className={CELL}>{row.action}</td>
                    <td className={CELL}>
                      <Badge className={OUTCOME[row.outcome as keyof typeof OUTCOME]?.className}>
                        {row.statusCode ?? "No answer"}
                      </Badge>
                      <span className="sr-only">
                        {" "}
                        {OUTCOME[row.outcome as keyof typeof OUTCOME]?.label}
                      </span>
                      {row.error && (
                        <p className="mt-1 text-xs text-muted-foreground [overflow-wrap:anywhere]">
                          {row.error}
                        </p>
                      )}
                    </td>
                    <td className={cn(CELL, "hidden sm:table-cell")}>{row.attempt}</td>
                    <td className={cn(CELL, "hidden md:table-cell")}>
                      {row.nextRetryAt ? (
                        <StudioTime value={row.nextRetryAt} format="detail" />
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className={cn(CELL, "hidden sm:table-cell")}>
                      <StudioTime value={row.at} format="detail" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
