import { LayoutDashboard } from "lucide-react";
import { requirePermission } from "~/accounts/session.server";
import { permissionsOf, ROLE_LABELS } from "~/roles/permissions";
import type { Route } from "./+types/admin";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, "canAccessAdmin");
  return { role: user.role, permissions: permissionsOf(user.role) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { role, permissions } = loaderData;
  const areas = [
    permissions.canManageMessages && "Contact Messages",
    permissions.canManageNews && "News Management",
    permissions.canManageGames && "Game Management",
  ].filter(Boolean) as string[];
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <header className="flex flex-wrap items-center gap-3">
        <LayoutDashboard aria-hidden="true" className="size-8 text-primary" />
        <h1 className="text-3xl font-black tracking-tight">Admin Dashboard</h1>
        <span className="rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
          Role: {ROLE_LABELS[role]}
        </span>
      </header>
      <p className="mt-6 text-muted-foreground">
        Your role gives you: {areas.join(", ")}. These tools are being built and arrive here soon.
      </p>
    </div>
  );
}
