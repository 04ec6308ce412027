import { markdown } from "~/platform/markdown/lazy.server";
import type { SiteSettings } from "./settings-schema";
import type { HomeSections } from "./studio-home";

/** The home page's Markdown sections (vision, values, call to action) as sanitised HTML. */
export async function homeSections(settings: SiteSettings, siteUrl: string): Promise<HomeSections> {
  const { renderMarkdown } = await markdown();
  const render = (source: string) => (source.trim() ? renderMarkdown(source, { siteUrl }) : "");
  return {
    vision: render(settings.vision),
    values: render(settings.values),
    callToAction: render(settings.callToAction),
  };
}
