// The news feature's server-only face: what other folders may import on the server (decision 031).
export { NEWS_ENDPOINTS } from "./news.api.server";
export {
  addNews,
  createNews,
  deleteNews,
  getNews,
  listNews,
  updateNews,
} from "./news.server";
export { type NewsEntry, NewsEntrySchema } from "./news-schema";
