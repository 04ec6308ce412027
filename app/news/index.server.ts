// The news feature's server-only face: what other folders may import on the server.
export {
  gameNewsKinds,
  gameNewsReach,
  gameNewsSitemapUrls,
  listPatchNotes,
  readGameNews,
} from "./game-news.server";
export { NEWS_ENDPOINTS } from "./news.api.server";
export {
  countNews,
  getNews,
  getPublishedNews,
  latestNews,
  listNews,
  listNewsEntriesPage,
  listNewsPage,
  newsSitemapUrls,
  nextPublication,
  renderNewsContent,
} from "./news.server";
export { isNewsKind, kindLabel, type NewsFilter, type NewsKind } from "./news-about";
export {
  gamesOfNews,
  LISTED_NEWS,
  type ListReach,
  type NewsReach,
  REACHABLE_NEWS,
} from "./news-about.server";
export { MAIL_LISTS_LOCKED } from "./news-about-writes.server";
export { findNewsByAddress, readArticle } from "./news-article.server";
export { publicEntry } from "./news-entry.server";
export {
  feedHtml,
  feedResponse,
  feedXml,
  gameFeed,
  newsFeedXml,
  studioFeed,
  tagFeed,
} from "./news-feed.server";
export { newsHtmlOf } from "./news-html.server";
export { readNewsList } from "./news-list-read.server";
export { type NewsEntry, NewsEntrySchema } from "./news-schema";
export {
  addNews,
  createNews,
  deleteNews,
  NEWS_CHANGED,
  type NewsChanged,
  updateNews,
} from "./news-writes.server";
