import type { ShouldRevalidateFunctionArgs } from "react-router";
import { requirePermission } from "~/accounts/index.server";
import { runAdminAction } from "~/admin/admin-actions.server";
import { AdminDashboard } from "~/admin/admin-dashboard";
import { loadAdmin } from "~/admin/admin-loader.server";
import { onlyTabChanged } from "~/admin/admin-tabs";
import { readForm } from "~/platform/forms/read-form.server";
import type { Route } from "./+types/admin";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "canAccessAdmin");
  return loadAdmin(request, context, user);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "canAccessAdmin");
  return runAdminAction(request, context, user, await readForm(request));
}

// Fresh lists after every admin write, failed ones included: React Router skips the reload after a
// 4xx/5xx answer by default, which would leave a refused change (e.g. a new game order) on screen
// instead of the server's truth (docs/product.md#news-management-tab). Choosing a tab only writes
// it into the address: the lists on screen stay.
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return true;
  if (onlyTabChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

export default function Admin({ loaderData }: Route.ComponentProps) {
  return <AdminDashboard {...loaderData} />;
}
