import { AlertTriangle, Newspaper } from "lucide-react";
import { data, useNavigation } from "react-router";
import { NewsCard } from "~/news";
import { listNews } from "~/news/index.server";
import { pageMeta, siteUrlFrom } from "~/platform/seo/meta";
import { STUDIO } from "~/platform/studio/studio";
import { Spinner } from "~/platform/ui/spinner";
import type { Route } from "./+types/news";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { news: await listNews(context.runtime.db), error: null };
  } catch (error) {
    context.runtime.logger.error({ err: error }, "news list failed");
    return data({ news: [], error: "Failed to fetch news" }, { status: 503 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "News",
    description: `The latest news, devlogs and announcements from ${STUDIO.name}.`,
    path: "/news",
    siteUrl: siteUrlFrom(matches),
  });

export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { news, error } = loaderData;
  const navigation = useNavigation();
  const refreshing = navigation.state === "loading" && navigation.location.pathname === "/news";
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-black tracking-tight">News</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Devlogs, release notes and studio announcements.
        </p>
      </header>
      {refreshing && (
        <div className="mt-10 flex justify-center">
          <Spinner className="text-primary" label="Loading news" />
        </div>
      )}
      {error && (
        <div
          role="alert"
          className="mt-10 flex items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-destructive"
        >
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
          <p>Error loading news: {error}</p>
        </div>
      )}
      {!error && news.length === 0 ? (
        <div className="mt-12 flex flex-col items-center rounded-xl border border-dashed p-14 text-center">
          <Newspaper aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="mt-4 text-xl font-semibold">No News Yet</h2>
          <p className="mt-2 text-muted-foreground">
            Our first update is on its way. Follow the studio to hear about it first.
          </p>
        </div>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {news.map((item) => (
            <li key={item.id}>
              <NewsCard item={item} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
