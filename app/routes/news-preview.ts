import { data } from "react-router";
import { getSessionUser } from "~/accounts/index.server";
import { NEWS_LIMITS } from "~/news";
import { renderNewsContent } from "~/news/index.server";
import { readForm } from "~/platform/forms/read-form.server";
import type { DroppedImage } from "~/platform/markdown/markdown-rules.server";
import { runtimeContext } from "~/platform/server/context.server";
import { can } from "~/roles";
import type { Route } from "./+types/news-preview";

/**
 * What the news and page editors' live preview shows: the HTML, and the images it leaves out (from
 * another site, or no longer in the media library), which the preview names.
 */
export type NewsPreview = { html: string; dropped: DroppedImage[] } | { error: string };

/**
 * The news editor's live preview: the text as the article page will show it, rendered by the same
 * server-side renderer, for the staff who manage news.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const user = await getSessionUser(request, context);
  if (!user) return data<NewsPreview>({ error: "Please sign in to preview news." }, 401);
  if (!can(user.role, "canManageNews"))
    return data<NewsPreview>({ error: "Your role does not allow this." }, 403);
  const form = await readForm(request);
  const content = String(form.get("content") ?? "").slice(0, NEWS_LIMITS.content);
  const format = form.get("format") === "text" ? "text" : "markdown";
  const dropped: DroppedImage[] = [];
  const html = await renderNewsContent(
    runtime.db,
    { format, content },
    runtime.env.SITE_URL,
    dropped,
  );
  return data<NewsPreview>(
    { html, dropped },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
