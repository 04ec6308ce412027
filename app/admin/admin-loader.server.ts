import type { SessionUser } from "~/accounts/index.server";
import { galleryImagesOf, listGames } from "~/games/index.server";
import type { MediaImage } from "~/media";
import { mediaImages } from "~/media/index.server";
import { countUnreadMessages, listMessagesPage } from "~/messages/index.server";
import { NEWS_STATES, type NewsState } from "~/news";
import { listNewsEntriesPage } from "~/news/index.server";
import { pageRequestFrom } from "~/platform/paging/cursor";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { permissionsOf } from "~/roles";
import { ADMIN_LIST_PARAMS } from "./admin-lists";
import { openTab, TAB_PARAM } from "./admin-tabs";

// What /admin shows (docs/product.md#admin-dashboard): one page of each list the role may manage,
// filtered and paged by the URL. A list whose read fails shows its error and leaves
// the others alone.

/** Messages and news a page of the dashboard shows. */
const PAGE = { messages: 20, news: 20 };

export async function loadAdmin(request: Request, context: AppContext, user: SessionUser) {
  const { db, logger } = context.get(runtimeContext);
  const permissions = permissionsOf(user.role);
  const params = new URL(request.url).searchParams;
  const first = { direction: "first" } as const;
  const inbox = {
    unreadOnly: params.get("unread") === "1",
    search: params.get("mq")?.trim() ?? "",
  };
  const newsSearch = params.get("nq")?.trim() ?? "";
  const wantedState = params.get("nstate");
  const newsState = NEWS_STATES.find((state) => state === wantedState) as NewsState | undefined;
  const load = async <T>(allowed: boolean, what: string, run: () => Promise<T>) => {
    if (!allowed) return { value: null, error: null };
    try {
      return { value: await run(), error: null };
    } catch (error) {
      logger.error({ err: error }, `admin: ${what} failed to load`);
      return { value: null, error: `Failed to load ${what}` };
    }
  };
  const [messages, unread, news, games] = await Promise.all([
    load(permissions.canManageMessages, "messages", () =>
      listMessagesPage(db, {
        page: pageRequestFrom(params, "uuid", ADMIN_LIST_PARAMS.messages) ?? first,
        size: PAGE.messages,
        ...inbox,
      }),
    ),
    load(permissions.canManageMessages, "messages", () => countUnreadMessages(db)),
    load(permissions.canManageNews, "news", () =>
      listNewsEntriesPage(db, {
        page: pageRequestFrom(params, "uuid", ADMIN_LIST_PARAMS.news) ?? first,
        size: PAGE.news,
        search: newsSearch,
        staff: { state: newsState },
      }),
    ),
    load(permissions.canManageGames, "games", () => listGames(db)),
  ]);
  const empty = { items: [], newer: null, older: null };
  // The covers of the listed news items, for the editor's picture of the cover it edits.
  const coverIds = (news.value?.items ?? []).flatMap((item) => item.coverImage ?? []);
  const covers = coverIds.length
    ? Object.fromEntries(await mediaImages(db, coverIds).catch(() => new Map()))
    : {};
  const listed = <T>(result: { value: T | null; error: string | null }, fallback: T) =>
    result.value === null && result.error === null ? null : (result.value ?? fallback);
  return {
    role: user.role,
    permissions,
    tab: openTab(permissions, params.get(TAB_PARAM)),
    messages: {
      page: listed(messages, empty),
      error: messages.error,
      unread: unread.value ?? 0,
      filter: inbox,
    },
    news: {
      page: listed(news, empty),
      error: news.error,
      search: newsSearch,
      state: newsState ?? null,
      covers: covers as Record<string, MediaImage>,
    },
    games: {
      items: listed(games, []),
      error: games.error,
      // The screenshots of the listed games, for the editor's thumbnails.
      images: games.value ? await galleryImagesOf(db, games.value).catch(() => ({})) : {},
    },
  };
}
