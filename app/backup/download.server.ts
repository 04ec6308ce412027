import { Readable } from "node:stream";
import { getSessionUser } from "~/accounts/index.server";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { can } from "~/roles";
import type { BackupDestination } from "./backup-schema";
import { openArchive } from "./destinations.server";
import { findRun } from "./runs.server";

// A kept archive, to the owner alone (canManageBackups): others signed in get 403, the signed-out
// 401, and a backup that is not done, or whose archive is gone, is 404.

export async function backupDownload(request: Request, context: AppContext, id: string) {
  const user = await getSessionUser(request, context);
  if (!user) return new Response("Sign in to download a backup.", { status: 401 });
  const { db, env, storage } = context.get(runtimeContext);
  if (!can(user.role, "canManageBackups"))
    return new Response("Backups are for the owner.", { status: 403 });
  const run = await findRun(db, id);
  if (run?.state !== "done" || !run.location)
    return new Response("No such backup.", { status: 404 });
  const places = { dataDir: env.DATA_DIR, backupDir: env.BACKUP_DIR, storage };
  const archive = await openArchive(places, run.destination as BackupDestination, run.location);
  if (!archive) return new Response("The archive is no longer there.", { status: 404 });
  const name = run.location.split("/").at(-1);
  return new Response(Readable.toWeb(archive.stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(archive.size),
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
