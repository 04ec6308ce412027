import { backupDownload } from "~/backup/index.server";
import type { Route } from "./+types/backup-download";

/** A kept backup archive, to the owner alone (docs/deployment.md#scheduled-backups). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return backupDownload(request, context, params.id);
}
