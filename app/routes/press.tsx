import { GeneralErrorBoundary } from "~/layout/error-boundary";
import { pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { requestTime } from "~/platform/server/faults.server";
import { PressKitErrorBoundary, StudioKitPage } from "~/press";
import { logosWithQuery, readStudioKitPage, requireOpenKit } from "~/press/index.server";
import { siteFrom } from "~/settings";
import { readPageSettings } from "~/settings/index.server";
import type { Route } from "./+types/press";

// /press: the studio's press kit (docs/product.md#press-kit).

export async function loader({ request, context }: Route.LoaderArgs) {
  const { kit, query } = await requireOpenKit(request, context, null, { page: true });
  const page = await readStudioKitPage(context.get(runtimeContext), requestTime(request, context), {
    kit,
    settings: await readPageSettings(request, context),
  });
  return {
    studio: page.studio,
    kit: { data: page.kit.data },
    logos: logosWithQuery(page.logos, query),
    hasImages: page.pictures.length > 0,
    games: page.games,
    query,
  };
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const { siteUrl, siteName, siteImage } = siteFrom(matches);
  return pageMeta({
    title: "Press kit",
    description:
      page?.studio.description || `Facts, logos and contacts of ${siteName} for the press.`,
    path: "/press",
    siteUrl,
    siteName,
    siteImage,
  });
};

export default function Press({ loaderData }: Route.ComponentProps) {
  const { studio, kit, logos, games, hasImages, query } = loaderData;
  return (
    <article className="page-width py-14">
      <StudioKitPage
        studio={studio}
        kit={kit.data}
        logos={logos}
        games={games}
        hasImages={hasImages}
        query={query}
      />
    </article>
  );
}

// A kit under embargo says until when and whom to ask; anything else is the site's error page.
export function ErrorBoundary() {
  return <PressKitErrorBoundary fallback={<GeneralErrorBoundary />} />;
}
