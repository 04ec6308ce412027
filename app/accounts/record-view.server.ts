import { recordActivity } from "~/activity/index.server";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { getSessionUser } from "./session.server";
import { sessionCookiesIn } from "./session-cookies.server";

/**
 * A signed-in visitor's view of a public page (a news article, a game page) for their activity,
 * recorded after the page is answered: it never delays or fails the page. A request without a
 * session cookie costs nothing.
 */
export function recordViewLater(
  request: Request,
  context: AppContext,
  type: "news_view" | "game_view",
  details: Record<string, unknown>,
): void {
  if (sessionCookiesIn(request.headers.get("Cookie")).length === 0) return;
  void (async () => {
    try {
      const user = await getSessionUser(request, context);
      if (user) await recordActivity(context.get(runtimeContext).db, user.id, type, details);
    } catch (error) {
      context.get(runtimeContext).logger.warn({ err: error, type }, "view not recorded");
    }
  })();
}
