import { answerKeyRequestForm } from "~/press-desk/index.server";
import type { Route } from "./+types/press-key-request";

// POST /press/:slug/key-request: the key request form of a game's press page (action only;
// docs/product.md#key-desk).

export async function action({ request, context, params }: Route.ActionArgs) {
  return answerKeyRequestForm(request, context, params.slug);
}
