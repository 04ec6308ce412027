import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The route table of docs/product.md#routes, line by line.
export default [
  index("routes/home.tsx"), //                                    /                 Home
  route("games", "routes/games.tsx"), //                          /games            Games list
  route("games/:slug", "routes/game-detail.tsx"), //              /games/:slug      Game page (an old /games/:id redirects)
  route("games/:slug/news", "routes/game-news.tsx"), //          /games/:slug/news A game's news (an old /games/:id/news redirects)
  route("news", "routes/news.tsx"), //                            /news             News list
  route("news/:slug", "routes/news-detail.tsx"), //               /news/:slug       News detail (an old /news/:id redirects)
  route("news/tag/:tag", "routes/news-tag.tsx"), //               /news/tag/:tag    A tag's posts (beyond the spec)
  route("contact", "routes/contact.tsx"), //                      /contact          Contact
  route("press", "routes/press.tsx"), //                          /press            The studio's press kit (beyond the spec)
  route("press/:slug", "routes/press-game.tsx"), //               /press/:slug      A game's press kit (beyond the spec)
  route("auth", "routes/auth.tsx"), //                            /auth             Login and register
  route("profile", "routes/profile.tsx"), //                      /profile          My Profile
  route("admin", "routes/admin.tsx", [
    //                                                            /admin            Admin dashboard
    index("routes/admin-index.tsx"), //                           /admin            its first tab
    route("messages", "routes/admin-messages.tsx"), //            /admin/messages   Contact Messages
    route("news", "routes/admin-news.tsx"), //                    /admin/news       News Management
    route("games", "routes/admin-games.tsx"), //                  /admin/games      Game Management
    route("pages", "routes/admin-pages.tsx"), //                  /admin/pages      Pages (beyond the spec)
    route("settings", "routes/admin-settings.tsx"), //            /admin/settings   Site Settings
    route("keys", "routes/admin-keys.tsx"), //                    /admin/keys       Key requests (press desk)
    route("subscribers", "routes/admin-subscribers.tsx"), //      /admin/subscribers Subscribers (newsletter)
    route("announcements", "routes/admin-announcements.tsx"), //  /admin/announcements Announcements
    route("press", "routes/admin-press.tsx"), //                  /admin/press      Press Kits (beyond the spec)
    route("sms", "routes/admin-sms.tsx"), //                      /admin/sms        Text messages (owner only)
    route("backups", "routes/admin-backups.tsx"), //              /admin/backups    Backups (owner only)
  ]),
  route("role-management", "routes/role-management.tsx"), //      /role-management  Role management
  route(":slug", "routes/page.tsx"), //                           /<slug>           The studio's own pages (else 404)
  route("*", "routes/not-found.tsx"), //                          *                 404 page

  // Account flows that belong to /auth.
  route("auth/sign-out", "routes/auth-sign-out.ts"),
  route("auth/two-factor", "routes/auth-two-factor.tsx"),
  route("auth/forgot-password", "routes/auth-forgot-password.tsx"),
  route("auth/reset-password", "routes/auth-reset-password.tsx"),
  route("auth/setup-owner", "routes/auth-setup-owner.tsx"),
  route("auth/invitation", "routes/auth-invitation.tsx"),
  route("auth/email-confirmed", "routes/auth-email-confirmed.ts"),

  // Profile resources.
  route("profile/avatar", "routes/profile-avatar.ts"),
  route("profile/export", "routes/profile-export.ts"),
  // A resource route's browser chunk is empty, and the bundler merges shared code into the first
  // such chunk by name: an `admin-` name would make public pages load an "admin" script.
  route("admin/backups/:id/download", "routes/backup-download.ts"),
  route("avatars/:userId/:file", "routes/avatars.ts"),
  route("games/:id/played", "routes/games-played.ts"),
  route("press/:slug/key-request", "routes/press-key-request.ts"),

  // The newsletter: subscribing, confirming, preferences, and unsubscribing (the mail link's page
  // with Undo, and RFC 8058 one-click).
  route("newsletter/subscribe", "routes/newsletter-subscribe.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/preferences", "routes/newsletter-preferences.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),

  // The media library: staff uploads (news covers and images, screenshots) and their files.
  route("media/upload", "routes/media-upload.ts"),
  route("media/:id/:file", "routes/media.ts"),
  route("media/site/:id/:file", "routes/site-icon.ts"),

  // The press kits' downloads and presskit()'s old addresses (301 to /press).
  route("press/images.zip", "routes/press-file.ts", { id: "press-studio-images" }),
  route("press/logos.zip", "routes/press-file.ts", { id: "press-studio-logos" }),
  route("press/data.xml", "routes/press-file.ts", { id: "press-studio-data" }),
  route("press/files/:name", "routes/press-file.ts", { id: "press-studio-file" }),
  route("press/:slug/:file", "routes/press-file.ts", { id: "press-game-download" }),
  route("press/:slug/files/:name", "routes/press-file.ts", { id: "press-game-file" }),
  route("presskit", "routes/presskit-legacy.ts", { id: "presskit-index" }),
  route("presskit/:slug", "routes/presskit-legacy.ts", { id: "presskit-game" }),
  route("sheet.php", "routes/presskit-legacy.ts", { id: "presskit-sheet" }),
  route("presskit/sheet.php", "routes/presskit-legacy.ts", { id: "presskit-folder-sheet" }),

  // Resource routes: the auth library's endpoints, feeds, crawlers and health.
  route("api/auth/*", "routes/api-auth.ts"),
  route("api/v1/*", "routes/api-v1.ts"),
  route("api/docs", "routes/api-docs.tsx"),
  route("news/feed.xml", "routes/news-feed.ts"),
  route("games/:slug/feed.xml", "routes/game-feed.ts"),
  route("news/tag/:tag/feed.xml", "routes/news-tag-feed.ts"),
  route("admin/news-preview", "routes/news-preview.ts"),
  route("admin/news-mail-preview", "routes/news-mail-preview.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:file", "routes/sitemap-part.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("favicon.ico", "routes/favicon.ts"),
  route(".well-known/jwks.json", "routes/jwks.ts"),
  route("healthz", "routes/healthz.ts"),
  route("readyz", "routes/readyz.ts"),
  route("livez", "routes/livez.ts"),
] satisfies RouteConfig;
