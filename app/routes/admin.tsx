import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { requirePermission } from "~/accounts/index.server";
import { runAdminAction } from "~/admin/admin-actions.server";
import { AdminDashboard } from "~/admin/admin-dashboard";
import { listGames } from "~/games/index.server";
import { listMessages } from "~/messages/index.server";
import { listNews } from "~/news/index.server";
import { readForm } from "~/platform/forms/read-form.server";
import { permissionsOf } from "~/roles";
import type { Route } from "./+types/admin";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "canAccessAdmin");
  const { db, logger } = context.runtime;
  const permissions = permissionsOf(user.role);
  // Each list loads only when the role may manage it, and one failing list does not hide the others.
  const load = async <T,>(allowed: boolean, what: string, run: () => Promise<T[]>) => {
    if (!allowed) return { items: null, error: null };
    try {
      return { items: await run(), error: null };
    } catch (error) {
      logger.error({ err: error }, `admin: ${what} failed to load`);
      return { items: [] as T[], error: `Failed to load ${what}` };
    }
  };
  const [messages, news, games] = await Promise.all([
    load(permissions.canManageMessages, "messages", () => listMessages(db)),
    load(permissions.canManageNews, "news", () => listNews(db)),
    load(permissions.canManageGames, "games", () => listGames(db)),
  ]);
  return { role: user.role, permissions, messages, news, games };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, "canAccessAdmin");
  const result = await runAdminAction(request, context, user, await readForm(request));
  return data(result, result.ok ? 200 : result.status);
}

// Fresh lists after every admin write, failed ones included: React Router skips the reload after a
// 4xx/5xx answer by default, which would leave a refused change (e.g. a new game order) on screen
// instead of the server's truth (docs/product.md#news-management-tab).
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod.toUpperCase() !== "GET" ? true : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

export default function Admin({ loaderData }: Route.ComponentProps) {
  return <AdminDashboard {...loaderData} />;
}
