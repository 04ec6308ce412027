import { createContext, useContext } from "react";
import { FRESH_SITE } from "./fresh-site";
import type { SetupStep } from "./setup";
import type { PublicSite } from "./site";

// The saved settings for the components of a page: the root layout provides what its loader read
// for this request; a meta function reads them from the root match (`siteFrom`).

/** What a page's components get: the settings, and for the owner the first-run checklist. */
export type SiteContextValue = PublicSite & { setup: SetupStep[] | null };

const SiteContext = createContext<SiteContextValue>({ ...FRESH_SITE, setup: null });

export const SiteProvider = SiteContext.Provider;

/** This request's site settings. */
export function useSite(): SiteContextValue {
  return useContext(SiteContext);
}

/** The site settings and URL the root loader handed to this page, for a meta function. */
export function siteFrom(matches: readonly unknown[]): {
  siteUrl: string;
  siteName: string;
  siteImage: string;
  site: PublicSite;
} {
  const root = matches.find((m) => (m as { id?: string } | undefined)?.id === "root") as
    | {
        loaderData?: { siteUrl?: string; site?: PublicSite };
        data?: { siteUrl?: string; site?: PublicSite };
      }
    | undefined;
  const data = root?.loaderData ?? root?.data;
  const site = data?.site ?? FRESH_SITE;
  return { siteUrl: data?.siteUrl ?? "", siteName: site.name, siteImage: site.icons.ogImage, site };
}
