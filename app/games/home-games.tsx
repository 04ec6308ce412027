import { Link } from "react-router";
import { Gamepad2 } from "~/platform/ui/icons";
import { GameCard } from "./game-card";
import type { GameCardEntry } from "./game-pictures";

/** How many games Home shows: the catalogue's first row. */
export const HOME_GAMES_COUNT = 3;

/**
 * Home's games (docs/product.md#home): the catalogue's first few cards, each with its picture and
 * status, and a link to them all. Nothing when there is no game yet.
 */
export function HomeGames({ games }: { games: GameCardEntry[] }) {
  if (games.length === 0) return null;
  return (
    <section aria-labelledby="home-games-heading" className="page-width py-20">
      <div className="section-head">
        <h2 id="home-games-heading" className="section-title">
          Our Games
        </h2>
        <Link to="/games" className="link-more">
          <Gamepad2 aria-hidden="true" />
          All games
        </Link>
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {games.slice(0, HOME_GAMES_COUNT).map((game) => (
          <li key={game.id}>
            <GameCard game={game} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
