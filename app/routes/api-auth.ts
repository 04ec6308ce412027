import { authContext } from "~/accounts/index.server";
import type { Route } from "./+types/api-auth";

// The auth library's HTTP endpoints (/api/auth/*): sign-in, sign-up, sessions, two-factor, etc.
export function loader({ request, context }: Route.LoaderArgs) {
  return context.get(authContext).handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return context.get(authContext).handler(request);
}
