import { describe, expect, it } from "vitest";
import { FRESH_NAVIGATION, FRESH_SITE } from "./fresh-site";
import { siteNavigation } from "./navigation";
import { DEFAULT_SETTINGS } from "./settings-defaults";
import { publicSite } from "./site";

describe("the settings a page shows without the root loader's data", () => {
  it("are what the rules make of the default settings", () => {
    expect(FRESH_SITE).toEqual(publicSite(DEFAULT_SETTINGS));
  });

  it("link the default navigation", () => {
    expect(FRESH_NAVIGATION).toEqual(siteNavigation([], []));
  });
});
