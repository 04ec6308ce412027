import { useEffect, useRef, useState } from "react";
import { formatListDate } from "~/platform/dates/date-format";
import { Badge } from "~/platform/ui/badge";
import { buttonVariants } from "~/platform/ui/button";
import { cn } from "~/platform/ui/cn";
import { ExternalLink, Play, ShoppingBag } from "~/platform/ui/icons";
import { ScreenshotGallery } from "./game-gallery";
import { GameStatusBadge } from "./game-image";
import { GamePictureImage } from "./game-picture";
import type { GamePicture, ShownGame } from "./game-pictures";
import type { GameEntry, StoreLink } from "./game-schema";
import type { Screenshot } from "./screenshots";
import { gameLinkWords } from "./store-links";
import { autoplayUrl, parseTrailer, type Trailer } from "./trailer";

// The parts of a game page (/games/<slug>): its facts, trailer, screenshots and store links. The
// page renders without JavaScript; the trailer's player is loaded only when asked for.

/** A release date (YYYY-MM-DD, a day rather than a moment) in the site's list format. */
export function ReleaseDate({ date }: { date: string }) {
  return <time dateTime={date}>{formatListDate(`${date}T12:00:00Z`, "UTC")}</time>;
}

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
 * The trailer as a poster with a play button: nothing is asked of the video's provider until the
 * visitor presses it; then the provider's player takes the poster's place and starts. Without
 * JavaScript the poster is a link to the video on the provider's site.
 */
export function TrailerPlayer({
  trailer,
  title,
  poster,
}: {
  trailer: Trailer;
  title: string;
  /** The first screenshot, else the key art; none: the placeholder. */
  poster: GamePicture | null;
}) {
  const [hydrated, setHydrated] = useState(false);
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  const name = `Play trailer: ${title}`;
  const box = "relative block aspect-video w-full overflow-hidden rounded-xl border bg-muted";
  if (playing) {
    return (
      <div className={box}>
        <iframe
          ref={frame}
          src={autoplayUrl(trailer)}
          title={`Trailer: ${title}`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 size-full border-0"
        />
      </div>
    );
  }
  const face = (
    <>
      <GamePictureImage
        picture={poster}
        title={title}
        sizes="(min-width: 72rem) 70rem, 100vw"
        className="absolute inset-0 size-full"
      />
      <span className="absolute inset-0 bg-black/25 transition-colors group-hover:bg-black/15" />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform group-hover:scale-105 sm:size-20">
          <Play aria-hidden="true" className="ml-1 size-8 fill-current sm:size-10" />
        </span>
      </span>
      <span className="absolute bottom-3 left-3 rounded-md bg-black/70 px-2 py-1 text-xs font-medium text-white">
        {trailer.provider === "youtube" ? "YouTube" : "Vimeo"} · loads when played
      </span>
    </>
  );
  const focus =
    "group focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
  return hydrated ? (
    <button
      type="button"
      aria-label={name}
      className={cn(box, focus, "cursor-pointer")}
      onClick={() => setPlaying(true)}
      data-testid="trailer-poster"
    >
      {face}
    </button>
  ) : (
    <a
      href={trailer.watchUrl}
      aria-label={name}
      className={cn(box, focus)}
      rel="noopener noreferrer"
      data-testid="trailer-poster"
    >
      {face}
    </a>
  );
}

/** Where to buy the game: a button per store, each opening in a new tab. */
export function StoreButtons({ links }: { links: StoreLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" data-testid="store-links">
      {links.map((link) => (
        <li key={link.url}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: "outline" })}
          >
            <ShoppingBag aria-hidden="true" />
            {link.store}
            <span className="sr-only"> (opens in a new tab)</span>
            <ExternalLink aria-hidden="true" className="text-muted-foreground" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The game's own link, as on its card, in the same words (`gameLinkWords`): it opens in a new tab. */
export function PlayGameLink({
  game,
  variant = "default",
}: {
  game: Pick<GameEntry, "title" | "url" | "status">;
  variant?: "default" | "outline";
}) {
  const words = gameLinkWords(game);
  if (!words) return null;
  return (
    <a
      href={game.url}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonVariants({ size: "lg", variant })}
    >
      {words}
      <span className="sr-only">: {game.title} (opens in a new tab)</span>
      <ExternalLink aria-hidden="true" />
    </a>
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
}: {
  game: ShownGame;
  html: string;
  screenshots: Screenshot[];
  /** The game's key art (docs/product.md#games); none: the placeholder. */
  keyArt: GamePicture | null;
}) {
  const trailer = game.trailerUrl ? parseTrailer(game.trailerUrl) : null;
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
