import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { FeaturedGameHero } from "../../app/games/featured-game";
import type { FeaturedGame } from "../../app/games/game-pictures";

// The featured game's hero as the server renders it, for a browser test to place on Home and look
// at before Home can choose a featured game.
export function featuredGameHtml(featured: FeaturedGame): string {
  return renderToString(
    <MemoryRouter>
      <FeaturedGameHero featured={featured} headingLevel={1} />
    </MemoryRouter>,
  );
}
