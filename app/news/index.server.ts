// The news feature's server-only face: what other folders may import on the server (decision 031).
export { NEWS_ENDPOINTS } from "./news.api.server";
export {
  addNews,
  countNews,
  createNews,
  deleteNews,
  getNews,
  latestNews,
  listNews,
  listNewsEntriesPage,
  listNewsPage,
  newsSitemapUrls,
  updateNews,
} from "./news.server";
export { type NewsEntry, NewsEntrySchema } from "./news-schema";
