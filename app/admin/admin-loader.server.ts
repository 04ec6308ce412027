import { gameImagesOf, listAllGames } from "~/games/index.server";
import type { MediaImage } from "~/media";
import { mediaImages } from "~/media/index.server";
import { countUnreadMessages, listMessagesPage } from "~/messages/index.server";
import {
  NEWS_STATES,
  type NewsMailing,
  type NewsState,
  newsFilterFrom,
  withWaitingMail,
} from "~/news";
import { listNewsEntriesPage } from "~/news/index.server";
import { mailListOptions, sendProgress } from "~/newsletter/index.server";
import { hasPage, listPages } from "~/pages/index.server";
import { pageRequestFrom } from "~/platform/paging/cursor";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { readPageSettings } from "~/settings/index.server";
import { ADMIN_LIST_PARAMS } from "./admin-tabs";

// What each tab of the dashboard shows (docs/product.md#admin-dashboard): one page of its own list,
// filtered and paged by the URL. A list whose read fails shows its error (an empty list beside it).

/** Messages and news a page of the dashboard shows. */
const PAGE = { messages: 20, news: 20 };
const FIRST = { direction: "first" } as const;
const EMPTY = { items: [], newer: null, older: null };

/** Reads a tab's list; a failure is logged and becomes the tab's error, with `fallback` shown. */
async function read<T>(
  context: AppContext,
  what: string,
  fallback: NoInfer<T>,
  run: () => Promise<T>,
) {
  try {
    return { value: await run(), error: null };
  } catch (error) {
    context.get(runtimeContext).logger.error({ err: error }, `admin: ${what} failed to load`);
    return { value: fallback, error: `Failed to load ${what}` };
  }
}

/** The Contact Messages tab: a page of the inbox, its filter and the unread count. */
export async function loadMessagesTab(request: Request, context: AppContext) {
  const { db } = context.get(runtimeContext);
  const params = new URL(request.url).searchParams;
  const filter = {
    unreadOnly: params.get("unread") === "1",
    search: params.get("mq")?.trim() ?? "",
  };
  const [page, unread] = await Promise.all([
    read(context, "messages", EMPTY, () =>
      listMessagesPage(db, {
        page: pageRequestFrom(params, "uuid", ADMIN_LIST_PARAMS.messages) ?? FIRST,
        size: PAGE.messages,
        ...filter,
      }),
    ),
    read(context, "messages", 0, () => countUnreadMessages(db)),
  ]);
  // An unread count that fails to load shows as none; the list says whether the inbox loaded.
  return { page: page.value, error: page.error, unread: unread.value, filter };
}

/**
 * The News Management tab: a page of the news, its search and its state, kind and game filters,
 * their covers, and every game (the editor's About).
 */
export async function loadNewsTab(request: Request, context: AppContext) {
  const { db } = context.get(runtimeContext);
  const params = new URL(request.url).searchParams;
  const search = params.get("nq")?.trim() ?? "";
  const wanted = params.get("nstate");
  const state = NEWS_STATES.find((one) => one === wanted) as NewsState | undefined;
  // The public list's rules for its kind and game filters; what cannot be one is left out.
  const filter = newsFilterFrom(
    new URLSearchParams({ kind: params.get("nkind") ?? "", game: params.get("ngame") ?? "" }),
  );
  const [page, games] = await Promise.all([
    read(context, "news", EMPTY, () =>
      listNewsEntriesPage(db, {
        page: pageRequestFrom(params, "uuid", ADMIN_LIST_PARAMS.news) ?? FIRST,
        size: PAGE.news,
        search,
        filter,
        staff: { state },
      }),
    ),
    read(context, "games", [], async () =>
      (await listAllGames(db)).map(({ id, title, slug, visibility, announceAt }) => ({
        id,
        title,
        slug,
        visibility,
        announceAt,
      })),
    ),
  ]);
  // The covers of the listed news items, for the editor's picture of the cover it edits.
  const coverIds = page.value.items.flatMap((item) => item.coverImage ?? []);
  const covers = coverIds.length
    ? Object.fromEntries(await mediaImages(db, coverIds).catch(() => new Map()))
    : {};
  // The newsletter's lists and the listed posts' sends (the editor's "Send by mail to").
  // Unread settings do not warn: the warning says something true or nothing.
  const unread = { lists: [], sends: {}, postalAddressMissing: false };
  const mailing = await read(context, "newsletter sends", unread, async () => {
    // The root loader's read of this request, shared.
    const settings = await readPageSettings(request, context);
    return {
      lists: await mailListOptions(db, settings.name),
      sends: withWaitingMail(
        page.value.items,
        await sendProgress(
          db,
          page.value.items.map((item) => item.id),
        ),
      ),
      postalAddressMissing: settings.postalAddress === "",
    };
  });
  return {
    page: page.value,
    error: page.error,
    search,
    state: state ?? null,
    filter: { kind: filter.kind ?? null, game: filter.game ?? null },
    covers: covers as Record<string, MediaImage>,
    games: games.value,
    mailing: mailing.value as NewsMailing,
  };
}

/** The Game Management tab: every game in order, with the pictures the editor shows. */
export async function loadGamesTab(context: AppContext) {
  const { db } = context.get(runtimeContext);
  const games = await read(context, "games", [], () => listAllGames(db));
  return {
    items: games.value,
    error: games.error,
    images: games.error ? {} : await gameImagesOf(db, games.value).catch(() => ({})),
  };
}

/** The Pages tab: every page (a studio has a handful), and whether to offer a privacy policy. */
export async function loadPagesTab(context: AppContext) {
  const { db } = context.get(runtimeContext);
  const [pages, privacy] = await Promise.all([
    read(context, "pages", [], () => listPages(db)),
    read(context, "pages", true, () => hasPage(db, "privacy")),
  ]);
  return { pages: pages.value, error: pages.error, offerPrivacy: !privacy.value };
}
