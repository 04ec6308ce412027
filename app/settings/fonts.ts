// The heading fonts a studio may choose: each self-hosted (its files are bundled with the site's
// stylesheet, see app/app.css), so no page asks another origin for a font.

export const HEADING_FONTS = [
  { value: "system", label: "System (the reader's own sans-serif)", family: "" },
  {
    value: "inter",
    label: "Inter",
    family: "'Inter Variable', ui-sans-serif, system-ui, sans-serif",
  },
  {
    value: "space-grotesk",
    label: "Space Grotesk",
    family: "'Space Grotesk Variable', ui-sans-serif, system-ui, sans-serif",
  },
  {
    value: "fraunces",
    label: "Fraunces (serif)",
    family: "'Fraunces Variable', ui-serif, Georgia, serif",
  },
  {
    value: "pixelify-sans",
    label: "Pixelify Sans (pixel)",
    family: "'Pixelify Sans Variable', ui-monospace, monospace",
  },
] as const;

export type HeadingFont = (typeof HEADING_FONTS)[number]["value"];

export const HEADING_FONT_VALUES = HEADING_FONTS.map((font) => font.value) as [
  HeadingFont,
  ...HeadingFont[],
];

/** The CSS that sets headings in a font ("" for the system font). */
export function headingFontCss(font: HeadingFont): string {
  const family = HEADING_FONTS.find((entry) => entry.value === font)?.family;
  return family ? `:root{--font-heading:${family};}` : "";
}
