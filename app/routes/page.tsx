import { data } from "react-router";
import { getSessionUser } from "~/accounts/index.server";
import { PageView } from "~/pages";
import { readPage } from "~/pages/index.server";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { notFoundMeta, pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { NotFound } from "~/platform/ui/not-found";
import { can } from "~/roles";
import { siteFrom } from "~/settings";
import type { Route } from "./+types/page";

// /<slug>: one of the studio's own pages (docs/product.md#pages). Any other one-part address is the
// 404 page, as before pages existed; a draft is a 404 for all but the staff who write pages.

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, env } = context.get(runtimeContext);
  const found = await readPage(db, params.slug, env.SITE_URL);
  if (found && found.page.state === "draft") {
    const user = await getSessionUser(request, context);
    if (!user || !can(user.role, "canManageNews")) return data(null, { status: 404 });
  }
  return found ? found : data(null, { status: 404 });
}

// Only GET and HEAD reach a page; anything else is a 404, as on any unknown address.
export function action() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data: found, matches, location }) => {
  if (!found) return notFoundMeta({ path: location.pathname, ...siteFrom(matches) });
  const { page } = found;
  return [
    ...pageMeta({
      title: page.title,
      description: page.excerpt || page.title,
      path: `/${page.slug}`,
      ...siteFrom(matches),
    }),
    ...(page.state === "draft" ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
};

export default function StudioPage({ loaderData }: Route.ComponentProps) {
  return loaderData ? <PageView page={loaderData.page} html={loaderData.html} /> : <NotFound />;
}
