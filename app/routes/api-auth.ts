import type { Route } from "./+types/api-auth";

// The auth library's HTTP endpoints (/api/auth/*): sign-in, sign-up, sessions, two-factor, etc.
export function loader({ request, context }: Route.LoaderArgs) {
  return context.runtime.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return context.runtime.auth.handler(request);
}
