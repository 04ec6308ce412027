import { useEffect } from "react";
import { useFetcher } from "react-router";
import { StudioTime } from "~/platform/dates/local-time";
import { failureMessage } from "~/platform/forms/fetcher-reply";
import { IntentForm } from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import { toast } from "~/platform/toast/notify";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { cn } from "~/platform/ui/cn";
import { Trash } from "~/platform/ui/icons";

// The admin's Subscribers tab (docs/product.md#newsletter-subscribing): who asked for mail and
// whether they confirmed. Only confirmed addresses that did not unsubscribe are sent to.

export type SubscriberRow = {
  id: string;
  email: string;
  status: "confirmed" | "unconfirmed" | "unsubscribed";
  lists: number;
  createdAt: string;
};

const STATUS = {
  confirmed: {
    label: "Confirmed",
    className: "bg-green-600/15 text-green-800 dark:text-green-300",
  },
  unconfirmed: {
    label: "Unconfirmed",
    className: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
  },
  unsubscribed: { label: "Unsubscribed", className: "bg-muted text-muted-foreground" },
} as const;

const CELL = "px-2 py-2 sm:px-3";

export function SubscribersTab({ subscribers }: { subscribers: SubscriberRow[] }) {
  const confirmed = subscribers.filter((row) => row.status === "confirmed").length;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Subscribers</h2>
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {confirmed} confirmed of {subscribers.length}. Unconfirmed addresses receive nothing.
        </p>
      </CardHeader>
      <CardContent>
        {subscribers.length === 0 ? (
          <p className="text-sm text-muted-foreground">No subscribers yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="border-b text-muted-foreground">
              <tr>
                <th className={CELL}>Email</th>
                <th className={CELL}>Status</th>
                <th className={cn(CELL, "hidden sm:table-cell")}>Lists</th>
                <th className={cn(CELL, "hidden sm:table-cell")}>Since</th>
                <th className={CELL}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {subscribers.map((row) => (
                <tr key={row.id} className="border-b last:border-0" data-testid="subscriber-row">
                  <td className={cn(CELL, "[overflow-wrap:anywhere]")}>{row.email}</td>
                  <td className={CELL}>
                    <Badge className={STATUS[row.status].className}>
                      {STATUS[row.status].label}
                    </Badge>
                  </td>
                  <td className={cn(CELL, "hidden sm:table-cell")}>{row.lists}</td>
                  <td className={cn(CELL, "hidden sm:table-cell")}>
                    <StudioTime value={row.createdAt} format="list" />
                  </td>
                  <td className={cn(CELL, "text-right")}>
                    <EraseButton id={row.id} email={row.email} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

/** Erases an address on its owner's request (audited without the address). */
function EraseButton({ id, email }: { id: string; email: string }) {
  const fetcher = useFetcher<FormReply>();
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.status === "success") toast.success("Subscriber erased");
    else toast.error("Error", { description: failureMessage(fetcher.data) || "Failed to erase" });
  }, [fetcher.data]);
  return (
    <IntentForm fetcher={fetcher} intent="subscriber-delete" values={{ id }}>
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        aria-label={`Erase ${email}`}
        disabled={fetcher.state !== "idle"}
      >
        <Trash aria-hidden="true" />
      </Button>
    </IntentForm>
  );
}
