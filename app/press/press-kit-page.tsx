import type { ShownGame } from "~/games";
import { type GamePicture, GamePictureImage, TrailerPlayer } from "~/games";
import { type MediaImage, ResponsiveImage } from "~/media";
import { Download } from "~/platform/ui/icons";
import { FactSheet, type FactSheetStudio } from "./fact-sheet";
import type { KitData } from "./kit-schema";
import type { KitTrailer } from "./kit-trailers";

// A game's press kit page (/press/<slug>): the fact sheet, then the words, the videos, the pictures
// (each with its original to download) and the people. Renders without JavaScript.

type Screenshot = { image: MediaImage; alt: string };
export type KitPicture = { name: string; image: MediaImage; alt: string };

/** A kit's titled part; on a game's kit only the fact sheet prints, so the rest hide in print. */
export function Section({
  id,
  title,
  children,
  printed = false,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  printed?: boolean;
}) {
  return (
    <section aria-labelledby={id} className={printed ? "mt-10" : "mt-10 print:hidden"}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Pictures with a link to each one's original upload. */
export function PictureGallery({
  pictures,
  base,
  query = "",
}: {
  pictures: KitPicture[];
  base: string;
  query?: string;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {pictures.map((picture) => (
        <li key={picture.name} className="rounded-lg border bg-muted p-2">
          <ResponsiveImage
            image={picture.image}
            alt={picture.alt}
            sizes="(min-width: 40rem) 33vw, 50vw"
            className="aspect-video w-full object-contain"
          />
          <a
            href={`${base}/files/${picture.name}${query}`}
            className="mt-2 inline-flex items-center gap-1 text-sm text-primary underline-offset-2 hover:underline"
            download
          >
            <Download aria-hidden="true" className="size-4" /> Original
            <span className="sr-only">{`: ${picture.alt}`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Trailers({
  trailers,
  title,
  poster,
}: {
  trailers: KitTrailer[];
  title: string;
  poster: GamePicture | null;
}) {
  if (trailers.length === 0) return null;
  return (
    <Section id="trailers" title="Trailers">
      <ul className="grid gap-6 md:grid-cols-2">
        {trailers.map(({ name, trailer }) => (
          <li key={trailer.id}>
            <TrailerPlayer trailer={trailer} title={`${title}: ${name}`} poster={poster} />
            <p className="mt-2 text-sm font-medium">{name}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function PressKitPage({
  game,
  kit,
  html,
  screenshots,
  keyArt,
  pictures,
  logos,
  studio,
  trailers,
  query = "",
}: {
  game: ShownGame;
  kit: KitData;
  /** The game's trailer and the kit's (`kitTrailers`). */
  trailers: KitTrailer[];
  html: string;
  screenshots: Screenshot[];
  keyArt: GamePicture | null;
  pictures: KitPicture[];
  logos: KitPicture[];
  studio: FactSheetStudio;
  query?: string;
}) {
  const base = `/press/${game.slug}`;
  const poster: GamePicture | null = screenshots[0]
    ? { source: "screenshot", image: screenshots[0].image, alt: screenshots[0].alt }
    : keyArt;
  const link = "text-primary underline-offset-2 hover:underline";
  const shots = pictures.filter((picture) => picture.name.startsWith("screenshot"));
  const art = pictures.filter((picture) => !picture.name.startsWith("screenshot"));
  return (
    <>
      <header className="print:hidden">
        <p className="text-sm font-medium text-muted-foreground">Press kit</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{game.title}</h1>
        {keyArt && (
          <div className="mt-6 overflow-hidden rounded-xl border">
            <GamePictureImage
              picture={keyArt}
              title={game.title}
              sizes="(min-width: 72rem) 70rem, 100vw"
              className="aspect-[21/9] w-full"
              priority
            />
          </div>
        )}
      </header>
      <div className="mt-8">
        <FactSheet
          game={game}
          kit={kit}
          studio={studio}
          base={base}
          query={query}
          downloads={{ images: pictures.length > 0, logos: logos.length > 0 }}
          logo={logos[0] ?? null}
          keyArt={keyArt}
        />
      </div>
      <Section id="description" title="Description">
        <div
          className="markdown max-w-3xl leading-relaxed"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by the Markdown renderer, which lets no raw HTML, script or unsafe link through
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </Section>
      {kit.history && (
        <Section id="history" title="History">
          <p className="whitespace-pre-line">{kit.history}</p>
        </Section>
      )}
      {kit.features.length > 0 && (
        <Section id="features" title="Features">
          <ul className="list-disc space-y-1 pl-6">
            {kit.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </Section>
      )}
      <Trailers trailers={trailers} title={game.title} poster={poster} />
      <Section id="screenshots" title="Screenshots">
        {shots.length ? (
          <PictureGallery pictures={shots} base={base} query={query} />
        ) : (
          <p>No screenshots yet.</p>
        )}
      </Section>
      {art.length > 0 && (
        <Section id="key-art" title="Key art">
          <PictureGallery pictures={art} base={base} query={query} />
        </Section>
      )}
      <Section id="logos" title="Logos">
        {logos.length ? (
          <PictureGallery pictures={logos} base={base} query={query} />
        ) : (
          <p>No logos yet: ask us.</p>
        )}
      </Section>
      {kit.awards.length > 0 && (
        <Section id="awards" title="Awards">
          <ul className="space-y-2">
            {kit.awards.map((award) => (
              <li key={award.description + award.info}>
                <span className="font-medium">{award.description}</span>
                {award.info && <span className="text-muted-foreground"> · {award.info}</span>}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {kit.quotes.length > 0 && (
        <Section id="quotes" title="Quotes">
          <ul className="space-y-4">
            {kit.quotes.map((quote) => (
              <li key={quote.text}>
                <blockquote className="border-l-4 pl-4 italic">“{quote.text}”</blockquote>
                <p className="mt-1 pl-5 text-sm">
                  {quote.author}
                  {quote.outlet && ", "}
                  {quote.link ? (
                    <a href={quote.link} className={link} rel="noopener noreferrer">
                      {quote.outlet || quote.link}
                    </a>
                  ) : (
                    quote.outlet
                  )}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {kit.additionals.length > 0 && (
        <Section id="links" title="Additional links">
          <ul className="space-y-1">
            {kit.additionals.map((item) => (
              <li key={item.title}>
                <span className="font-medium">{item.title}</span> {item.description}{" "}
                {item.link && (
                  <a href={item.link} className={`${link} break-all`} rel="noopener noreferrer">
                    {item.link}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {kit.credits.length > 0 && (
        <Section id="credits" title="Credits">
          <Credits credits={kit.credits} />
        </Section>
      )}
    </>
  );
}

export function Credits({ credits }: { credits: KitData["credits"] }) {
  return (
    <dl className="grid gap-2 sm:grid-cols-2">
      {credits.map((credit) => (
        <div key={credit.name + credit.role}>
          <dt className="font-medium">
            {credit.link ? (
              <a
                href={credit.link}
                className="text-primary underline-offset-2 hover:underline"
                rel="noopener noreferrer"
              >
                {credit.name}
              </a>
            ) : (
              credit.name
            )}
          </dt>
          <dd className="text-sm text-muted-foreground">{credit.role}</dd>
        </div>
      ))}
    </dl>
  );
}
