import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/platform/ui/button";
import { cn } from "~/platform/ui/cn";
import { ArrowRight } from "~/platform/ui/icons";
import { PlayGameLink, StoreButtons, TrailerPlayer } from "./game-actions";
import { GameStatusBadge } from "./game-image";
import { GamePictureImage } from "./game-picture";
import type { FeaturedGame } from "./game-pictures";

/**
 * A featured game as a hero band (docs/product.md#home): its key art behind, its status, title and
 * description, Details, Play Game and its stores; beside them its trailer's poster when it has a
 * trailer. As the page's hero (heading level 1) its key art is the largest picture, fetched at
 * once and first; below another hero it loads lazily.
 */
export function FeaturedGameHero({
  featured,
  headingLevel = 2,
  children,
}: {
  featured: FeaturedGame;
  /** 1 when the band is the page's hero. */
  headingLevel?: 1 | 2;
  /** Shown above the game's words: what the page's hero must keep (Home's theme switcher). */
  children?: ReactNode;
}) {
  const { game, keyArt, poster, trailer } = featured;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section
      aria-labelledby="featured-game-heading"
      className="relative isolate overflow-hidden border-b bg-zinc-900 text-white"
      data-testid="featured-game"
    >
      {keyArt && (
        <GamePictureImage
          picture={keyArt}
          title={game.title}
          sizes="100vw"
          // Fetched first only when the band is the page's hero; under Home's hero it would take
          // the stylesheet's bandwidth and delay the first paint.
          priority={headingLevel === 1}
          className="absolute inset-0 -z-20 size-full"
        />
      )}
      {/* Darkens the art under the text, so the words read whatever the picture. */}
      <div className="hero-shade" />
      <div
        className={cn(
          "page-width grid gap-10 py-20 md:py-28",
          trailer && "md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] md:items-center",
        )}
      >
        <div className="max-w-2xl space-y-5">
          {children}
          <p className="flex items-center gap-3 text-sm font-semibold tracking-wide text-white/85 uppercase">
            Featured game
            <GameStatusBadge status={game.status} />
          </p>
          <Heading
            id="featured-game-heading"
            className="text-4xl font-black tracking-tight sm:text-5xl md:text-6xl"
          >
            {game.title}
          </Heading>
          <p className="text-lg text-white/90 sm:text-xl">{game.description}</p>
          <div className="flex flex-wrap items-center gap-3 pt-2 text-foreground">
            <Link to={`/games/${game.slug}`} className={buttonVariants({ size: "lg" })}>
              Details
              <span className="sr-only">{`: ${game.title}`}</span>
              <ArrowRight aria-hidden="true" />
            </Link>
            <PlayGameLink game={game} variant="outline" />
            <StoreButtons links={game.storeLinks} />
          </div>
        </div>
        {trailer && <TrailerPlayer trailer={trailer} title={game.title} poster={poster} />}
      </div>
    </section>
  );
}
