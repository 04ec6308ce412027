import { runAdminAction } from "~/admin/admin-actions.server";
import { requireAdminTab } from "~/admin/admin-guard.server";
import { loadMessagesTab } from "~/admin/admin-loader.server";
import { ADMIN_LIST_PARAMS, freshAfterWrites } from "~/admin/admin-tabs";
import { MessagesTab } from "~/messages";
import type { Route } from "./+types/admin-messages";

// /admin/messages: the Contact Messages tab (docs/product.md#contact-messages-tab).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminTab(request, context, "messages");
  return loadMessagesTab(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, "messages");
}

/** Reloads the tab's list after its own writes only. */
export const shouldRevalidate = freshAfterWrites;

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { page, error, unread, filter } = loaderData;
  return (
    <MessagesTab
      messages={page.items}
      loadError={error}
      page={page}
      unread={unread}
      filter={filter}
      params={ADMIN_LIST_PARAMS.messages}
    />
  );
}
