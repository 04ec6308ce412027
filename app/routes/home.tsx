import { Gamepad2, Heart, Mail, Newspaper, Sparkles, Users } from "lucide-react";
import { Link } from "react-router";
import { NewsCard } from "~/news";
import { listNews } from "~/news/index.server";
import { pageMeta, siteUrlFrom } from "~/platform/seo/meta";
import { STUDIO } from "~/platform/studio/studio";
import { StudioMark } from "~/platform/studio/studio-mark";
import { ThemeSwitcher } from "~/platform/theme/theme-switcher";
import { Button } from "~/platform/ui/button";
import type { Route } from "./+types/home";

/** Home shows the 3 newest news items (docs/product.md#home). */
export const LATEST_NEWS_COUNT = 3;

export async function loader({ context }: Route.LoaderArgs) {
  return { latestNews: await listNews(context.runtime.db, { limit: LATEST_NEWS_COUNT }) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${STUDIO.name} | Independent game studio`,
    description: STUDIO.description,
    path: "/",
    siteUrl: siteUrlFrom(matches),
  });

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

export default function Home({ loaderData }: Route.ComponentProps) {
  const { latestNews } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-accent/70 via-background to-background">
        <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-20 text-center sm:px-6 md:py-28">
          <ThemeSwitcher className="mb-10" />
          <StudioMark className="mb-6 size-16" />
          <h1 className="max-w-3xl text-4xl font-black tracking-tight sm:text-5xl md:text-6xl">
            {STUDIO.name}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground sm:text-xl">
            An independent studio making small, handcrafted games with big hearts. Cozy worlds,
            clever puzzles and stories worth staying up for.
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

      <section aria-labelledby="latest-news-heading" className="border-y bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="latest-news-heading" className="text-3xl font-bold tracking-tight">
              Latest News
            </h2>
            <Link
              to="/news"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
            >
              <Newspaper aria-hidden="true" className="size-4" />
              All news
            </Link>
          </div>
          {latestNews.length === 0 ? (
            <p className="mt-10 rounded-xl border border-dashed p-10 text-center text-muted-foreground">
              No news available yet. Check back soon!
            </p>
          ) : (
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {latestNews.map((item) => (
                <li key={item.id}>
                  <NewsCard item={item} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

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
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
            >
              <Link to="/contact">Contact the Team</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
