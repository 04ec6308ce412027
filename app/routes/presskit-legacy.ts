import { redirect } from "react-router";
import type { Route } from "./+types/presskit-legacy";

// presskit()'s old addresses (docs/product.md#press-kit): /presskit, /presskit/<slug>,
// sheet.php?p=<slug> and /presskit/sheet.php?p=<slug>, for good to the new ones.

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const named = url.pathname.endsWith("sheet.php")
    ? url.searchParams.get("p")
    : url.pathname.replace(/^\/presskit\/?/, "").replace(/\/(index\.php)?$/, "");
  const slug = named?.toLowerCase() ?? "";
  throw redirect(SLUG.test(slug) ? `/press/${slug}` : "/press", 301);
}
