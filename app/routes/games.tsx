import { GameCard } from "~/games";
import { listGameCards } from "~/games/index.server";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { Gamepad2 } from "~/platform/ui/icons";
import { siteFrom } from "~/settings";
import type { Route } from "./+types/games";

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  return { games: await listGameCards(db) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    ...siteFrom(matches),
    title: "Games",
    description: `Every game by ${siteFrom(matches).siteName}: released titles, games in development and what is coming soon.`,
    path: "/games",
  });

export default function Games({ loaderData }: Route.ComponentProps) {
  const { games } = loaderData;
  return (
    <div className="page-width py-14">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-black tracking-tight">Our Games</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Released titles, games in the making and what is coming next.
        </p>
      </header>
      {games.length === 0 ? (
        <div className="mt-12 flex flex-col items-center rounded-xl border border-dashed p-14 text-center">
          <Gamepad2 aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="mt-4 text-muted-foreground">No games available yet. Check back soon!</p>
        </div>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {games.map((game, index) => (
            <li key={game.id}>
              <GameCard game={game} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
