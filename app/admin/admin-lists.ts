// The cursor parameters of the dashboard's paged lists: the names they had when the tabs shared one
// address, kept so that an old link (`/admin?tab=news&news_before=…`) still opens its page.
export const ADMIN_LIST_PARAMS = {
  messages: { before: "inbox_before", after: "inbox_after" },
  news: { before: "news_before", after: "news_after" },
} as const;
