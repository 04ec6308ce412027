import { useCallback, useEffect, useState } from "react";
import { toast } from "~/platform/toast/notify";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Activity, Database, ExternalLink, Pencil, RefreshCw, Save, X } from "~/platform/ui/icons";
import { Textarea } from "~/platform/ui/input";
import { apiErrorMessage, callApi } from "./console-api";
import type { Health, HealthStatus, TeamMember, Work } from "./console-schemas";
import { healthFailed } from "./health-check";
import { relativeTime } from "./relative-time";

export const HEALTH_POLL_MS = 30_000;

const STATUS_COLOURS: Record<HealthStatus, string> = {
  healthy: "tone-green",
  warning: "tone-yellow",
  error: "tone-red",
};

function PanelTitle({ children }: { children: React.ReactNode }) {
  return (
    <CardTitle asChild>
      <h3 className="text-base">{children}</h3>
    </CardTitle>
  );
}

export function MyWorkCard() {
  const [work, setWork] = useState<Work | null>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [saving, setSaving] = useState(false);
  const load = useCallback(async () => {
    try {
      const result = await callApi<Work>("GET", "developer_work/me");
      if (!result.ok) throw new Error(apiErrorMessage(result.data, ""));
      setWork(result.data);
    } catch {
      toast.error("Failed to fetch current work status");
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  async function save() {
    setSaving(true);
    try {
      const result = await callApi<Work>("PUT", "developer_work/me", {
        current_task: draft.trim() === "" ? null : draft.trim(),
      });
      if (!result.ok) throw new Error(apiErrorMessage(result.data, "Failed to save work status"));
      setWork(result.data);
      setEditing(false);
      toast.success("Work status updated", {
        description: "Your current task has been saved successfully.",
      });
    } catch (error) {
      toast.error("Failed to save work status", { description: (error as Error).message });
    } finally {
      setSaving(false);
    }
  }
  return (
    <Card>
      <CardHeader row>
        <PanelTitle>My Current Work</PanelTitle>
        {!editing && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setDraft(work?.currentTask ?? "");
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        {editing ? (
          <>
            <Textarea
              aria-label="Current task"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              rows={3}
              maxLength={500}
            />
            <div className="flex gap-2">
              <Button size="sm" onClick={save} disabled={saving}>
                <Save aria-hidden="true" />
                Save
              </Button>
              <Button size="sm" variant="outline" onClick={() => setEditing(false)}>
                <X aria-hidden="true" />
                Cancel
              </Button>
            </div>
          </>
        ) : work?.currentTask ? (
          <>
            <p data-testid="current-task">{work.currentTask}</p>
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <Badge className="tone-green">{work.status}</Badge>
              {work.updatedAt && `Updated ${relativeTime(work.updatedAt)}`}
            </p>
          </>
        ) : (
          <div className="text-sm text-muted-foreground">
            <p className="font-medium text-foreground">No current task set</p>
            <p>Click Edit to add what you're working on</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function HealthCard() {
  const [health, setHealth] = useState<Health | null>(null);
  const check = useCallback(async () => {
    try {
      const result = await callApi<Health>("GET", "health");
      if (!result.ok) throw new Error();
      setHealth(result.data);
      if (healthFailed(result.data)) throw new Error();
    } catch {
      toast.error("Health Check Failed", {
        description: "Some services may be experiencing issues",
      });
    }
  }, []);
  useEffect(() => {
    void check();
    // Polled every 30 s while the console is open and the page visible
    // (docs/product.md#overview-tab).
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void check();
    }, HEALTH_POLL_MS);
    return () => clearInterval(timer);
  }, [check]);
  return (
    <Card>
      <CardHeader row>
        <PanelTitle>System Health</PanelTitle>
        <Activity aria-hidden="true" className="size-5 text-primary" />
      </CardHeader>
      <CardContent>
        {!health ? (
          <p className="text-sm text-muted-foreground">Checking...</p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 text-sm" data-testid="health">
            <dt>Database</dt>
            <dd>
              <Badge className={STATUS_COLOURS[health.database]}>{health.database}</Badge>
            </dd>
            <dt>Auth</dt>
            <dd>
              <Badge className={STATUS_COLOURS[health.auth]}>{health.auth}</Badge>
            </dd>
            <dt>Users</dt>
            <dd>{health.userCount}</dd>
            <dt>Response time</dt>
            <dd>{health.responseTimeMs} ms</dd>
            <dt>Last activity</dt>
            <dd>{health.lastActivity ? relativeTime(health.lastActivity) : "No activity yet"}</dd>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

const ROLE_DESCRIPTIONS = {
  owner: "Has full system access and control",
  developer: "Can manage games, news, and messages",
} as const;

export function TeamPanel() {
  const [team, setTeam] = useState<TeamMember[] | null>(null);
  useEffect(() => {
    callApi<{ data: TeamMember[] }>("GET", "team")
      .then((result) => {
        if (!result.ok) throw new Error();
        setTeam(result.data.data);
      })
      .catch(() => {
        setTeam([]);
        toast.error("Error", { description: "Failed to fetch developer information" });
      });
  }, []);
  if (!team) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (team.length === 0)
    return <p className="py-8 text-center text-muted-foreground">No developers found</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="team">
      {team.map((member) => (
        <li key={member.userId}>
          <Card>
            <CardContent standalone className="space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{member.email}</span>
                <Badge className="bg-primary text-primary-foreground">{member.role}</Badge>
                <Badge className="tone-green">Active</Badge>
              </div>
              <p className="text-sm">{member.currentTask ?? "No current task assigned"}</p>
              <p className="text-xs text-muted-foreground">{ROLE_DESCRIPTIONS[member.role]}</p>
              {/* A member who never saved any work has no time to show. */}
              {member.updatedAt && (
                <p className="text-xs text-muted-foreground">{relativeTime(member.updatedAt)}</p>
              )}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

type TableCount = { table: string; count: number; failed: boolean };

export function DatabasePanel() {
  const [counts, setCounts] = useState<TableCount[] | null>(null);
  const load = useCallback(async () => {
    try {
      const result = await callApi<{ data: TableCount[] }>("GET", "stats");
      if (!result.ok) throw new Error();
      setCounts(result.data.data);
    } catch {
      toast.error("Failed to fetch database statistics");
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h3 className="flex items-center gap-2 font-semibold">
          <Database aria-hidden="true" className="size-5 text-primary" />
          Database Monitor
        </h3>
        <Button size="sm" variant="outline" onClick={() => void load()}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="db-tiles">
        {(counts ?? []).map((tile) => (
          <li key={tile.table} className="rounded-lg border p-3">
            <p className="font-mono text-xs text-muted-foreground">{tile.table}</p>
            <p className="text-2xl font-bold">{tile.count}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function StaffLinks({ isOwner }: { isOwner: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href="/admin" target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden="true" />
          Admin Panel
        </a>
      </Button>
      {isOwner && (
        <Button asChild variant="outline" size="sm">
          <a href="/role-management" target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Role Management
          </a>
        </Button>
      )}
    </div>
  );
}
