import { useEffect } from "react";
import { runAdminAction } from "~/admin/admin-actions.server";
import { requireAdminTab } from "~/admin/admin-guard.server";
import { loadPagesTab } from "~/admin/admin-loader.server";
import { freshAfterWrites } from "~/admin/admin-tabs";
import { PagesTab } from "~/pages";
import { toast } from "~/platform/toast/notify";
import type { Route } from "./+types/admin-pages";

// /admin/pages: the studio's own pages (docs/product.md#pages).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminTab(request, context, "pages");
  return loadPagesTab(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, "pages");
}

/** Reloads the list after its own writes only. */
export const shouldRevalidate = freshAfterWrites;

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const { pages, error, offerPrivacy } = loaderData;
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  return <PagesTab pages={pages} offerPrivacy={offerPrivacy} />;
}
