import { PLACEHOLDER_NAME } from "./settings-defaults";
import type { SiteSettings } from "./settings-schema";

// The owner's first-run checklist (docs/product.md#site-settings): what a fresh install still
// lacks, shown to the owner until every step is done. Universal.

export type SetupStep = { label: string; to: string; done: boolean };

export function setupSteps(
  settings: Pick<SiteSettings, "name" | "logo">,
  counts: { games: number; news: number; privacyPublished: boolean },
): SetupStep[] | null {
  const steps: SetupStep[] = [
    { label: "Name the studio", to: "/admin/settings", done: settings.name !== PLACEHOLDER_NAME },
    { label: "Add a logo", to: "/admin/settings", done: settings.logo !== "" },
    { label: "Add a game", to: "/admin/games", done: counts.games > 0 },
    { label: "Write the first post", to: "/admin/news", done: counts.news > 0 },
    // The Pages tab offers a draft made for what the site keeps.
    { label: "Set the privacy page", to: "/admin/pages", done: counts.privacyPublished },
  ];
  return steps.every((step) => step.done) ? null : steps;
}
