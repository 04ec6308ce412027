import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/platform/ui/card";

// Restore is a command-line step (docs/deployment.md#restoring): the tab says how, never does it.

const code = "rounded bg-muted px-1 py-0.5 font-mono text-xs [overflow-wrap:anywhere]";

export function BackupRestoreSteps({ embedded }: { embedded: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Restoring</h2>
        </CardTitle>
        <CardDescription>
          Restore is done on the server's command line, never from here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>Download the archive, or find it in the folder or storage shown above.</li>
          <li>
            Stop the site{embedded ? "" : " (every process), or put it in maintenance"}: a restore
            replaces every row and file.
          </li>
          <li>
            On the server, with the site's configuration:{" "}
            <code className={code}>npx studio backup restore ARCHIVE --replace</code> (
            <code className={code}>--replace</code> backs up what it replaces first).
          </li>
          <li>Start the site again, and sign in.</li>
        </ol>
      </CardContent>
    </Card>
  );
}
