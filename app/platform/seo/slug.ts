// Readable addresses (/news/<slug>, /games/<slug>): lowercase ascii words joined by "-", made from
// a title and editable by staff. The database's CHECK holds every stored slug to SLUG_PATTERN.

export const SLUG_MAX = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_RULE = "Use lowercase letters, digits and single hyphens (e.g. my-first-devlog)";

/** A slug from any text: accents dropped, other characters joined by "-", at most SLUG_MAX long. */
export function slugify(text: string, fallback: string): string {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!words) return fallback;
  if (words.length <= SLUG_MAX) return words;
  // Cut at a word boundary when there is one in the last third.
  const cut = words.slice(0, SLUG_MAX);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > SLUG_MAX * 0.66 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}
