// The news feature's server-only face: what other folders may import on the server.
export { NEWS_ENDPOINTS } from "./news.api.server";
export {
  countNews,
  findNewsByAddress,
  gamesOfNews,
  getNews,
  getPublishedNews,
  LISTED_NEWS,
  latestNews,
  listNews,
  listNewsEntriesPage,
  listNewsPage,
  type NewsReach,
  newsSitemapUrls,
  nextPublication,
  publicEntry,
  REACHABLE_NEWS,
  readArticle,
  readNewsList,
  renderNewsContent,
} from "./news.server";
export { isNewsKind, kindLabel, type NewsFilter, type NewsKind } from "./news-about";
export { feedHtml, newsFeedXml } from "./news-feed.server";
export { type NewsEntry, NewsEntrySchema } from "./news-schema";
export {
  addNews,
  createNews,
  deleteNews,
  MAIL_LISTS_LOCKED,
  NEWS_CHANGED,
  type NewsChanged,
  updateNews,
} from "./news-writes.server";
