// The news feature's server-only face: what other folders may import on the server.
export { NEWS_ENDPOINTS } from "./news.api.server";
export {
  countNews,
  findNewsByAddress,
  getNews,
  getPublishedNews,
  latestNews,
  listNews,
  listNewsEntriesPage,
  listNewsPage,
  newsSitemapUrls,
  nextPublication,
  readArticle,
  renderNewsContent,
} from "./news.server";
export { feedHtml, newsFeedXml } from "./news-feed.server";
export { type NewsEntry, NewsEntrySchema } from "./news-schema";
export {
  addNews,
  createNews,
  deleteNews,
  NEWS_CHANGED,
  type NewsChanged,
  updateNews,
} from "./news-writes.server";
