import { Link, useRevalidator } from "react-router";
import {
  type ActivityEntry,
  activityColour,
  activityCounters,
  activityLabel,
  activityLink,
} from "~/activity";
import { LocalTime } from "~/platform/dates/local-time";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { RefreshCw } from "~/platform/ui/icons";

/** The article or game page a view was about, as a link. */
function ActivityPage({ entry }: { entry: ActivityEntry }) {
  const page = activityLink(entry);
  if (!page) return null;
  return (
    <Link
      to={page.href}
      className="min-w-0 text-sm font-medium text-primary [overflow-wrap:anywhere] hover:underline"
    >
      {page.label}
    </Link>
  );
}

export function ActivityTab({ activity }: { activity: ActivityEntry[] }) {
  const revalidator = useRevalidator();
  const counters = activityCounters(activity);
  const tiles = [
    { label: "Total Activities", value: counters.total },
    { label: "Logins", value: counters.logins },
    { label: "News Views", value: counters.newsViews },
    { label: "Game Views", value: counters.gameViews },
  ];
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {tiles.map((tile) => (
          <Card key={tile.label}>
            <CardContent standalone>
              <dt className="text-sm text-muted-foreground">{tile.label}</dt>
              <dd className="mt-1 text-3xl font-bold" data-testid={`counter-${tile.label}`}>
                {tile.value}
              </dd>
            </CardContent>
          </Card>
        ))}
      </dl>
      <Card>
        <CardHeader row>
          <CardTitle asChild>
            <h2 className="text-lg">Recent Activity</h2>
          </CardTitle>
          <Button
            variant="outline"
            size="sm"
            onClick={() => revalidator.revalidate()}
            disabled={revalidator.state !== "idle"}
          >
            <RefreshCw
              aria-hidden="true"
              className={revalidator.state !== "idle" ? "animate-spin" : undefined}
            />
            Refresh
          </Button>
        </CardHeader>
        <CardContent>
          {activity.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">No activity yet</p>
          ) : (
            <ul className="divide-y" data-testid="recent-activity">
              {activity.map((entry) => (
                <li
                  key={entry.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-3"
                >
                  <span className="flex min-w-0 flex-wrap items-center gap-2">
                    <Badge className={activityColour(entry.activityType)}>
                      {activityLabel(entry.activityType)}
                    </Badge>
                    <ActivityPage entry={entry} />
                  </span>
                  <LocalTime
                    value={entry.createdAt}
                    format="detail"
                    className="text-sm text-muted-foreground"
                  />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
