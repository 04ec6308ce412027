import { StudioTime } from "~/platform/dates/local-time";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { cn } from "~/platform/ui/cn";
import { TriangleAlert } from "~/platform/ui/icons";
import { useDeskFetcher } from "./desk-fetcher";

export type KeyRequestRow = {
  id: string;
  game: string;
  name: string;
  outlet: string;
  outletUrl: string;
  audience: string;
  platform: string;
  message: string;
  email: string;
  status: string;
  date: string;
  flagged: boolean;
};

const STATUS_STYLE: Record<string, string> = {
  pending: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
  approved: "bg-green-600/15 text-green-800 dark:text-green-300",
  declined: "bg-muted text-muted-foreground",
};

/** The key requests, newest first, each flagged when its address is not at the outlet's domain. */
export function KeyRequestsList({
  requests,
  manage,
}: {
  requests: KeyRequestRow[];
  manage: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Key requests</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {requests.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">No key requests yet</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="key-requests">
            {requests.map((r) => (
              <KeyRequestItem key={r.id} request={r} manage={manage} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function KeyRequestItem({ request: r, manage }: { request: KeyRequestRow; manage: boolean }) {
  const fetcher = useDeskFetcher(`key-request-${r.id}`);
  const busy = fetcher.state !== "idle";
  return (
    <li className="space-y-2 p-3 text-sm" data-testid="key-request">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{r.name}</span>
        <span className="text-muted-foreground">·</span>
        <a
          href={r.outletUrl}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="underline [overflow-wrap:anywhere]"
        >
          {r.outlet}
        </a>
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-medium capitalize",
            STATUS_STYLE[r.status],
          )}
        >
          {r.status}
        </span>
        {r.flagged && (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-destructive/15 px-2 py-0.5 text-xs font-medium text-destructive"
            title="The sender's e-mail domain is not the outlet URL's domain"
          >
            <TriangleAlert aria-hidden="true" className="size-3" />
            Domain mismatch
          </span>
        )}
      </div>
      <p className="text-muted-foreground [overflow-wrap:anywhere]">
        {r.game} · {r.platform} · {r.email} · {r.audience} ·{" "}
        <StudioTime value={r.date} format="list" />
      </p>
      {r.message && <p className="whitespace-pre-line [overflow-wrap:anywhere]">{r.message}</p>}
      {manage && r.status === "pending" && (
        <fetcher.Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="requestId" value={r.id} />
          <Button type="submit" name="intent" value="send" size="sm" disabled={busy}>
            Send key
          </Button>
          <Button
            type="submit"
            name="intent"
            value="decline"
            size="sm"
            variant="outline"
            disabled={busy}
          >
            Decline
          </Button>
        </fetcher.Form>
      )}
    </li>
  );
}
