import { Badge } from "~/platform/ui/badge";
import { cn } from "~/platform/ui/cn";
import { PlayGameLink, StoreButtons, TrailerPlayer } from "./game-actions";
import { ScreenshotGallery } from "./game-gallery";
import { GameStatusBadge } from "./game-image";
import { GamePictureImage } from "./game-picture";
import type { GamePicture, ShownGame } from "./game-pictures";
import type { GameEntry } from "./game-schema";
import { ReleaseDate } from "./release-date";
import type { Screenshot } from "./screenshots";
import type { Trailer } from "./trailer-player";

// The parts of a game page (/games/<slug>): its facts, trailer, screenshots and store links (the
// trailer and the links are game-actions.tsx's). The page renders without JavaScript; the
// trailer's player is loaded only when asked for.

/** Release date and platforms, as a short list of facts. */
export function GameFacts({ game }: { game: Pick<GameEntry, "releaseDate" | "platforms"> }) {
  if (!game.releaseDate && game.platforms.length === 0) return null;
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-8">
      {game.releaseDate && (
        <div className="grid gap-1 sm:contents">
          <dt className="font-medium text-muted-foreground">Release date</dt>
          <dd>
            <ReleaseDate date={game.releaseDate} />
          </dd>
        </div>
      )}
      {game.platforms.length > 0 && (
        <div className="grid gap-1 sm:contents">
          <dt className="font-medium text-muted-foreground">Platforms</dt>
          <dd>
            <ul className="flex flex-wrap gap-2">
              {game.platforms.map((platform) => (
                <li key={platform}>
                  <Badge className="border bg-secondary text-secondary-foreground">
                    {platform}
                  </Badge>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * A game page's body below its back link: title, status, facts, the game's links, the trailer, the
 * text (`html`, rendered on the server) and the screenshots.
 */
export function GameDetails({
  game,
  html,
  screenshots,
  keyArt,
  trailer,
}: {
  game: ShownGame;
  html: string;
  screenshots: Screenshot[];
  /** The game's key art (docs/product.md#games); none: the placeholder. */
  keyArt: GamePicture | null;
  trailer: Trailer | null;
}) {
  const first = screenshots[0];
  const poster: GamePicture | null = first
    ? { source: "screenshot", image: first.image, alt: first.alt }
    : keyArt;
  // Uploaded key art is made to be seen large: a wide banner over the page. A typed image link
  // (often an icon) keeps its box beside the title.
  const banner = keyArt?.source === "upload";
  return (
    <>
      {banner && (
        <GamePictureImage
          picture={keyArt}
          title={game.title}
          sizes="(min-width: 72rem) 70rem, 100vw"
          priority
          className="mt-8 aspect-video w-full rounded-xl border md:aspect-[21/9]"
        />
      )}
      <header
        className={cn(
          "mt-8 grid gap-8",
          !banner && "md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)] md:items-start",
        )}
      >
        <div className="space-y-6">
          <div className="space-y-3">
            <GameStatusBadge status={game.status} />
            <h1 className="text-4xl font-black leading-tight tracking-tight sm:text-5xl">
              {game.title}
            </h1>
            {game.hasAbout && <p className="text-lg text-muted-foreground">{game.description}</p>}
          </div>
          <GameFacts game={game} />
          <div className="flex flex-wrap items-center gap-3">
            <PlayGameLink game={game} />
            <StoreButtons links={game.storeLinks} />
          </div>
        </div>
        {/* On a phone the trailer's poster or the screenshots show the game: not a third picture. */}
        {!banner && (
          <div className={trailer || screenshots.length ? "hidden md:block" : undefined}>
            <GamePictureImage
              picture={keyArt}
              title={game.title}
              sizes="(min-width: 48rem) 20rem, 100vw"
              priority
              className="aspect-video w-full rounded-xl border"
            />
          </div>
        )}
      </header>
      {trailer && (
        <section aria-labelledby="game-trailer" className="mt-12">
          <h2 id="game-trailer" className="mb-4 text-2xl font-bold tracking-tight">
            Trailer
          </h2>
          <TrailerPlayer trailer={trailer} title={game.title} poster={poster} />
        </section>
      )}
      <div
        className="markdown mt-12 max-w-3xl text-lg leading-relaxed"
        data-testid="game-about"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by the Markdown renderer, which lets no raw HTML, script or unsafe link through
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {screenshots.length > 0 && (
        <section aria-labelledby="game-screenshots" className="mt-12">
          <h2 id="game-screenshots" className="mb-4 text-2xl font-bold tracking-tight">
            Screenshots
          </h2>
          <ScreenshotGallery screenshots={screenshots} />
        </section>
      )}
    </>
  );
}
