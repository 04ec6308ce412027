import { getSessionUser } from "~/accounts/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import { exportAccountData } from "~/profiles/index.server";
import type { Route } from "./+types/profile-export";

/** Downloads everything the site keeps about the signed-in account, as JSON. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (!user)
    return Response.json({ error: "Please sign in to download your data." }, { status: 401 });
  const exported = await exportAccountData(context.get(runtimeContext).db, user.id);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="studio-account-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
