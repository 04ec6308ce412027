import { handleApi } from "~/api/api.server";
import { openApiDocument } from "~/api/openapi.server";
import { runtimeContext } from "~/platform/server/context.server";
import type { Route } from "./+types/api-v1";

// The REST API v1 (/api/v1/*) and its OpenAPI document. The endpoints are the features' own, composed in app/api/api.server.ts.
function answer({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const path = params["*"] ?? "";
  if (path === "openapi.json" && request.method === "GET") {
    return Response.json(openApiDocument(context.get(runtimeContext).env.SITE_URL));
  }
  return handleApi(request, context, path);
}

export const loader = (args: Route.LoaderArgs) => answer(args);
export const action = (args: Route.ActionArgs) => answer(args);
