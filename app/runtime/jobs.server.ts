import { announcementQueues } from "~/announcements/index.server";
import { backupQueues } from "~/backup/index.server";
import { newsletterQueues } from "~/newsletter/index.server";
import type { QueueDefinition } from "~/platform/jobs/jobs.server";
import type { Services } from "~/platform/server/context.server";

/**
 * Every queue the processes work, with its handler bound to the runtime's services. A feature
 * exports a function that makes its definitions (newsletter, announcements, backups) and is listed here.
 */
export function queueDefinitions(
  services: Services,
  release: { migrationsFolder?: string } = {},
): QueueDefinition<unknown>[] {
  return [
    ...newsletterQueues(services),
    ...(announcementQueues(services) as QueueDefinition<unknown>[]),
    ...(backupQueues({ ...services, ...release }) as QueueDefinition<unknown>[]),
  ];
}
