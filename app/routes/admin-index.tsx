import { adminEntry } from "~/admin/admin-guard.server";
import type { Route } from "./+types/admin-index";

// `/admin`: the first tab the role may open (or, for an old `/admin?tab=news` link, that tab).

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminEntry(request, context);
}

export default function AdminIndex() {
  return null;
}
