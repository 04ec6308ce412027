import { getSessionUser } from "~/accounts/index.server";
import { previewMail } from "~/newsletter/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import { can } from "~/roles";
import type { Route } from "./+types/news-mail-preview";

// The news editor's "Preview mail": a saved post's mail HTML as a subscriber gets it, for the staff
// who manage news, in a tab of its own. Its policy allows the mail's inline styles and images and
// nothing else (no script: a mail has none; no form; framed by the site only).
const POLICY =
  "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const text = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const user = await getSessionUser(request, context);
  if (!user) return text("Please sign in to preview the mail.", 401);
  if (!can(user.role, "canManageNews")) return text("Your role does not allow this.", 403);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const keys = { secret: runtime.env.AUTH_SECRET, siteUrl: runtime.env.SITE_URL };
  const html = await previewMail({ db: runtime.db, keys }, id);
  if (html === null) return text("This news item no longer exists.", 404);
  // No icon of its own: the browser would ask for /favicon.ico.
  return new Response(html.replace("</head>", '<link rel="icon" href="data:,">\n</head>'), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": POLICY,
    },
  });
}
