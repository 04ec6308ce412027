import { data } from "react-router";
import { notFoundMeta } from "~/platform/seo/meta";
import { NotFound } from "~/platform/ui/not-found";
import { siteFrom } from "~/settings";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

// Only GET and HEAD reach here normally; anything else on an unknown path is a 404 too.
export function action() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  notFoundMeta({ path: location.pathname, ...siteFrom(matches) });

export default function NotFoundRoute() {
  return <NotFound />;
}
