import { data } from "react-router";
import { gamePreviewImage, gameStructuredData, shownGame } from "~/games";
import { GeneralErrorBoundary } from "~/layout/error-boundary";
import { summarize } from "~/news";
import { jsonLd, notFoundMeta, pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { useNonce } from "~/platform/server/nonce";
import { PressKitErrorBoundary, PressKitPage } from "~/press";
import { logosWithQuery, readGameKitPage, requireOpenKit } from "~/press/index.server";
import { KeyRequestForm } from "~/press-desk";
import { kitQuotes } from "~/press-desk/index.server";
import { siteFrom, useSite } from "~/settings";
import { readPageSettings } from "~/settings/index.server";
import type { Route } from "./+types/press-game";

// /press/<slug>: a game's press kit (docs/product.md#press-kit). A kit not yet public is the 404
// page for guests, opened by staff and by a signed link.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const page = await readGameKitPage(
    runtime,
    params.slug,
    await readPageSettings(request, context),
  );
  if (!page) throw data(null, { status: 404 });
  const { query } = await requireOpenKit(request, context, page.game.id, {
    page: true,
    kit: page.kit,
  });
  // Coverage staff chose to show (the key desk's log) follows the kit's own quotes.
  const coverage = await kitQuotes(runtime.db, page.game.id);
  const quotes = coverage.map((entry) => ({
    text: entry.quote,
    author: "",
    outlet: entry.outlet,
    link: entry.url,
  }));
  return {
    ...page,
    game: shownGame(page.game),
    kit: { data: { ...page.kit.data, quotes: [...page.kit.data.quotes, ...quotes] } },
    files: undefined,
    logos: logosWithQuery(page.logos, query),
    query,
    siteUrl: runtime.env.SITE_URL,
  };
}

export const meta: Route.MetaFunction = ({ data: page, matches, location }) => {
  const { siteUrl, siteName, siteImage } = siteFrom(matches);
  if (!page) {
    return notFoundMeta({ path: location.pathname, siteUrl, siteName, siteImage });
  }
  const { game, screenshots, keyArt } = page;
  return [
    ...pageMeta({
      title: `${game.title}: press kit`,
      description: summarize(game.description),
      path: `/press/${game.slug}`,
      siteUrl,
      siteName,
      siteImage,
      image: gamePreviewImage(game, screenshots, keyArt),
    }),
    // A kit opened before its time (a signed link) stays out of search engines.
    ...(page.query ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export default function PressGame({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  const site = useSite();
  const { game, html, screenshots, keyArt, kit, pictures, logos, studio, trailers, query } =
    loaderData;
  const structured = gameStructuredData(
    game,
    screenshots,
    loaderData.siteUrl,
    summarize(game.description),
    site.name,
    keyArt,
  );
  return (
    <article className="page-width py-14 print:max-w-none print:p-0">
      <script
        type="application/ld+json"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with '<' escaped
        dangerouslySetInnerHTML={{
          __html: jsonLd({
            ...structured,
            ...(kit.data.developer
              ? { author: { "@type": "Organization", name: kit.data.developer } }
              : {}),
            ...(kit.data.publisher
              ? { publisher: { "@type": "Organization", name: kit.data.publisher } }
              : {}),
            ...(kit.data.languages.length ? { inLanguage: kit.data.languages } : {}),
          }),
        }}
      />
      <PressKitPage
        game={game}
        kit={kit.data}
        html={html}
        screenshots={screenshots}
        keyArt={keyArt}
        pictures={pictures}
        logos={logos}
        studio={studio}
        trailers={trailers}
        query={query}
      />
      <section
        aria-labelledby="key-request-heading"
        className="mx-auto mt-16 max-w-2xl print:hidden"
      >
        <h2 id="key-request-heading" className="text-2xl font-bold tracking-tight">
          Request a review key
        </h2>
        <p className="mt-2 text-muted-foreground">
          For press and content creators: tell us who you write or stream for, and we answer by
          mail.
        </p>
        <div className="mt-6">
          <KeyRequestForm slug={game.slug} platforms={game.platforms} />
        </div>
      </section>
    </article>
  );
}

// A kit under embargo says until when and whom to ask; anything else is the site's error page.
export function ErrorBoundary() {
  return <PressKitErrorBoundary fallback={<GeneralErrorBoundary />} />;
}
