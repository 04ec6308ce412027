// The pages feature's server-only face: what other folders may import on the server.
export {
  addPage,
  deletePage,
  draftPrivacyPolicy,
  hasPage,
  listPages,
  navigationPages,
  pageSitemapUrls,
  readPage,
  updatePage,
} from "./pages.server";
