import { requireAdminTab, requireStaff } from "~/admin/admin-guard.server";
import { freshAfterWrites } from "~/admin/admin-tabs";
import { AnnouncementsTab } from "~/announcements";
import { loadAnnouncements, runAnnouncementsAction } from "~/announcements/index.server";
import type { Route } from "./+types/admin-announcements";

// /admin/announcements: the hooks a post is announced to, their tests and the delivery log
// (docs/product.md#announcements), for canManageAnnouncements (admins and above). The action
// refuses other staff with 403 itself, whatever the page showed.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminTab(request, context, "announcements");
  return loadAnnouncements(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  return runAnnouncementsAction(request, context, user);
}

export const shouldRevalidate = freshAfterWrites;

export default function AdminAnnouncements({ loaderData, actionData }: Route.ComponentProps) {
  // Without JavaScript the hook form posts the page itself: its answer (a new secret) comes here.
  return <AnnouncementsTab {...loaderData} reply={actionData ?? undefined} />;
}
