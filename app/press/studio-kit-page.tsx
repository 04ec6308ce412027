import { Link } from "react-router";
import { type GameCardEntry, GamePictureImage } from "~/games";
import { KitDownloads } from "./kit-downloads";
import type { KitData } from "./kit-schema";
import { Credits, type KitPicture, PictureGallery, Section } from "./press-kit-page";

// The studio's press kit (/press): who we are, since when and where, the team, how to reach us, our
// logos and a kit for each game.

export type StudioFacts = {
  name: string;
  description: string;
  location: string;
  emailPress: string;
  emailGeneral: string;
};

export function StudioKitPage({
  studio,
  kit,
  logos,
  games,
  hasImages,
  query = "",
}: {
  query?: string;
  /** Whether images.zip has anything in it (a game's key art). */
  hasImages: boolean;
  studio: StudioFacts;
  kit: KitData;
  logos: KitPicture[];
  games: GameCardEntry[];
}) {
  const link = "text-primary underline-offset-2 hover:underline";
  const contacts = [
    ...(studio.emailPress ? [{ label: "Press", address: studio.emailPress }] : []),
    ...(studio.emailGeneral ? [{ label: "General", address: studio.emailGeneral }] : []),
    ...kit.contacts,
  ];
  return (
    <>
      <p className="text-sm font-medium text-muted-foreground">Press kit</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{studio.name}</h1>
      {studio.description && <p className="mt-4 max-w-3xl text-lg">{studio.description}</p>}
      <dl className="mt-6 grid max-w-3xl gap-2 text-sm sm:grid-cols-[11rem_1fr]">
        <dt className="font-medium text-muted-foreground">Based in</dt>
        <dd>{kit.basedIn || studio.location || "Not stated"}</dd>
        <dt className="font-medium text-muted-foreground">Founding date</dt>
        <dd>{kit.foundingDate || "Not stated"}</dd>
        <dt className="font-medium text-muted-foreground">Press contact</dt>
        <dd>
          {studio.emailPress ? (
            <a className={link} href={`mailto:${studio.emailPress}`}>
              {studio.emailPress}
            </a>
          ) : (
            <Link className={link} to="/contact">
              Contact page
            </Link>
          )}
        </dd>
      </dl>
      <div className="mt-6 flex flex-wrap gap-2">
        <KitDownloads base="/press" query={query} images={hasImages} logos={logos.length > 0} />
      </div>
      {kit.history && (
        <Section printed id="history" title="History">
          <p className="max-w-3xl whitespace-pre-line">{kit.history}</p>
        </Section>
      )}
      <Section printed id="games" title="Games">
        {games.length === 0 ? (
          <p>No games yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {games.map((game) => (
              <li key={game.id} className="overflow-hidden rounded-lg border">
                <Link to={`/press/${game.slug}`} className="group block">
                  <GamePictureImage
                    picture={game.card}
                    title={game.title}
                    sizes="(min-width: 40rem) 25vw, 50vw"
                    className="aspect-video w-full"
                  />
                  <span className="block p-3 font-medium group-hover:underline">
                    {game.title}: press kit
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {kit.credits.length > 0 && (
        <Section printed id="team" title="Team">
          <Credits credits={kit.credits} />
        </Section>
      )}
      <Section printed id="contacts" title="Contacts">
        {contacts.length ? (
          <dl className="grid gap-2 sm:grid-cols-[11rem_1fr]">
            {contacts.map((contact) => (
              <div key={contact.label + contact.address} className="contents">
                <dt className="font-medium text-muted-foreground">{contact.label}</dt>
                <dd>
                  <a
                    className={`${link} break-all`}
                    href={
                      contact.address.includes("@") && !contact.address.includes("/")
                        ? `mailto:${contact.address}`
                        : contact.address
                    }
                  >
                    {contact.address}
                  </a>
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p>
            Write to us through the{" "}
            <Link className={link} to="/contact">
              contact page
            </Link>
            .
          </p>
        )}
      </Section>
      <Section printed id="logos" title="Logos">
        {logos.length ? (
          <PictureGallery pictures={logos} base="/press" query={query} />
        ) : (
          <p>No logos yet: ask us.</p>
        )}
      </Section>
    </>
  );
}
