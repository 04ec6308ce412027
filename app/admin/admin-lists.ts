// The dashboard's lists share one URL: each keeps its cursors in its own parameters.
export const ADMIN_LIST_PARAMS = {
  messages: { before: "inbox_before", after: "inbox_after" },
  news: { before: "news_before", after: "news_after" },
} as const;
