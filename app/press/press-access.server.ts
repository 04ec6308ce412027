import { data } from "react-router";
import { getSessionUser } from "~/accounts/index.server";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { requestTime } from "~/platform/server/faults.server";
import { can } from "~/roles";
import { type Kit, kitIsPublic, kitOpens, readKit } from "./press.server";

// Who may open a kit now (docs/product.md#press-kit): anyone when it is listed and past its
// embargo; before that, staff who manage press and whoever holds a signed link that has not expired.
// Everyone else gets the 404 page: the kit does not exist for them yet.

/**
 * The kit of a game (null: the studio's) when this request may open it, with the signed link's
 * query to carry to its downloads; otherwise a thrown 404.
 */
export async function requireOpenKit(
  request: Request,
  context: AppContext,
  gameId: string | null,
): Promise<{ kit: Kit; query: string }> {
  const runtime = context.get(runtimeContext);
  const kit = await readKit(runtime.db, gameId);
  const now = requestTime(request, context);
  if (kitIsPublic(kit, now)) return { kit, query: "" };
  const url = new URL(request.url);
  const user = await getSessionUser(request, context);
  const opens = kitOpens(kit, {
    query: url.searchParams,
    canManagePress: Boolean(user && can(user.role, "canManagePress")),
    secret: runtime.env.AUTH_SECRET,
    now,
  });
  if (!opens) throw data(null, { status: 404 });
  const signed = url.searchParams.get("signature")
    ? `?expires=${encodeURIComponent(url.searchParams.get("expires") ?? "")}&signature=${encodeURIComponent(url.searchParams.get("signature") ?? "")}`
    : "";
  return { kit, query: signed };
}
