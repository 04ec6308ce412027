import fs from "node:fs";
import path from "node:path";
import { backupRuns } from "../../app/db/schema";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import * as download from "../../app/routes/backup-download";
import {
  type Cell,
  describeMatrix,
  type Expect,
  forbidden,
  ok,
  toAuth,
  toAuthAndBack,
  toMessages,
} from "../support/access-matrix";
import { request } from "../support/accounts";
import { adminLoader, adminAction as callAdminAction } from "../support/admin";

// The role matrix, continued (tests/support/access-matrix.ts): the owner's Backups tab, its two
// intents and the archive's download (docs/deployment.md#scheduled-backups).

/** A finished backup whose archive is a small file in the runtime's DATA_DIR. */
async function doneRun(context: AppContext): Promise<string> {
  const { db, env } = context.get(runtimeContext);
  const file = path.join(env.DATA_DIR, "backups", `matrix-${crypto.randomUUID()}.zip`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "PK archive bytes");
  const [run] = await db
    .insert(backupRuns)
    .values({
      slot: `manual-matrix-${crypto.randomUUID()}`,
      state: "done",
      destination: "folder",
      location: file,
      size: 16,
    })
    .returning();
  return run!.id;
}

const ownerOnly: Record<string, Expect> = {
  guest: toAuth,
  moderator: forbidden,
  admin: forbidden,
  developer: forbidden,
  owner: ok,
};

const MATRIX: Cell[] = [
  {
    name: "GET /admin/backups (loader)",
    call: (context, cookie) => adminLoader(context, "/admin/backups", cookie),
    expect: {
      "signed out": toAuthAndBack("/admin/backups"),
      guest: toAuth,
      moderator: toMessages,
      admin: toMessages,
      developer: toMessages,
      owner: ok,
    },
  },
  {
    name: "POST /admin/backups backup-schedule-save (action)",
    call: (context, cookie) =>
      callAdminAction(
        context,
        { intent: "backup-schedule-save", time: "04:30", keep: "5", destination: "folder" },
        cookie,
      ),
    expect: { "signed out": toAuthAndBack("/admin/backups"), ...ownerOnly } as Cell["expect"],
  },
  {
    name: "POST /admin/backups backup-now (action)",
    call: (context, cookie) => callAdminAction(context, { intent: "backup-now" }, cookie),
    expect: { "signed out": toAuthAndBack("/admin/backups"), ...ownerOnly } as Cell["expect"],
  },
  {
    // The archive holds every account: the owner alone downloads it.
    name: "GET /admin/backups/:id/download (loader)",
    call: async (context, cookie) => {
      const id = await doneRun(context);
      return download.loader({
        request: request(`/admin/backups/${id}/download`, { cookie }),
        context,
        params: { id },
      } as never);
    },
    expect: {
      "signed out": { status: 401 },
      guest: { status: 403 },
      moderator: { status: 403 },
      admin: { status: 403 },
      developer: { status: 403 },
      owner: ok,
    },
  },
];

describeMatrix("access matrix (backups)", MATRIX);
