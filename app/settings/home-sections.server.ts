import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { siteSettings } from "~/db/schema";
import { keptHtml } from "~/platform/markdown/kept-html.server";
import { markdown } from "~/platform/markdown/lazy.server";
import type { SiteSettings } from "./settings-schema";
import type { HomeSections } from "./studio-home";

/**
 * Home's Markdown sections (vision, values, call to action) of the settings the page read, as
 * sanitised HTML: rendered once and kept in the settings' row beside the values
 * (app/platform/markdown/kept-html.server.ts), made again on the first read after a save, a new
 * renderer or a new site address. The settings themselves come from the page's shared read.
 */
export async function homeSections(
  db: Database,
  settings: SiteSettings & { saved: boolean },
  siteUrl: string,
): Promise<HomeSections> {
  // A fresh install has no row yet: its defaults are rendered for each read until the first save.
  const [row] = settings.saved
    ? await db
        .select({ sectionsHtml: siteSettings.sectionsHtml })
        .from(siteSettings)
        .where(eq(siteSettings.id, 1))
        .limit(1)
    : [];
  const { vision, values, callToAction } = settings;
  const stored = row?.sectionsHtml ?? null;
  return keptHtml<HomeSections>(
    {
      html: stored && {
        vision: stored.vision,
        values: stored.values,
        callToAction: stored.callToAction,
      },
      stamp: stored?.stamp ?? null,
    },
    [vision, values, callToAction].join("\0"),
    siteUrl,
    () => renderSections(settings, siteUrl),
    async (made) =>
      row &&
      db
        .update(siteSettings)
        .set({ sectionsHtml: { stamp: made.stamp, ...made.html } })
        .where(eq(siteSettings.id, 1)),
  );
}

async function renderSections(settings: SiteSettings, siteUrl: string): Promise<HomeSections> {
  const { renderMarkdown } = await markdown();
  const render = (source: string) => (source.trim() ? renderMarkdown(source, { siteUrl }) : "");
  return {
    vision: render(settings.vision),
    values: render(settings.values),
    callToAction: render(settings.callToAction),
  };
}
