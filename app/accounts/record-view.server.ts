import type { AppLoadContext } from "react-router";
import { recordActivity } from "~/activity/index.server";
import { getSessionUser } from "./session.server";
import { sessionCookieOf } from "./session-cache.server";

/**
 * A signed-in visitor's view of a public page (a news article, a game page) for their activity,
 * recorded after the page is answered: it never delays or fails the page. A request without a
 * session cookie costs nothing.
 */
export function recordViewLater(
  request: Request,
  context: AppLoadContext,
  type: "news_view" | "game_view",
  details: Record<string, unknown>,
): void {
  if (!sessionCookieOf(request.headers.get("Cookie"))) return;
  void (async () => {
    try {
      const user = await getSessionUser(request, context);
      if (user) await recordActivity(context.runtime.db, user.id, type, details);
    } catch (error) {
      context.runtime.logger.warn({ err: error, type }, "view not recorded");
    }
  })();
}
