import type * as React from "react";
import { lazy, Suspense, useSyncExternalStore } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { getSessionUser } from "~/accounts/index.server";
import type { Database } from "~/db/database.server";
import { countGames } from "~/games/index.server";
import { GeneralErrorBoundary } from "~/layout/error-boundary";
import { SiteFooter } from "~/layout/site-footer";
import { SiteHeader } from "~/layout/site-header";
import { countNews } from "~/news/index.server";
import { hasPage, navigationPages } from "~/pages/index.server";
import { StudioTimeZoneProvider } from "~/platform/dates/local-time";
import { useQuietInterruptions } from "~/platform/errors/interrupted-requests";
import { runtimeContext } from "~/platform/server/context.server";
import { useNonce } from "~/platform/server/nonce";
import { sharePageReads } from "~/platform/server/page-reads.server";
import { refuseOversizedBody } from "~/platform/server/request-limits.server";
import { type Theme, themeScript, useAccountTheme, useTheme } from "~/platform/theme/theme";
import { toasterWanted } from "~/platform/toast/notify";
import { readToast } from "~/platform/toast/toast.server";
import { useRedirectToast } from "~/platform/toast/use-toast";
import { Spinner } from "~/platform/ui/spinner";
import { permissionsOf } from "~/roles";
import {
  FRESH_NAVIGATION,
  FRESH_SITE,
  publicSite,
  SiteProvider,
  type SiteSettings,
  setupSteps,
  siteNavigation,
} from "~/settings";
import { readPageSettings } from "~/settings/index.server";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";

// A chunk that cannot load (an old tab after a deploy replaced the files) leaves the page without
// toasts instead of breaking it.
const Toaster = lazy(() =>
  import("~/platform/toast/toaster").catch(() => ({
    default: (_: { theme: Theme }) => null,
  })),
);

// A page's loaders share their reads of the viewer and the settings (one each per request).
export const middleware: Route.MiddlewareFunction[] = [refuseOversizedBody, sharePageReads];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = context.get(runtimeContext);
  // The site settings are read for every request: a save shows at once, on every process.
  const [user, pending, settings, pages] = await Promise.all([
    getSessionUser(request, context),
    readToast(request, env.AUTH_SECRET),
    readPageSettings(request, context),
    navigationPages(db),
  ]);
  const setup = user?.role === "owner" ? await ownerSetup(db, settings) : null;
  // Only these values reach the browser.
  return data(
    {
      siteUrl: env.SITE_URL,
      studioTimeZone: settings.timeZone || env.STUDIO_TIME_ZONE,
      site: publicSite(settings),
      setup,
      year: new Date().getFullYear(),
      user: user
        ? {
            email: user.email,
            role: user.role,
            permissions: permissionsOf(user.role),
            displayName: user.displayName,
            avatarUrl: user.avatarUrl,
            themePreference: user.themePreference,
          }
        : null,
      toast: pending.toast,
      // The header's and the footer's links (docs/product.md#navigation).
      navigation: siteNavigation(settings.navigation, pages),
    },
    pending.headers ? { headers: pending.headers } : undefined,
  );
}

// The stylesheet as React Router documents it (a `?url` import in `links`), with a precedence, so
// React puts it first in <head>, before the scripts' module preloads: the browser asks for it
// before them, and first paint no longer waits behind them.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss, precedence: "high" },
];

/** The owner's first-run checklist: what a fresh install still lacks. */
async function ownerSetup(db: Database, settings: SiteSettings) {
  const [games, news, privacyPublished] = await Promise.all([
    countGames(db),
    countNews(db),
    hasPage(db, "privacy", { published: true }),
  ]);
  return setupSteps(settings, { games, news, privacyPublished });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const site = data?.site ?? FRESH_SITE;
  return (
    <html lang="en" data-account-theme={data?.user?.themePreference} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={site.accentColor || "#5b3fd1"} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, applied before paint */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
        <Meta />
        <Links />
        <link rel="icon" href={site.icons.favicon} type={site.icons.faviconType} />
        {site.icons.appleTouch && <link rel="apple-touch-icon" href={site.icons.appleTouch} />}
        <link
          rel="alternate"
          type="application/rss+xml"
          title={`${site.name} News`}
          href="/news/feed.xml"
        />
        {/* The settings' accent colour and heading font: values the settings schema checked. */}
        {site.themeCss && <style>{site.themeCss}</style>}
      </head>
      <body className="flex min-h-screen flex-col">
        <SiteProvider value={{ ...site, setup: data?.setup ?? null }}>
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          <SiteHeader user={data?.user ?? null} navigation={data?.navigation ?? FRESH_NAVIGATION} />
          <main id="main" className="flex-1">
            <StudioTimeZoneProvider value={data?.studioTimeZone ?? "UTC"}>
              {children}
            </StudioTimeZoneProvider>
          </main>
          <SiteFooter
            year={data?.year ?? new Date().getFullYear()}
            links={(data?.navigation ?? FRESH_NAVIGATION).footer}
          />
          <ThemedToaster />
          {data?.toast && (
            // Without JavaScript the redirect's toast still reaches the reader.
            <noscript>
              <div
                role="status"
                className="fixed bottom-4 right-4 z-50 max-w-sm rounded-lg border bg-card p-4 shadow-lg"
              >
                <p className="font-semibold">{data.toast.title}</p>
                {data.toast.description && <p className="text-sm">{data.toast.description}</p>}
              </div>
            </noscript>
          )}
        </SiteProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The toaster, once a toast is asked for: its code is not among the page's first scripts. */
function ThemedToaster() {
  const [theme] = useTheme();
  const wanted = useSyncExternalStore(
    toasterWanted.subscribe,
    toasterWanted.get,
    toasterWanted.getServer,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} />
    </Suspense>
  );
}

/**
 * While a page's data loads after a click, its own loading text shows
 * (docs/product.md#loading-states).
 */
function PendingPage() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  const path = navigation.location.pathname;
  const text = path === "/games" ? "Loading games..." : null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-16 z-30 flex justify-center">
      <div className="mt-3 flex items-center gap-2 rounded-full border bg-background px-4 py-2 text-sm shadow">
        <Spinner label={text ?? "Loading"} className="text-primary" />
        {text && <span>{text}</span>}
      </div>
    </div>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useRedirectToast(loaderData.toast);
  useAccountTheme(loaderData.user?.themePreference);
  useQuietInterruptions();
  return (
    <>
      <PendingPage />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
