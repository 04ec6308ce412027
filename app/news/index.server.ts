// The news feature's server-only face: what other folders may import on the server (decision 031).
export {
  addNews,
  createNews,
  deleteNews,
  getNews,
  listNews,
  type NewsEntry,
  updateNews,
} from "./news.server";
