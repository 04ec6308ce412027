import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The spec's route table (SPEC section 2), line by line. Screens of later issues are added here in
// the same order: /auth, /profile, /admin, /role-management.
export default [
  index("routes/home.tsx"), //                          /            Home
  route("games", "routes/games.tsx"), //                /games       Games list
  route("news", "routes/news.tsx"), //                  /news        News list
  route("news/:id", "routes/news-detail.tsx"), //       /news/:id    News detail
  route("contact", "routes/contact.tsx"), //            /contact     Contact
  route("*", "routes/not-found.tsx"), //                *            404 page

  // Resource routes: feeds, crawlers and health.
  route("news/feed.xml", "routes/news-feed.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("healthz", "routes/healthz.ts"),
] satisfies RouteConfig;
