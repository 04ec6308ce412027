import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { games, news } from "~/db/schema";
import { createGame, type NewGame } from "~/games/index.server";
import { createNews, type NewsKind } from "~/news/index.server";
import type { Storage } from "~/platform/storage/storage.server";
import { seedSettings } from "~/settings/index.server";
import { seedDemoPictures } from "./demo-pictures.server";
import { DEMO_STUDIO } from "./demo-studio";

const DAY = 24 * 60 * 60 * 1000;

type DemoPost = {
  title: string;
  content: string;
  daysAgo: number;
  kind: NewsKind;
  version?: string;
  tags: string[];
  /** The demo games it is about, by title; none: the studio. */
  games: string[];
};

// Realistic sample content for `npm run demo` and `studio db seed --demo`: posts of every kind but
// one, about the studio or its games (docs/product.md#news-about-games).
const DEMO_NEWS: DemoPost[] = [
  {
    title: "Lantern Keeper 1.2: the Night Market update is out",
    daysAgo: 2,
    kind: "patch-notes",
    version: "1.2.0",
    tags: ["night-market", "accessibility"],
    games: ["Lantern Keeper"],
    content:
      "The Night Market opens its stalls today in Lantern Keeper 1.2.\nTrade moth-silk with the new merchant families, take on twelve handwritten side quests and light the market's paper lanterns to unlock a brand-new ending.\nThe update also brings controller remapping, a colour-blind palette for every puzzle and more than forty fixes reported by our community. Thank you for every bug report.",
  },
  {
    title: "Devlog #14: how we draw rain in Tidewright",
    daysAgo: 9,
    kind: "devlog",
    tags: ["art", "behind-the-scenes"],
    games: ["Tidewright"],
    content:
      "Rain is Tidewright's main character, so it had to feel right on every screen.\nIn this devlog our technical artist walks through the layered sprite system behind our storms: three parallax sheets, a splash pass that follows the tile map, and a tiny shader that darkens the palette as clouds roll in.\nWe also share the mistakes, including the week the rain fell upwards on Tuesdays.",
  },
  {
    title: "We are hiring a gameplay programmer",
    daysAgo: 18,
    kind: "news",
    tags: ["jobs"],
    games: [],
    content:
      "We are looking for a gameplay programmer to join our remote-first team for Tidewright.\nYou will prototype boat handling, build tools for our designers and help shape the way the ocean feels to play. Experience with C# or C++ and a love for small, handmade games matter more to us than a long CV.\nWrite to us through the contact page with a few words about a game you made.",
  },
  {
    title: "Hollow Orchard is coming to consoles",
    daysAgo: 33,
    kind: "launch",
    tags: ["consoles"],
    games: ["Hollow Orchard"],
    content:
      "Our cozy orchard-tending game is coming to consoles next spring.\nThe console edition includes every seasonal update so far, split-screen co-op and a new winter valley with its own festival.\nWishlists and follows help small studios more than you might think. Thank you for helping Hollow Orchard grow.",
  },
  {
    title: "Lanternfly Games at the Lisbon Indie Showcase",
    daysAgo: 47,
    kind: "event",
    tags: ["showcase", "behind-the-scenes"],
    games: ["Tidewright"],
    content:
      "We spent a weekend at the Lisbon Indie Showcase with two playable builds and far too many lantern stickers.\nMore than six hundred of you played Tidewright's first island. Your notes on the sailing controls are already in the next build.\nSee you at the next one.",
  },
];

const DEMO_GAMES: NewGame[] = [
  {
    title: "Lantern Keeper",
    description:
      "Guide a lamplighter through a city of moths and paper. A puzzle adventure about light, memory and the people who keep a town glowing.",
    imageUrl: "/images/games/lantern-keeper.svg",
    status: "Released",
    url: "https://store.steampowered.com/search/?term=Lantern%20Keeper",
    about: [
      "Every night the moths of Papervale come for the light, and every night someone has to keep the lamps burning. That someone is you.",
      "# What you do",
      [
        "- Light the lamps of a city folded from paper, one street at a time.",
        "- Solve **light-and-shadow puzzles**: bend beams through lanterns, glass and moth wings.",
        "- Meet the keepers who came before you and piece together why the city went dark.",
      ].join("\n"),
      "# The Night Market update",
      "Version 1.2 opened the Night Market: twelve handwritten side quests, a new ending, controller remapping and a colour-blind palette for every puzzle.",
      "| Mode | Length |\n| --- | --- |\n| Story | about 8 hours |\n| Every lamp lit | about 14 hours |",
      '> "A small, warm game about keeping the dark at bay."',
    ].join("\n\n"),
    platforms: ["Windows", "macOS", "Linux", "Nintendo Switch"],
    storeLinks: [
      { store: "Steam", url: "https://store.steampowered.com/search/?term=Lantern%20Keeper" },
      { store: "itch.io", url: "https://itch.io/search?q=lantern+keeper" },
      { store: "Nintendo eShop", url: "https://www.nintendo.com/us/search/#q=Lantern%20Keeper" },
    ],
    releaseDate: "2023-10-12",
  },
  {
    title: "Hollow Orchard",
    description:
      "Plant, prune and harvest an orchard that remembers every season. A cozy farming game with a gentle story and a seasonal festival calendar.",
    imageUrl: "/images/games/hollow-orchard.svg",
    status: "Released",
    url: "https://store.steampowered.com/search/?term=Hollow%20Orchard",
    about: [
      "Hollow Orchard is a cozy farming game about an orchard that remembers. Trees you prune in spring bear the shape of your care in autumn; a harvest you share comes back as a story.",
      "# Seasons and festivals",
      "Each season brings its own festival, from the blossom lanterns of spring to the cider fires of late autumn. The console edition adds a winter valley and split-screen co-op.",
    ].join("\n\n"),
    platforms: ["Windows", "macOS", "Nintendo Switch", "PlayStation 5"],
    storeLinks: [
      { store: "Steam", url: "https://store.steampowered.com/search/?term=Hollow%20Orchard" },
      { store: "GOG", url: "https://www.gog.com/en/games?query=hollow%20orchard" },
    ],
    releaseDate: "2024-04-18",
  },
  {
    title: "Tidewright",
    description:
      "Sail a hand-built boat across an ocean of storms and islands. Chart the sea, trade with islanders and learn to read the weather.",
    imageUrl: "/images/games/tidewright.svg",
    status: "In Development",
    url: "https://store.steampowered.com/search/?term=Tidewright",
  },
  {
    title: "Starling Post",
    description:
      "Deliver letters between floating villages by glider. A short, heartfelt game about distance and the words we send.",
    imageUrl: "/images/games/starling-post.svg",
    status: "Coming Soon",
    url: "https://store.steampowered.com/search/?term=Starling%20Post",
  },
];

/**
 * Adds the demo news and games that are not there yet (matched by title), and the demo studio's
 * identity when the studio has saved no settings, so running it twice changes nothing. Given the
 * storage, also the games' pictures, news covers and a featured game (./demo-pictures.server.ts).
 * Returns what it added.
 */
export async function seedDemo(
  db: Database,
  options: { storage?: Storage } = {},
): Promise<{ news: number; games: number; pictures: number; settings: boolean }> {
  const now = Date.now();
  let addedNews = 0;
  let addedGames = 0;
  // The games first: the posts name them.
  for (const game of DEMO_GAMES) {
    const existing = await db
      .select({ id: games.id })
      .from(games)
      .where(eq(games.title, game.title));
    if (existing.length > 0) continue;
    await createGame(db, game);
    addedGames++;
  }
  const gameIds = new Map(
    (
      await db
        .select({ id: games.id, title: games.title })
        .from(games)
        .where(
          inArray(
            games.title,
            DEMO_GAMES.map((game) => game.title),
          ),
        )
    ).map((game) => [game.title, game.id]),
  );
  for (const { games: about, ...item } of [...DEMO_NEWS].reverse()) {
    const existing = await db.select({ id: news.id }).from(news).where(eq(news.title, item.title));
    if (existing.length > 0) continue;
    await createNews(db, {
      ...item,
      createdAt: new Date(now - item.daysAgo * DAY),
      games: about.flatMap((title) => gameIds.get(title) ?? []),
    });
    addedNews++;
  }
  const pictures = options.storage
    ? await seedDemoPictures(db, options.storage, DEMO_GAMES[0]!.title)
    : 0;
  // With its pictures, the demo features its first game on Home.
  const [featured] = options.storage
    ? await db.select({ id: games.id }).from(games).where(eq(games.title, DEMO_GAMES[0]!.title))
    : [];
  const settings = await seedSettings(db, { ...DEMO_STUDIO, featuredGame: featured?.id ?? "" });
  return { news: addedNews, games: addedGames, pictures, settings };
}
