import { Gamepad2, Heart, Mail, Sparkles, Users } from "lucide-react";
import { Link } from "react-router";
import { ThemeSwitcher } from "~/platform/theme/theme-switcher";
import { Button } from "~/platform/ui/button";
import { STUDIO } from "./studio";
import { StudioMark } from "./studio-mark";

// The studio's own sections of the home page (docs/product.md#home): the hero with the theme
// switcher, about the studio, and the closing call to action.

const VALUES = [
  {
    Icon: Heart,
    title: "Craft over scale",
    text: "We would rather make one game people remember than ten they forget. Every level, sound and line of dialogue is made by hand.",
  },
  {
    Icon: Users,
    title: "Players as partners",
    text: "Our community plays our builds early and often. Their feedback shapes what we make, and we say so in every update.",
  },
  {
    Icon: Sparkles,
    title: "Small team, kind pace",
    text: "We ship when it is ready, keep sane hours and credit everyone who helped. Healthy teams make better games.",
  },
];

/** The hero: the theme switcher, the studio's name and 'Our Games' / 'Get in Touch'. */
export function StudioHero() {
  return (
    <section className="relative overflow-hidden border-b bg-gradient-to-b from-accent/70 via-background to-background">
      <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-20 text-center sm:px-6 md:py-28">
        <ThemeSwitcher className="mb-10" />
        <StudioMark className="mb-6 size-16" />
        <h1 className="max-w-3xl text-4xl font-black tracking-tight sm:text-5xl md:text-6xl">
          {STUDIO.name}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-muted-foreground sm:text-xl">
          An independent studio making small, handcrafted games with big hearts. Cozy worlds, clever
          puzzles and stories worth staying up for.
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/games">
              <Gamepad2 aria-hidden="true" />
              Our Games
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/contact">
              <Mail aria-hidden="true" />
              Get in Touch
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

/** About the studio: its vision and its values. */
export function StudioAbout() {
  return (
    <section aria-labelledby="about-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <div className="grid gap-12 md:grid-cols-2 md:items-start">
        <div>
          <h2 id="about-heading" className="text-3xl font-bold tracking-tight">
            About Us
          </h2>
          <h3 className="mt-8 text-lg font-semibold text-primary">Our Vision</h3>
          <p className="mt-3 text-muted-foreground">
            We believe games are one of the most personal ways to tell a story. Our vision is a
            catalogue of small, distinctive games that feel made by people, for people: games you
            can finish, share and come back to years later.
          </p>
        </div>
        <div>
          <h3 className="text-lg font-semibold text-primary md:mt-0">Our Values</h3>
          <ul className="mt-4 space-y-5">
            {VALUES.map(({ Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="mt-1 flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <p className="font-semibold">{title}</p>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** The closing call to action. */
export function StudioCallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <div className="rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground sm:px-12">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight">
          Play something handmade
        </h2>
        <p className="mx-auto mt-4 max-w-2xl opacity-90">
          Browse our games, follow the studio's news, or tell us what you would love to play next.
          We read every message.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="secondary">
            <Link to="/games">Browse Games</Link>
          </Button>
          <Button asChild size="lg" variant="onPrimary">
            <Link to="/contact">Contact the Team</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
