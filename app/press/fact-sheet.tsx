import { type GamePicture, GamePictureImage, ReleaseDate, type ShownGame } from "~/games";
import { type MediaImage, ResponsiveImage } from "~/media";
import { buttonVariants } from "~/platform/ui/button";
import { Printer } from "~/platform/ui/icons";
import { KitDownloads } from "./kit-downloads";
import type { KitData } from "./kit-schema";
import { MONETIZATION_WORDS } from "./kit-words";

/** The game as the sheet shows it: a game page's fields (`hasAbout` aside). */
type SheetGame = Omit<ShownGame, "hasAbout">;

// A game kit's fact sheet: what a journalist checks first, every fact present even when it is
// "TBA". It is also the printed page: the print stylesheet (app.css) keeps it alone on one sheet,
// and only in print does it open with the logo, key art, description, features and a quote (the
// page shows those in their own sections), each kept short enough for one A4 or Letter page.

/** What the printed sheet shows at most of the kit's lists. */
export const PRINTED_FEATURES = 5;

export type FactSheetStudio = { name: string; pressEmail: string; location: string };

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-2 sm:grid-cols-[11rem_1fr] sm:gap-4 print:grid-cols-[9rem_1fr] print:py-1">
      <dt className="font-medium text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ReleaseDates({ game, kit }: { game: SheetGame; kit: KitData }) {
  if (kit.releaseDates.length > 0) {
    return (
      <ul>
        {kit.releaseDates.map((release) => (
          <li key={`${release.platform}-${release.date}`}>
            {release.platform}:{" "}
            {/^\d{4}-\d{2}-\d{2}$/.test(release.date) ? (
              <ReleaseDate date={release.date} />
            ) : (
              release.date || "TBA"
            )}
          </li>
        ))}
      </ul>
    );
  }
  if (game.releaseDate) return <ReleaseDate date={game.releaseDate} />;
  return <>{kit.releaseText || "TBA"}</>;
}

function Platforms({ game }: { game: SheetGame }) {
  const linked = new Map(game.storeLinks.map((link) => [link.store, link.url]));
  const names = [...new Set([...game.platforms, ...game.storeLinks.map((link) => link.store)])];
  if (names.length === 0) return <>TBA</>;
  return (
    <ul className="flex flex-wrap gap-x-3">
      {names.map((name) => {
        const url = linked.get(name);
        return (
          <li key={name}>
            {url ? (
              <a
                href={url}
                className="text-primary underline-offset-2 hover:underline"
                rel="noopener noreferrer"
              >
                {name}
              </a>
            ) : (
              name
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The printed sheet's opening: logo and title, key art, description, features and one quote. */
function PrintedOpening({
  game,
  kit,
  logo,
  keyArt,
}: {
  game: SheetGame;
  kit: KitData;
  logo: { image: MediaImage; alt: string } | null;
  keyArt: GamePicture | null;
}) {
  const quote = kit.quotes[0];
  const features = kit.features.slice(0, PRINTED_FEATURES);
  return (
    <div className="press-print-opening hidden print:block" data-testid="printed-opening">
      <div className="flex items-center gap-4">
        {logo && (
          // The same file as the Logos section's (same sizes): printing fetches nothing new.
          <ResponsiveImage
            image={logo.image}
            alt={logo.alt}
            sizes="(min-width: 40rem) 33vw, 50vw"
            className="h-[16mm] w-auto max-w-[50mm] object-contain"
            priority
          />
        )}
        <p className="text-2xl font-bold">{game.title}</p>
      </div>
      {keyArt && (
        <GamePictureImage
          picture={keyArt}
          title={game.title}
          sizes="(min-width: 72rem) 70rem, 100vw"
          className="mt-2 h-[48mm] w-full"
          priority
        />
      )}
      <p className="mt-2 line-clamp-4 text-sm">{game.description}</p>
      {features.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm">
          {features.map((feature) => (
            <li key={feature} className="line-clamp-1">
              {feature}
            </li>
          ))}
        </ul>
      )}
      {quote && (
        <figure className="mt-2 text-sm">
          <blockquote className="line-clamp-3 border-l-4 pl-3 italic">“{quote.text}”</blockquote>
          {(quote.author || quote.outlet) && (
            <figcaption className="pl-4">
              {[quote.author, quote.outlet].filter(Boolean).join(", ")}
            </figcaption>
          )}
        </figure>
      )}
    </div>
  );
}

export function FactSheet({
  game,
  kit,
  studio,
  base,
  query = "",
  downloads = { images: true, logos: true },
  logo = null,
  keyArt = null,
}: {
  game: SheetGame;
  kit: KitData;
  studio: FactSheetStudio;
  /** The kit's address, `/press/<slug>`, for its downloads. */
  base: string;
  /** A signed link's query ("?expires=…"), carried to the downloads; empty for a public kit. */
  query?: string;
  /** Which zips have something in them. */
  downloads?: { images: boolean; logos: boolean };
  /** The kit's first logo (else the studio's), printed at the top of the sheet. */
  logo?: { image: MediaImage; alt: string } | null;
  keyArt?: GamePicture | null;
}) {
  return (
    <section
      aria-labelledby="fact-sheet"
      className="press-fact-sheet rounded-xl border bg-card p-5 print:border-0 print:p-0"
    >
      <PrintedOpening game={game} kit={kit} logo={logo} keyArt={keyArt} />
      <div className="flex flex-wrap items-center justify-between gap-3 print:mt-3">
        <h2 id="fact-sheet" className="text-xl font-semibold print:text-base">
          Fact sheet
        </h2>
        <div className="flex flex-wrap gap-2 print:hidden">
          <KitDownloads base={base} query={query} {...downloads} />
          <PrintButton />
        </div>
      </div>
      <dl className="mt-3 text-sm print:mt-1 print:text-xs">
        <Fact term="Developer">{kit.developer || studio.name}</Fact>
        {/* The settings' location is a free text ("Lisbon, Portugal", "Remote-first"): its own line,
            and only when the studio is the developer, as /press shows it. */}
        {studio.location && !kit.developer && <Fact term="Based in">{studio.location}</Fact>}
        <Fact term="Publisher">{kit.publisher || studio.name}</Fact>
        <Fact term="Release date">
          <ReleaseDates game={game} kit={kit} />
        </Fact>
        <Fact term="Platforms">
          <Platforms game={game} />
        </Fact>
        <Fact term="Price">
          {kit.prices.length
            ? kit.prices.map((price) => `${price.value} (${price.currency})`).join(" · ")
            : "TBA"}
        </Fact>
        <Fact term="Website">
          <a href={game.url} className="break-all text-primary underline-offset-2 hover:underline">
            {game.url}
          </a>
        </Fact>
        <Fact term="Press contact">
          {studio.pressEmail ? (
            <a
              href={`mailto:${studio.pressEmail}`}
              className="text-primary underline-offset-2 hover:underline"
            >
              {studio.pressEmail}
            </a>
          ) : (
            "Use the contact page"
          )}
        </Fact>
        <Fact term="Languages">
          {kit.languages.length ? kit.languages.join(", ") : "Not stated"}
        </Fact>
        <Fact term="Content warnings">{kit.contentWarnings || "None stated"}</Fact>
        <Fact term="Streaming and videos">{MONETIZATION_WORDS[kit.monetization]}</Fact>
      </dl>
    </section>
  );
}

/** Prints the page: the print stylesheet leaves the fact sheet alone on it. */
function PrintButton() {
  return (
    <button
      type="button"
      className={buttonVariants({ variant: "outline", size: "sm" })}
      onClick={() => window.print()}
      data-testid="print-fact-sheet"
    >
      <Printer aria-hidden="true" className="size-4" /> Print fact sheet
    </button>
  );
}
