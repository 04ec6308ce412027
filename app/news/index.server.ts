// The news feature's server-only face: what other folders may import on the server.
export { NEWS_ENDPOINTS } from "./news.api.server";
export {
  addNews,
  countNews,
  createNews,
  deleteNews,
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
  updateNews,
} from "./news.server";
export { type NewsEntry, NewsEntrySchema } from "./news-schema";
export { PublishClock } from "./publish-clock.server";
