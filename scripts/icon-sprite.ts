/**
 * Draws the site's icon sprite: one `<symbol>` per icon that `app/platform/ui/icons.tsx` names,
 * each drawn from lucide-react's own data for that icon, so an icon looks as Lucide draws it. A
 * page then carries `<use href="/assets/icons-HASH.svg#name">` per icon instead of its whole
 * drawing, and no icon is built in JavaScript.
 *
 * The sprite is a public file named by its content (`public/assets/icons-HASH.svg`, served with
 * the build's hashed assets, cached for a year), and its address is a constant
 * (`app/platform/ui/icon-sprite.ts`), not a bundler import: the server's modules also run under
 * Node without the bundler (the command line, the bench, the browser tests' helpers).
 *
 * `npm run icons` writes both after an icon is added or lucide-react is upgraded;
 * `tests/repo/icon-sprite.test.ts` fails while they differ from what this draws.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ICONS_MODULE = path.join(root, "app/platform/ui/icons.tsx");
export const PUBLIC_ASSETS = path.join(root, "public/assets");
export const SPRITE_ADDRESS_MODULE = path.join(root, "app/platform/ui/icon-sprite.ts");

type IconNode = [tag: string, attributes: Record<string, string | number>][];

/** The names `icons.tsx` asks for, in the order it declares them: `icon("name")`. */
export function declaredIconNames(source = fs.readFileSync(ICONS_MODULE, "utf8")): string[] {
  return [...source.matchAll(/\bicon\("([a-z0-9-]+)"\)/g)].map((match) => match[1]!);
}

function isIconNode(value: unknown): value is IconNode {
  return (
    Array.isArray(value) &&
    value.every(
      (child) =>
        Array.isArray(child) && typeof child[0] === "string" && typeof child[1] === "object",
    )
  );
}

/** Lucide's drawing of one icon: its elements and their attributes, without React's keys. */
async function iconNode(name: string): Promise<IconNode> {
  const module: { __iconData?: { node?: unknown } } = await import(`lucide-react/icons/${name}`);
  const node = module.__iconData?.node;
  if (!isIconNode(node)) throw new Error(`lucide-react has no icon named "${name}"`);
  return node;
}

const escapeAttribute = (value: string | number) =>
  String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

function element([tag, attributes]: IconNode[number]): string {
  const attrs = Object.entries(attributes)
    .filter(([attribute]) => attribute !== "key")
    .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`)
    .join("");
  return `<${tag}${attrs}/>`;
}

/**
 * The site's own drawings beside Lucide's: the studio mark (`app/platform/studio/studio-mark.tsx`),
 * shown until a studio uploads a logo. Its colours are the theme's custom properties, which a
 * `<use>` passes on to its copy, so the mark follows the theme and the studio's accent colour.
 */
export const OWN_SYMBOLS = [
  '<symbol id="studio-mark" viewBox="0 0 32 32">' +
    '<rect width="32" height="32" rx="8" style="fill:var(--primary)"/>' +
    '<path d="M16 6c3 4 7 6 10 6-2 4-6 7-10 14C12 19 8 16 6 12c3 0 7-2 10-6Z" style="fill:var(--primary-foreground)" opacity="0.95"/>' +
    '<circle cx="16" cy="15" r="2.5" style="fill:var(--primary)"/></symbol>',
];

/** The sprite's text for these icon names: a hidden SVG of symbols, a line each. */
export async function drawSprite(names: string[]): Promise<string> {
  const symbols = await Promise.all(
    [...new Set(names)].map(
      async (name) =>
        `<symbol id="${name}" viewBox="0 0 24 24">${(await iconNode(name)).map(element).join("")}</symbol>`,
    ),
  );
  return [
    "<!-- Drawn by scripts/icon-sprite.ts from lucide-react (ISC licence) and the studio mark: `npm run icons`. -->",
    '<svg xmlns="http://www.w3.org/2000/svg">',
    ...symbols,
    ...OWN_SYMBOLS,
    "</svg>",
    "",
  ].join("\n");
}

/** The sprite's address: its content's digest in its name, as the build names its assets. */
export const spriteAddress = (sprite: string) =>
  `/assets/icons-${createHash("sha256").update(sprite).digest("hex").slice(0, 10)}.svg`;

export const addressModule = (address: string) =>
  `// Written by scripts/icon-sprite.ts (\`npm run icons\`): the icon sprite's address.\nexport const ICON_SPRITE = "${address}";\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = declaredIconNames();
  const sprite = await drawSprite(names);
  const address = spriteAddress(sprite);
  fs.mkdirSync(PUBLIC_ASSETS, { recursive: true });
  for (const old of fs.readdirSync(PUBLIC_ASSETS).filter((f) => /^icons-\w+\.svg$/.test(f)))
    fs.rmSync(path.join(PUBLIC_ASSETS, old));
  fs.writeFileSync(path.join(root, "public", address), sprite);
  fs.writeFileSync(SPRITE_ADDRESS_MODULE, addressModule(address));
  console.log(`public${address}: ${names.length} icons`);
}
