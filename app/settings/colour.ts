// The accent colour's arithmetic (WCAG 2 relative luminance and contrast), universal: the settings
// form checks a colour as it is typed, the server again before saving, and the root layout derives
// what each theme uses from it.

/** "#rrggbb" or "#rgb", any case. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Text and controls in the accent colour need this much contrast (WCAG AA, normal text). */
export const MIN_CONTRAST = 4.5;

/**
 * The lightest surface of each theme the accent sits on (app.css: the light theme's cards, the dark
 * theme's cards, which are lighter than its background): the worst case for contrast.
 */
export const THEME_SURFACES = { light: "#ffffff", dark: "#151724" } as const;

type Rgb = [number, number, number];

/** "#rgb" or "#rrggbb" to "#rrggbb" in lower case; null if it is neither. */
export function normalizeHex(value: string): string | null {
  const text = value.trim();
  if (!HEX_COLOUR.test(text)) return null;
  const digits = text.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits}`;
}

function rgbOf(hex: string): Rgb {
  const digits = (normalizeHex(hex) ?? "#000000").slice(1);
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as Rgb;
}

function hexOf(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** WCAG 2 relative luminance of an sRGB colour. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A ratio as people read it: 3.2:1. */
export const ratioText = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;

/**
 * What is wrong with an accent colour for the light theme, or null. The dark theme uses the colour
 * lightened until it reads (`accentForDark`), so the light theme is the one that can fail.
 */
export function accentProblem(hex: string): string | null {
  const ratio = contrast(hex, THEME_SURFACES.light);
  if (ratio >= MIN_CONTRAST) return null;
  return `Accent colour is too light: ${ratioText(ratio)} against the light theme's background, at least ${MIN_CONTRAST}:1 is needed. Choose a darker colour.`;
}

/** The accent as the dark theme shows it: mixed with white just until it reads on dark surfaces. */
export function accentForDark(hex: string): string {
  const base = rgbOf(hex);
  for (let step = 0; step <= 20; step++) {
    const t = step / 20;
    const mixed = hexOf(base.map((c) => c + (255 - c) * t) as Rgb);
    if (contrast(mixed, THEME_SURFACES.dark) >= MIN_CONTRAST) return mixed;
  }
  return "#ffffff";
}

/** Text on a filled accent (a button): white or near-black, whichever reads better. */
export function textOn(hex: string): string {
  return contrast(hex, "#ffffff") >= contrast(hex, "#111111") ? "#ffffff" : "#111111";
}

/** `hex` mixed with `other`: `share` of `other`, the rest of `hex` (sRGB). */
export function mix(hex: string, other: string, share: number): string {
  const [a, b] = [rgbOf(hex), rgbOf(other)];
  return hexOf(a.map((c, i) => c + ((b[i] ?? c) - c) * share) as Rgb);
}

/** The themes' text colours (app.css), for the text on an accent tint. */
export const THEME_TEXT = { light: "#25203a", dark: "#f2f3f7" } as const;

/** The faint tint of an accent each theme uses behind text (hover backgrounds, the hero). */
export function accentTint(hex: string, theme: "light" | "dark"): string {
  return theme === "light" ? mix(hex, "#ffffff", 0.88) : mix(hex, THEME_SURFACES.dark, 0.75);
}

/**
 * The theme variables an accent colour sets, per theme (a <style> in the document's head): the
 * accent itself (buttons, links, focus rings) and a faint tint of it behind text.
 */
export function accentCss(hex: string): string {
  const light = normalizeHex(hex);
  if (!light) return "";
  const dark = accentForDark(light);
  const vars = (c: string, theme: "light" | "dark") =>
    `--primary:${c};--primary-foreground:${textOn(c)};--ring:${c};` +
    `--accent:${accentTint(light, theme)};--accent-foreground:${THEME_TEXT[theme]};`;
  return `:root{${vars(light, "light")}}.dark{${vars(dark, "dark")}}`;
}
