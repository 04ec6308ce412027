// The pages feature's browser-safe face: what other folders may import.

export {
  isReservedSlug,
  type NavPage,
  PAGE_LIMITS,
  PAGE_PLACEMENTS,
  type PageEntry,
  PageSchema,
  PageTemplateSchema,
  RESERVED_SLUGS,
} from "./page-schema";
export { PageView } from "./page-view";
export { PagesTab } from "./pages-admin-tab";
