import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_SPRITE } from "../../app/platform/ui/icon-sprite";
import {
  addressModule,
  declaredIconNames,
  drawSprite,
  ICONS_MODULE,
  PUBLIC_ASSETS,
  SPRITE_ADDRESS_MODULE,
  spriteAddress,
} from "../../scripts/icon-sprite";

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

// The icons are drawn once, in the sprite (scripts/icon-sprite.ts); pages refer to them.
describe("the icon sprite", () => {
  it("is what lucide-react draws for the icons app/platform/ui/icons.tsx names (`npm run icons`)", async () => {
    const names = declaredIconNames();
    expect(names.length).toBeGreaterThan(50);
    expect(new Set(names).size, "an icon is declared twice").toBe(names.length);
    const sprite = await drawSprite(names);
    expect(ICON_SPRITE).toBe(spriteAddress(sprite));
    expect(fs.readFileSync(SPRITE_ADDRESS_MODULE, "utf8")).toBe(addressModule(ICON_SPRITE));
    expect(fs.readFileSync(path.join(root, "public", ICON_SPRITE), "utf8")).toBe(sprite);
    // No stale sprite beside it: each would be copied into every build.
    expect(fs.readdirSync(PUBLIC_ASSETS).filter((f) => f.startsWith("icons-"))).toEqual([
      path.basename(ICON_SPRITE),
    ]);
  });

  it("is the only way the site draws an icon: no module imports lucide-react", () => {
    const importers = sourceFiles(path.join(root, "app"))
      .filter((file) => /from\s+["']lucide-react/.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(root, file));
    expect(importers).toEqual([]);
    expect(fs.existsSync(ICONS_MODULE)).toBe(true);
  });

  it("draws the studio mark in the theme's colours, which a page's <use> passes on", async () => {
    const sprite = fs.readFileSync(path.join(root, "public", ICON_SPRITE), "utf8");
    const mark = sprite.match(/<symbol id="studio-mark".*?<\/symbol>/)?.[0] ?? "";
    expect(mark).toContain('viewBox="0 0 32 32"');
    // A fixed colour would not follow the dark theme or the studio's accent colour.
    expect(mark.match(/style="fill:var\(--primary(-foreground)?\)"/g)).toHaveLength(3);
    expect(mark).not.toMatch(/fill="#|fill:#/);
  });

  it("refuses a name lucide-react does not draw", async () => {
    await expect(drawSprite(["no-such-icon"])).rejects.toThrow(/no-such-icon/);
  });
});
