import { runAdminAction } from "~/admin/admin-actions.server";
import { requireAdminTab } from "~/admin/admin-guard.server";
import { freshAfterWrites } from "~/admin/admin-tabs";
import { runtimeContext } from "~/platform/server/context.server";
import { requestTime } from "~/platform/server/faults.server";
import { PressTab } from "~/press";
import { loadPressTab } from "~/press/index.server";
import { can } from "~/roles";
import type { Route } from "./+types/admin-press";

// /admin/press: the press kits (docs/product.md#press-kit), for who may manage press.

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminTab(request, context, "press");
  const wanted = new URL(request.url).searchParams.get("kit");
  const tab = await loadPressTab(
    context.get(runtimeContext),
    wanted,
    requestTime(request, context),
  );
  // The import form offers a new game, and says it takes the game's fields, to who may change games.
  return { ...tab, gameFields: can(user.role, "canManageGames") };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, "press");
}

/** Reloads the kits after its own writes. */
export const shouldRevalidate = freshAfterWrites;

export default function AdminPress({ loaderData }: Route.ComponentProps) {
  return (
    <PressTab kits={loaderData.kits} open={loaderData.open} gameFields={loaderData.gameFields} />
  );
}
