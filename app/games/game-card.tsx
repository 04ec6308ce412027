import { Link } from "react-router";
import { buttonVariants } from "~/platform/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "~/platform/ui/card";
import { cn } from "~/platform/ui/cn";
import { ExternalLink } from "~/platform/ui/icons";
import { GameStatusBadge } from "./game-image";
import { GamePictureImage } from "./game-picture";
import type { GameCardEntry } from "./game-pictures";
import { gameLinkWords } from "./store-words";

export { GameImage, GameStatusBadge } from "./game-image";

/** How wide a card's picture is shown in the catalogue's grid (one, two or three a row). */
export const GAME_CARD_SIZES = "(min-width: 64rem) 22rem, (min-width: 40rem) 50vw, 100vw";

/**
 * A game as a card (docs/product.md#games): its picture, 16:9 whatever its file, with the status
 * badge over its corner; title, description, Details and the game's link ('Play Game', or
 * 'Wishlist on Steam' for a game not out yet: `gameLinkWords`).
 */
export function GameCard({
  game,
  priority,
  headingLevel = 2,
}: {
  game: GameCardEntry;
  priority?: boolean;
  /** 3 where the cards sit under a section's heading (Home). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const linkWords = gameLinkWords(game);
  return (
    <Card className="card-tile" data-testid="game-card">
      <div className="relative">
        <GamePictureImage
          picture={game.card}
          title={game.title}
          sizes={GAME_CARD_SIZES}
          className="aspect-video w-full"
          priority={priority}
        />
        <GameStatusBadge status={game.status} className="absolute top-3 right-3 shadow-md" />
      </div>
      <CardHeader>
        <Heading className="card-title">
          <Link to={`/games/${game.slug}`} className="link-title" prefetch="intent">
            {game.title}
          </Link>
        </Heading>
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
          <span className="sr-only">{`: ${game.title}`}</span>
        </Link>
        {linkWords && (
          <a
            href={game.url}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonVariants(), "w-full")}
            // The visit is recorded by a beacon: the game opens without waiting for it.
            onClick={() => navigator.sendBeacon?.(`/games/${game.id}/played`)}
          >
            {linkWords}
            <span className="sr-only">{`: ${game.title} (opens in a new tab)`}</span>
            <ExternalLink aria-hidden="true" />
          </a>
        )}
      </CardFooter>
    </Card>
  );
}
