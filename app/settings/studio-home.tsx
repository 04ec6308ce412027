import { Link } from "react-router";
import { ThemeSwitcher } from "~/platform/theme/theme-switcher";
import { Button } from "~/platform/ui/button";
import { Gamepad2, Mail } from "~/platform/ui/icons";
import { useSite } from "./site-context";
import { SiteLogo } from "./site-logo";

// The studio's own sections of the home page (docs/product.md#home), from its saved settings: the
// hero with the theme switcher, about the studio (vision and values) and the closing call to
// action. The Markdown parts come rendered and sanitised by the server (app/platform/markdown).

/** The home page's Markdown sections as safe HTML. */
export type HomeSections = { vision: string; values: string; callToAction: string };

/** The hero: the theme switcher, the studio's heading and text, and 'Our Games' / 'Get in Touch'. */
export function StudioHero() {
  const site = useSite();
  return (
    <section className="relative overflow-hidden border-b bg-gradient-to-b from-accent/70 via-background to-background">
      <div className="page-width flex flex-col items-center py-20 text-center md:py-28">
        <ThemeSwitcher className="mb-10" />
        <SiteLogo className="mb-6 size-16" />
        <h1 className="max-w-3xl text-4xl font-black tracking-tight sm:text-5xl md:text-6xl">
          {site.heroHeading}
        </h1>
        {site.heroText && (
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground sm:text-xl">{site.heroText}</p>
        )}
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

function Rendered({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised Markdown rendering
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** About the studio: its vision and its values. */
export function StudioAbout({ sections }: { sections: HomeSections }) {
  if (!sections.vision && !sections.values) return null;
  return (
    <section aria-labelledby="about-heading" className="page-width py-20">
      <div className="grid gap-12 md:grid-cols-2 md:items-start">
        <div>
          <h2 id="about-heading" className="section-title">
            About Us
          </h2>
          {sections.vision && (
            <>
              <h3 className="mt-8 text-lg font-semibold text-primary">Our Vision</h3>
              <Rendered html={sections.vision} className="markdown mt-3 text-muted-foreground" />
            </>
          )}
        </div>
        {sections.values && (
          <div>
            <h3 className="text-lg font-semibold text-primary md:mt-0">Our Values</h3>
            <Rendered html={sections.values} className="markdown mt-4 text-muted-foreground" />
          </div>
        )}
      </div>
    </section>
  );
}

/** The closing call to action: the studio's words and the two ways on. */
export function StudioCallToAction({ sections }: { sections: HomeSections }) {
  return (
    <section className="page-width py-20">
      <div className="rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground sm:px-12">
        <Rendered
          html={sections.callToAction}
          className="markdown cta-markdown mx-auto max-w-2xl"
        />
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
