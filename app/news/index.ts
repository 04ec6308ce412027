// The news feature's browser-safe face: what other folders may import.
export {
  GameNews,
  GameNewsKinds,
  gameFeedLink,
  gameFeedPath,
  gameNewsPath,
  type PatchNote,
} from "./game-news";
export { LATEST_NEWS_COUNT, LatestNews } from "./latest-news";
export { NewsTab } from "./news-admin-tab";
export {
  type ArticleCover,
  coverPreview,
  NewsArticleBody,
  newsStructuredData,
} from "./news-article";
export { NewsCard, NewsCardGrid } from "./news-card";
export { InsertImage, LivePreview } from "./news-editor-parts";
export { NewsFilterBar, NoNews } from "./news-filters";
export { summarize, toParagraphs } from "./news-format";
export {
  isNewsKind,
  kindLabel,
  NEWS_KIND_LABELS,
  NEWS_KINDS,
  type NewsFilter,
  type NewsKind,
  newsFilterFrom,
  normalizeTag,
  tagPath,
} from "./news-kinds";
export {
  isIndexableNewsList,
  NEWS_KIND_PLURALS,
  newsListHeading,
  newsListHref,
  newsListQuery,
} from "./news-list-filter";
export { type NewsMailing, type NewsSend, withWaitingMail } from "./news-mailing";
export {
  FILL_ALL_FIELDS,
  NEWS_LIMITS,
  type NewsEntry,
  NewsFormSchema,
  NewsSchema,
  type NewsSummary,
  publishTimePassed,
} from "./news-schema";
export { NewsSearch, NoSearchResults } from "./news-search";
export { NEWS_STATE_LABELS, NEWS_STATES, type NewsState } from "./news-states";
