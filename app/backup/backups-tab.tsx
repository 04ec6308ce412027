import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { LocalTime } from "~/platform/dates/local-time";
import { failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import { Field, FormErrors, SelectField, useSchemaForm } from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/platform/ui/card";
import { Archive, Download } from "~/platform/ui/icons";
import { Label } from "~/platform/ui/label";
import { Switch } from "~/platform/ui/switch";
import {
  type BackupRunView,
  BackupScheduleSchema,
  type BackupsAdminView,
  MAX_KEEP,
} from "./backup-schema";
import { BackupRestoreSteps } from "./restore-steps";
import { formatBytes } from "./sizes";

// The owner's Backups tab (docs/deployment.md#scheduled-backups): the schedule, Back up now, the
// list with a running backup's progress and a download for each kept archive, and how to restore.

export const BACKUP_SCHEDULE_INTENT = "backup-schedule-save";
export const BACKUP_NOW_INTENT = "backup-now";

function ScheduleForm({ schedule, timeZone, places }: BackupsAdminView) {
  const fetcher = useFetcherReply(BACKUP_SCHEDULE_INTENT, (reply) => {
    if (reply.status === "success") toast.success("Backup schedule saved");
    else toast.error("The schedule was not saved", { description: failureMessage(reply) });
  });
  const [form, fields] = useSchemaForm(BackupScheduleSchema, {
    id: "backup-schedule",
    lastResult: fetcher.data,
    defaultValue: { ...schedule, keep: String(schedule.keep), enabled: undefined },
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      id={form.id}
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={form.onSubmit}
    >
      <input type="hidden" name="intent" value={BACKUP_SCHEDULE_INTENT} />
      <FormErrors errors={form.errors} />
      <div className="flex items-center justify-between gap-4">
        <div className="space-y-1">
          <Label htmlFor="backup-enabled">Back up every day</Label>
          <p id="backup-enabled-hint" className="text-xs text-muted-foreground">
            One backup a day, at the time below.
          </p>
        </div>
        <Switch
          id="backup-enabled"
          name="enabled"
          defaultChecked={schedule.enabled}
          aria-describedby="backup-enabled-hint"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          meta={fields.time}
          label="Time"
          type="time"
          hint={`In the studio's zone, ${timeZone}.`}
        />
        <Field
          meta={fields.keep}
          label="Backups to keep"
          type="number"
          min={1}
          max={MAX_KEEP}
          hint={`The newest 1 to ${MAX_KEEP}; older archives are deleted.`}
        />
      </div>
      <SelectField
        meta={fields.destination}
        label="Where archives go"
        options={[
          { value: "folder", label: "A folder on the server" },
          { value: "storage", label: "The file storage" },
        ]}
      />
      <dl className="grid gap-x-3 gap-y-1 text-xs text-muted-foreground sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">The folder</dt>
        <dd className="font-mono [overflow-wrap:anywhere]">{places.folder}</dd>
        <dt className="font-medium">The file storage</dt>
        <dd className="font-mono [overflow-wrap:anywhere]">{places.storage}</dd>
      </dl>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save schedule"}
      </Button>
    </fetcher.Form>
  );
}

function BackUpNow({ running }: { running: boolean }) {
  const fetcher = useFetcherReply(BACKUP_NOW_INTENT, (reply) => {
    if (reply.status === "success")
      toast.success("Backup queued", { description: "It starts within a minute." });
    else toast.error("No backup was started", { description: failureMessage(reply) });
  });
  const busy = fetcher.state !== "idle" || running;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={BACKUP_NOW_INTENT} />
      <Button type="submit" variant="outline" disabled={busy} data-testid="backup-now">
        <Archive aria-hidden="true" />
        {running ? "A backup is running" : "Back up now"}
      </Button>
    </fetcher.Form>
  );
}

const STATE_CLASSES: Record<BackupRunView["state"], string> = {
  queued: "bg-muted text-foreground",
  running: "bg-sky-500/15 text-sky-800 dark:text-sky-300",
  done: "bg-green-600/15 text-green-800 dark:text-green-300",
  failed: "bg-destructive/15 text-destructive",
};

function Progress({ run }: { run: BackupRunView }) {
  const progress = run.progress;
  if (!progress) return <span className="text-muted-foreground">Starting…</span>;
  const total = Math.max(progress.bytesTotal, progress.bytesDone);
  const percent = total > 0 ? Math.floor((progress.bytesDone / total) * 100) : 0;
  return (
    <div className="space-y-1">
      <progress
        className="h-2 w-full max-w-48 accent-primary"
        max={100}
        value={percent}
        aria-label="Backup progress"
      />
      <span className="block text-xs text-muted-foreground">
        {percent}%: tables {progress.tablesDone}/{progress.tablesTotal}, files {progress.filesDone}/
        {progress.filesTotal}, {formatBytes(progress.bytesDone)} of {formatBytes(total)}
      </span>
    </div>
  );
}

function Result({ run }: { run: BackupRunView }) {
  if (run.state === "running") return <Progress run={run} />;
  if (run.state === "queued") return <span className="text-muted-foreground">Waiting</span>;
  if (run.state === "failed")
    return <span className="text-destructive [overflow-wrap:anywhere]">{run.error}</span>;
  return (
    <a
      href={`/admin/backups/${run.id}/download`}
      download
      className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
    >
      <Download aria-hidden="true" className="size-4" />
      Download<span className="sr-only"> {run.name}</span>
    </a>
  );
}

function RunList({ runs }: { runs: BackupRunView[] }) {
  if (runs.length === 0) return <p className="text-sm text-muted-foreground">No backups yet.</p>;
  return (
    <table className="w-full text-left text-sm" data-testid="backup-list">
      <thead className="text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            Started
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            State
          </th>
          <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
            Size
          </th>
          <th scope="col" className="py-2 font-medium">
            Result
          </th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {runs.map((run) => (
          <tr key={run.id} className="align-top" data-testid="backup-row">
            <td className="py-2 pr-3">
              <LocalTime value={run.createdAt} format="detail" />
              <span className="block text-xs text-muted-foreground">
                {run.kind === "manual" ? "Asked for" : "Scheduled"}, {run.destination}
                {run.size !== null && <span className="sm:hidden">, {formatBytes(run.size)}</span>}
              </span>
            </td>
            <td className="py-2 pr-3">
              <Badge className={STATE_CLASSES[run.state]}>{run.state}</Badge>
            </td>
            <td className="hidden py-2 pr-3 sm:table-cell">
              {run.size === null ? "—" : formatBytes(run.size)}
            </td>
            <td className="py-2">
              <Result run={run} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** While a backup waits or runs, the list is read again every few seconds. */
function useFollowRunning(running: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [running, revalidator]);
}

export function BackupsAdminTab(view: BackupsAdminView) {
  const running = view.runs.some((run) => run.state === "running" || run.state === "queued");
  useFollowRunning(running);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="flex items-center gap-2 text-lg">
              <Archive aria-hidden="true" className="size-5 text-primary" />
              Backup schedule
            </h2>
          </CardTitle>
          <CardDescription>
            An archive holds every account, post and stored file of the site (not the secret). Keep
            copies somewhere else than this server.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ScheduleForm {...view} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader row className="flex-wrap">
          <div className="space-y-1.5">
            <CardTitle asChild>
              <h2 className="text-lg">Backups taken</h2>
            </CardTitle>
            <CardDescription>The latest 30, newest first.</CardDescription>
          </div>
          <BackUpNow running={running} />
        </CardHeader>
        <CardContent>
          <RunList runs={view.runs} />
        </CardContent>
      </Card>
      <BackupRestoreSteps embedded={view.embedded} />
    </div>
  );
}
