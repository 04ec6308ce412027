import { useEffect, useRef, useState } from "react";
import { buttonVariants } from "~/platform/ui/button";
import { cn } from "~/platform/ui/cn";
import { ExternalLink, Play, ShoppingBag } from "~/platform/ui/icons";
import { GamePictureImage } from "./game-picture";
import type { GamePicture } from "./game-pictures";
import type { GameEntry, StoreLink } from "./game-schema";
import { gameLinkWords } from "./store-words";
import { autoplayUrl, type Trailer } from "./trailer-player";

// What Home's featured game, a game page and a press kit share: the trailer's player, the store
// buttons and the game's own link. Apart from the game page's body, so that Home and a kit load
// these and not the rest of a game page.

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
      <span className="sr-only">{`: ${game.title} (opens in a new tab)`}</span>
      <ExternalLink aria-hidden="true" />
    </a>
  );
}
