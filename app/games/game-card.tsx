import { ExternalLink, Gamepad2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/platform/ui/badge";
import { buttonVariants } from "~/platform/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "~/platform/ui/card";
import { cn } from "~/platform/ui/cn";
import type { GameEntry } from "./game-schema";
import { statusBadgeClass } from "./game-status";

export function GameStatusBadge({ status }: { status: string }) {
  return <Badge className={statusBadgeClass(status)}>{status}</Badge>;
}

/** The game's image, or a placeholder when it is missing or fails to load. */
export function GameImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string;
  alt: string;
  className?: string;
  /** The page's largest image (the first card's): fetched at once rather than lazily. */
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The image may have failed before hydration attached onError.
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={`${alt} (image unavailable)`}
        data-testid="game-image-placeholder"
        className={cn(
          "flex items-center justify-center bg-gradient-to-br from-accent to-muted text-muted-foreground",
          className,
        )}
      >
        <Gamepad2 aria-hidden="true" className="size-12" />
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={640}
      height={360}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn("object-cover", className)}
    />
  );
}

export function GameCard({ game, priority }: { game: GameEntry; priority?: boolean }) {
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="game-card">
      <GameImage
        src={game.imageUrl}
        alt={game.title}
        className="aspect-video w-full"
        priority={priority}
      />
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-xl font-semibold leading-tight">
            <Link
              to={`/games/${game.slug}`}
              className="hover:underline focus-visible:underline"
              prefetch="intent"
            >
              {game.title}
            </Link>
          </h2>
          <GameStatusBadge status={game.status} />
        </div>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="text-muted-foreground">{game.description}</p>
      </CardContent>
      <CardFooter className="gap-2">
        <Link
          to={`/games/${game.slug}`}
          prefetch="intent"
          className={cn(buttonVariants({ variant: "outline" }), "shrink-0")}
        >
          Details
          <span className="sr-only">: {game.title}</span>
        </Link>
        <a
          href={game.url}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(buttonVariants(), "w-full")}
          // The visit is recorded by a beacon: the game opens without waiting for it.
          onClick={() => navigator.sendBeacon?.(`/games/${game.id}/played`)}
        >
          Play Game
          <span className="sr-only">: {game.title} (opens in a new tab)</span>
          <ExternalLink aria-hidden="true" />
        </a>
      </CardFooter>
    </Card>
  );
}
