import { authContext } from "~/accounts/index.server";
import type { Route } from "./+types/jwks";

// The public keys that sign the API's service tokens, for any JWT library to verify
// them with. Keys rotate rarely; a verifier may keep this answer for an hour.
export async function loader({ context }: Route.LoaderArgs) {
  const keys = await context.get(authContext).api.getJwks();
  return Response.json(keys, {
    headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" },
  });
}
