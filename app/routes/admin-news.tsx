import { runAdminAction } from "~/admin/admin-actions.server";
import { requireAdminTab } from "~/admin/admin-guard.server";
import { loadNewsTab } from "~/admin/admin-loader.server";
import { ADMIN_LIST_PARAMS, freshAfterWrites } from "~/admin/admin-tabs";
import { NewsTab } from "~/news";
import type { Route } from "./+types/admin-news";

// /admin/news: the News Management tab (docs/product.md#news-management-tab).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminTab(request, context, "news");
  return loadNewsTab(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, "news");
}

/** Reloads the tab's list after its own writes only. */
export const shouldRevalidate = freshAfterWrites;

export default function AdminNews({ loaderData }: Route.ComponentProps) {
  const { page, error, search, state, filter, covers, games, mailing } = loaderData;
  return (
    <NewsTab
      news={page.items}
      loadError={error}
      page={page}
      search={search}
      state={state}
      filter={filter}
      covers={covers}
      games={games}
      mailing={mailing}
      params={ADMIN_LIST_PARAMS.news}
    />
  );
}
