import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { GAME_STATUSES, INVITABLE_ROLES, ROLES } from "./enums";

// Every table follows one pattern: uuid ids made by the database, timestamps with time zone set by
// the database, NOT NULL unless the spec says a field may be empty, CHECKs for enumerated values and
// an index for every ordering the spec asks for. Account-bound tables (issue: accounts) reference the
// auth library's user table with explicit ON DELETE rules.

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const news = pgTable(
  "news",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    // The address's last part (/news/<slug>): made from the title, unique, editable.
    slug: text("slug").notNull(),
    // How `content` is written: Markdown, or plain text (items written before Markdown, shown a
    // paragraph per line as they always were).
    format: text("format").notNull().default("markdown"),
    // null: a draft; later than now: scheduled; now or earlier: published. Public reads ask for
    // `published_at <= now()`, so a scheduled item appears at its time without any job.
    publishedAt: timestamp("published_at", { withTimezone: true }),
    // The card's and feed's plain-text summary, made when the item is written.
    excerpt: text("excerpt").notNull().default(""),
    // The cover: an uploaded image (media.id) and its alt text, both or neither.
    coverImage: uuid("cover_image"),
    coverAlt: text("cover_alt"),
    // What the post is (docs/product.md#news-about-games): news, devlog, patch-notes (with its
    // version), event or launch; and the tags staff gave it, normalised (app/news/news-about.ts).
    kind: text("kind").notNull().default("news"),
    version: text("version"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    // The newsletter lists it is mailed to once public ("studio" or a game's id), as the editor and
    // the API chose them; the newsletter's queue starts the send from them.
    mailLists: text("mail_lists").array().notNull().default(sql`'{}'::text[]`),
    // `content` rendered and sanitised, kept with the stamp of what made it
    // (app/platform/markdown/kept-html.server.ts): made on the first read after a change.
    contentHtml: text("content_html"),
    contentHtmlStamp: text("content_html_stamp"),
    ...timestamps,
    // The date an item's row shows and the admin list's order: when it went (or goes) public, a
    // draft's when it was written. Kept by the database, so no writer can forget it.
    listedAt: timestamp("listed_at", { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(published_at, created_at)`),
  },
  (t) => [
    // The admin list's keyset order (read backwards: newest first, id breaking ties), the public
    // list's order with drafts among it.
    index("news_listed_at_id_idx").on(t.listedAt, t.id),
    // The public list's order: published items by their publication time.
    index("news_published_at_id_idx")
      .on(t.publishedAt, t.id)
      .where(sql`${t.publishedAt} is not null`),
    uniqueIndex("news_slug_idx").on(t.slug),
    index("news_search_idx").using(
      "gin",
      sql`to_tsvector('english', ${t.title} || ' ' || ${t.content})`,
    ),
    check("news_title_not_blank", sql`length(trim(${t.title})) > 0`),
    check("news_content_not_blank", sql`length(trim(${t.content})) > 0`),
    check("news_format_valid", sql`${t.format} in ('markdown', 'text')`),
    check("news_slug_valid", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "news_cover_has_alt",
      sql`${t.coverImage} is null or length(trim(coalesce(${t.coverAlt}, ''))) > 0`,
    ),
    check(
      "news_kind_valid",
      sql`${t.kind} in ('news', 'devlog', 'patch-notes', 'event', 'launch')`,
    ),
    check(
      "news_version_only_patch_notes",
      sql`${t.version} is null or (${t.kind} = 'patch-notes' and length(${t.version}) between 1 and 32)`,
    ),
    check("news_tags_few", sql`cardinality(${t.tags}) <= 8`),
    // A tag page's and a kind's list: the tags' containment, the kind with the public order.
    index("news_tags_idx").using("gin", t.tags),
    index("news_kind_published_at_idx")
      .on(t.kind, t.publishedAt, t.id)
      .where(sql`${t.publishedAt} is not null`),
  ],
);

// The games a post is about (none: about the studio), in the order staff listed them. A game's
// deletion unties its posts; a post's deletion its ties.
export const newsGames = pgTable(
  "news_games",
  {
    newsId: uuid("news_id")
      .notNull()
      .references(() => news.id, { onDelete: "cascade" }),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.newsId, t.gameId] }),
    // A game's news: its posts, then ordered by their publication (joined to news).
    index("news_games_game_idx").on(t.gameId, t.newsId),
  ],
);

// The studio's own pages beside its news (About, Jobs, Privacy policy, Imprint) at /<slug>: Markdown,
// a draft or published, and shown in the header's or the footer's navigation when staff choose.
export const pages = pgTable(
  "pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    content: text("content").notNull(),
    // The page's description for search engines and link previews: its first paragraph as plain
    // text, made when the page is written.
    excerpt: text("excerpt").notNull().default(""),
    published: boolean("published").notNull().default(false),
    // Where the navigation links it: 'none' (reached by its address or a link), 'header', 'footer'.
    placement: text("placement").notNull().default("none"),
    // `content` rendered, kept as news.content_html is.
    contentHtml: text("content_html"),
    contentHtmlStamp: text("content_html_stamp"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("pages_slug_idx").on(t.slug),
    check("pages_title_not_blank", sql`length(trim(${t.title})) > 0`),
    check("pages_content_not_blank", sql`length(trim(${t.content})) > 0`),
    check("pages_slug_valid", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("pages_placement_valid", sql`${t.placement} in ('none', 'header', 'footer')`),
  ],
);

// Uploaded images of news and game pages: each stored re-encoded as WebP at a few widths
// (`media/<id>/<width>.webp`), metadata removed.
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The original's size after rotation: the widths stored are those of MEDIA_WIDTHS not above it.
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    widths: integer("widths").array().notNull(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("media_size_positive", sql`${t.width} > 0 and ${t.height} > 0`)],
);

const statusList = sql.raw(GAME_STATUSES.map((s) => `'${s}'`).join(", "));

export const games = pgTable(
  "games",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url").notNull(),
    status: text("status").notNull().default("Released"),
    url: text("url").notNull(),
    displayOrder: integer("display_order").notNull(),
    // The game page (/games/<slug>): its address, its long text in Markdown (the card's
    // description when empty), screenshots, trailer, platforms, stores and release date.
    slug: text("slug").notNull(),
    about: text("about").notNull().default(""),
    // [{ image: media.id, alt }]
    gallery: jsonb("gallery").$type<{ image: string; alt: string }[]>().notNull().default([]),
    trailerUrl: text("trailer_url"),
    platforms: text("platforms").array().notNull().default(sql`'{}'::text[]`),
    // [{ store, url }]
    storeLinks: jsonb("store_links")
      .$type<{ store: string; url: string }[]>()
      .notNull()
      .default([]),
    releaseDate: date("release_date", { mode: "string" }),
    // Uploaded pictures (media.id) with their alt text, each both or neither: the card's image
    // (before the Icon/Image URL) and the key art of the game page; either, when missing, falls
    // back as app/games/game-pictures.ts says.
    cardImage: uuid("card_image"),
    cardImageAlt: text("card_image_alt"),
    keyArt: uuid("key_art"),
    keyArtAlt: text("key_art_alt"),
    // Who sees the game (app/games/game-visibility.ts): public (from `announce_at` when set: a
    // game announced at a time), unlisted (its page by address only) or draft (staff only).
    visibility: text("visibility").notNull().default("public"),
    announceAt: timestamp("announce_at", { withTimezone: true }),
    // The page's text (`about`, else the description) rendered, kept as news.content_html is.
    aboutHtml: text("about_html"),
    aboutHtmlStamp: text("about_html_stamp"),
    ...timestamps,
  },
  (t) => [
    // The catalogue's order, id breaking ties (the API's keyset).
    index("games_display_order_idx").on(t.displayOrder, t.id),
    uniqueIndex("games_slug_idx").on(t.slug),
    check("games_status_valid", sql`${t.status} in (${statusList})`),
    check("games_visibility_valid", sql`${t.visibility} in ('public', 'unlisted', 'draft')`),
    check("games_display_order_positive", sql`${t.displayOrder} >= 1`),
    check("games_title_not_blank", sql`length(trim(${t.title})) > 0`),
    check("games_slug_valid", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "games_card_image_has_alt",
      sql`${t.cardImage} is null or length(trim(coalesce(${t.cardImageAlt}, ''))) > 0`,
    ),
    check(
      "games_key_art_has_alt",
      sql`${t.keyArt} is null or length(trim(coalesce(${t.keyArtAlt}, ''))) > 0`,
    ),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    read: boolean("read").notNull().default(false),
    // The signed-in sender, when there was one: the message is theirs whatever address they typed.
    // Otherwise a message belongs to the account that verified its address.
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    // The inbox's keyset order (read backwards: newest first), its unread filter and its search.
    index("contact_messages_created_at_id_idx").on(t.createdAt, t.id),
    index("contact_messages_unread_idx").on(t.createdAt, t.id).where(sql`${t.read} = false`),
    index("contact_messages_search_idx").using(
      "gin",
      sql`to_tsvector('simple', ${t.name} || ' ' || ${t.email} || ' ' || translate(${t.email}, '@.', '  ') || ' ' || ${t.subject} || ' ' || ${t.message})`,
    ),
    index("contact_messages_user_id_idx").on(t.userId),
    check(
      "contact_messages_fields_not_blank",
      sql`length(trim(${t.name})) > 0 and length(trim(${t.email})) > 0 and length(trim(${t.subject})) > 0 and length(trim(${t.message})) > 0`,
    ),
  ],
);

// The rate limiter's counters (rate-limiter-flexible's Drizzle store, app/platform/limits/rate-limit.server.ts),
// shared by every process on one PostgreSQL database. A row lives until `expire`; null never expires.
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull(),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

export type NewsItem = typeof news.$inferSelect;
export type Game = typeof games.$inferSelect;
export type Media = typeof media.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Accounts. The auth library's tables: their TypeScript keys are the library's field names, the
// SQL names are ours (snake_case). Ids are the library's text ids.

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The role list's keyset order (read backwards: newest first) and its search.
    index("users_created_at_id_idx").on(t.createdAt, t.id),
    index("users_search_idx").using(
      "gin",
      sql`to_tsvector('simple', ${t.name} || ' ' || ${t.email} || ' ' || translate(${t.email}, '@.', '  '))`,
    ),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    // The last time the password was entered again in this session (sign-in itself is
    // created_at): credentials are added only within minutes of either (accounts' confirmation).
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

// The auth library reads a session with its user, and a provider's identity with its account, in
// one statement each (its `advanced.database.joins`, docs/accounts-and-security.md#sessions): the
// relations it joins by, under the names it asks for.
export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
}));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    // The factor's friendly name (ours, not the plugin's): shown in the profile's factor list.
    name: text("name").notNull().default("Authenticator app"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [
    index("two_factors_user_id_idx").on(t.userId),
    index("two_factors_secret_idx").on(t.secret),
  ],
);

/**
 * The phone factor (docs/accounts-and-security.md#phone): one number per account that receives
 * sign-in codes by text message. `verified_at` null is an enrolment waiting for its code. The
 * live challenge (enrolment, or a signed-in check through the API) is kept here as a hash with its
 * expiry and wrong tries; sign-in codes are the two-factor plugin's, bound to the sign-in attempt.
 */
export const phoneFactors = pgTable(
  "phone_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    /** E.164, checked with libphonenumber-js; never logged in clear. */
    phone: text("phone").notNull(),
    name: text("name").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    challengeId: uuid("challenge_id"),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeTries: integer("code_tries").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("phone_factors_e164", sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`)],
);

/**
 * Where the site may send text messages (one row, id 1): ISO 3166 country codes the owner chose.
 * Empty until the owner chooses, and then no number can be enrolled.
 */
export const smsSettings = pgTable(
  "sms_settings",
  {
    id: integer("id").primaryKey().default(1),
    countries: text("countries").array().notNull().default(sql`'{}'::text[]`),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("sms_settings_one_row", sql`${t.id} = 1`)],
);

// Passkeys (WebAuthn credentials) of the passkey plugin: a second way to sign in, and a factor.
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    // The last sign-in with it (the plugin keeps no such field; ours, set after its check).
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

// Personal API keys of the api-key plugin: only a hash of the key is kept (`key`), with its first
// characters (`start`) to tell keys apart. `reference_id` is the owning user.
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    configId: text("config_id").notNull().default("default"),
    name: text("name"),
    start: text("start"),
    prefix: text("prefix"),
    key: text("key").notNull(),
    referenceId: text("reference_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    refillInterval: integer("refill_interval"),
    refillAmount: integer("refill_amount"),
    lastRefillAt: timestamp("last_refill_at", { withTimezone: true }),
    enabled: boolean("enabled").default(true),
    rateLimitEnabled: boolean("rate_limit_enabled").default(true),
    rateLimitTimeWindow: integer("rate_limit_time_window"),
    rateLimitMax: integer("rate_limit_max"),
    requestCount: integer("request_count").default(0),
    remaining: integer("remaining"),
    lastRequest: timestamp("last_request", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    permissions: text("permissions"),
    metadata: text("metadata"),
  },
  (t) => [
    index("api_keys_reference_id_idx").on(t.referenceId),
    uniqueIndex("api_keys_key_idx").on(t.key),
    index("api_keys_config_id_idx").on(t.configId),
  ],
);

// The signing keys of the JWT plugin; the private key is encrypted with AUTH_SECRET.
export const jwks = pgTable("jwks", {
  id: text("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  alg: text("alg"),
  crv: text("crv"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
});

// ---------------------------------------------------------------------------------------------
// Account-bound entities of the spec (section 3), keyed to users.id. Deleting a user deletes
// their profile, role, preferences and activity; audit rows keep the event with the actor nulled.

const roleList = sql.raw(ROLES.map((r) => `'${r}'`).join(", "));

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    displayName: text("display_name"),
    bio: text("bio"),
    avatarUrl: text("avatar_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The API's keyset order (read backwards: newest first).
  (t) => [index("profiles_created_at_id_idx").on(t.createdAt, t.id)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
    assignedBy: text("assigned_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // One role per user: changing it deletes the old row and inserts one.
    uniqueIndex("user_roles_user_id_key").on(t.userId),
    index("user_roles_role_idx").on(t.role),
    // The API's keyset order (read backwards: latest first).
    index("user_roles_assigned_at_idx").on(t.assignedAt, t.userId),
    check("user_roles_role_valid", sql`${t.role} in (${roleList})`),
  ],
);

export const userPreferences = pgTable(
  "user_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    themePreference: text("theme_preference").notNull().default("system"),
    privacyLevel: text("privacy_level").notNull().default("public"),
  },
  (t) => [
    check("user_preferences_theme_valid", sql`${t.themePreference} in ('light', 'dark', 'system')`),
    check("user_preferences_privacy_valid", sql`${t.privacyLevel} in ('public', 'private')`),
  ],
);

export const userActivity = pgTable(
  "user_activity",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    activityType: text("activity_type").notNull(),
    activityData: jsonb("activity_data").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("user_activity_user_created_idx").on(t.userId, t.createdAt),
    check(
      "user_activity_type_valid",
      sql`${t.activityType} in ('login', 'news_view', 'game_view', 'profile_update')`,
    ),
  ],
);

/** Every staff write: who did what to which subject, and when. */
export const staffAuditLog = pgTable(
  "staff_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_audit_log_created_idx").on(t.createdAt)],
);

/**
 * The studio's site settings (docs/product.md#site-settings): one row (id 1), its values as one JSON
 * document that app/settings parses with its schema on every read, so a field added later needs no
 * migration and a stored value the schema no longer takes falls back to its default.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    values: jsonb("values").$type<Record<string, unknown>>().notNull().default({}),
    // Home's Markdown sections (vision, values, call to action) rendered, with the stamp of what made
    // them (app/platform/markdown/kept-html.server.ts); null until the first read.
    sectionsHtml: jsonb("sections_html").$type<{
      stamp: string;
      vision: string;
      values: string;
      callToAction: string;
    }>(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("site_settings_one_row", sql`${t.id} = 1`)],
);

/** One-time tokens for creating the first owner account (printed at start-up). */
export const ownerInvites = pgTable("owner_invites", {
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Staff invitations (docs/product.md#staff-invitations): an address invited to a staff role by an
 * owner. Only the link token's SHA-256 is kept; a resend replaces it (the old link dies). Open: not
 * accepted and not revoked; usable: open and not expired.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Lower case, as the accounts keep it.
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_invitations_token_hash_key").on(t.tokenHash),
    // One open invitation per address: a second one is a resend.
    uniqueIndex("staff_invitations_open_email_key")
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index("staff_invitations_created_idx").on(t.createdAt),
    check(
      "staff_invitations_role_valid",
      sql`${t.role} in (${sql.raw(INVITABLE_ROLES.map((r) => `'${r}'`).join(", "))})`,
    ),
  ],
);

export type User = typeof users.$inferSelect;

/**
 * A developer's or owner's current task (docs/product.md#data), shown in the console's Team tab.
 */
export const developerWork = pgTable(
  "developer_work",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    currentTask: text("current_task"),
    status: text("status").notNull().default("active"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("developer_work_status_valid", sql`${t.status} in ('active', 'paused', 'done')`)],
);

// The press desk (docs/product.md#key-desk): key requests from the press, keys imported in batches
// (stored encrypted: app/press-desk/key-crypto.server.ts) and the coverage they led to.

export const KEY_REQUEST_STATUSES = ["pending", "approved", "declined"] as const;
export const PRESS_KEY_STATES = ["available", "sent", "revoked"] as const;

export const pressKeyRequests = pgTable(
  "press_key_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    outlet: text("outlet").notNull(),
    outletUrl: text("outlet_url").notNull(),
    audience: text("audience").notNull(),
    platform: text("platform").notNull(),
    message: text("message").notNull(),
    email: text("email").notNull(),
    status: text("status").notNull().default("pending"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("press_key_requests_created_at_id_idx").on(t.createdAt, t.id),
    index("press_key_requests_game_idx").on(t.gameId),
    check(
      "press_key_requests_status_valid",
      sql`${t.status} in ('pending', 'approved', 'declined')`,
    ),
  ],
);

export const pressKeys = pgTable(
  "press_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    // AES-256-GCM: "v1." + base64url(iv | tag | ciphertext); never the key in clear.
    sealed: text("sealed").notNull(),
    // An HMAC of the key, so the same key is not imported twice; says nothing without the secret.
    fingerprint: text("fingerprint").notNull(),
    embargoUntil: timestamp("embargo_until", { withTimezone: true }),
    state: text("state").notNull().default("available"),
    requestId: uuid("request_id").references(() => pressKeyRequests.id, { onDelete: "set null" }),
    sentTo: text("sent_to"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("press_keys_fingerprint_idx").on(t.gameId, t.fingerprint),
    // The next available key of a game and platform, oldest first.
    index("press_keys_available_idx")
      .on(t.gameId, t.platform, t.createdAt)
      .where(sql`${t.state} = 'available'`),
    check("press_keys_state_valid", sql`${t.state} in ('available', 'sent', 'revoked')`),
  ],
);

export const pressCoverage = pgTable(
  "press_coverage",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    requestId: uuid("request_id").references(() => pressKeyRequests.id, { onDelete: "set null" }),
    url: text("url").notNull(),
    outlet: text("outlet").notNull(),
    kind: text("kind").notNull(),
    publishedOn: date("published_on", { mode: "string" }).notNull(),
    score: text("score"),
    quote: text("quote"),
    showOnKit: boolean("show_on_kit").notNull().default(false),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("press_coverage_game_idx").on(t.gameId, t.publishedOn)],
);

export type PressKeyRequest = typeof pressKeyRequests.$inferSelect;
export type PressKey = typeof pressKeys.$inferSelect;
export type PressCoverage = typeof pressCoverage.$inferSelect;
// The newsletter (app/newsletter): people who asked for mail, the lists they may receive, and
// what they agreed to. Nothing is sent to a subscriber whose `confirmed_at` is null (double opt-in).
export const subscribers = pgTable(
  "subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Lower-cased and trimmed before it is stored: one row per address.
    email: text("email").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    // Permanent SMTP refusals in a row; at the limit the address is marked bouncing and mailed no
    // more (docs/product.md#newsletter-sending).
    hardBounces: integer("hard_bounces").notNull().default(0),
    bouncingAt: timestamp("bouncing_at", { withTimezone: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("subscribers_email_idx").on(t.email),
    index("subscribers_created_at_idx").on(t.createdAt, t.id),
    index("subscribers_user_id_idx").on(t.userId),
  ],
);

/** The studio's list (`game_id` null) and one list per game. */
export const subscriberLists = pgTable(
  "subscriber_lists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    gameId: uuid("game_id").references(() => games.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("subscriber_lists_game_id_idx").on(t.gameId),
    uniqueIndex("subscriber_lists_studio_idx").on(sql`(true)`).where(sql`${t.gameId} is null`),
  ],
);

/** Which lists a subscriber asked for (kept while unconfirmed; sent to only once confirmed). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    listId: uuid("list_id")
      .notNull()
      .references(() => subscriberLists.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("subscriptions_pk_idx").on(t.subscriberId, t.listId),
    index("subscriptions_list_id_idx").on(t.listId),
  ],
);

/** Each consent given: when, on which form, to which lists (ids as they were). */
export const consents = pgTable(
  "consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    form: text("form").notNull(),
    lists: jsonb("lists").$type<string[]>().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    // When its confirmation link was opened: a link confirms once (docs/product.md#newsletter-subscribing).
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [index("consents_subscriber_id_idx").on(t.subscriberId)],
);

// Sending a post by mail (docs/product.md#newsletter-sending): the lists staff chose for it (one row
// per post), and one delivery per subscriber it goes to, made once when the post is public. The
// unique (send, subscriber) and a delivery's state changed under a row lock are what make each
// subscriber get each post at most once (docs/architecture.md#jobs).
export const newsletterSends = pgTable(
  "newsletter_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    newsId: uuid("news_id")
      .notNull()
      .references(() => news.id, { onDelete: "cascade" }),
    // subscriber_lists ids, as chosen; fixed once the send has started.
    lists: jsonb("lists").$type<string[]>().notNull(),
    state: text("state").notNull().default("pending"),
    // How many deliveries were made when the send started.
    recipients: integer("recipients").notNull().default(0),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_sends_news_id_idx").on(t.newsId),
    index("newsletter_sends_state_idx").on(t.state),
    check("newsletter_sends_state_valid", sql`${t.state} in ('pending', 'sending', 'done')`),
  ],
);

export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sendId: uuid("send_id")
      .notNull()
      .references(() => newsletterSends.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    // The list the mail names (List-Id, footer): the first chosen list the subscriber is on.
    listId: uuid("list_id").references(() => subscriberLists.id, { onDelete: "set null" }),
    state: text("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // The same for every attempt: a receiver drops a repeat of a Message-ID it has seen.
    messageId: text("message_id").notNull(),
    // A claimed delivery's lease: past it, a delivery left "sending" by a dead process is taken again.
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    // Not before this time (a temporary refusal's backoff).
    notBefore: timestamp("not_before", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    uniqueIndex("newsletter_deliveries_send_subscriber_idx").on(t.sendId, t.subscriberId),
    index("newsletter_deliveries_send_state_idx").on(t.sendId, t.state),
    index("newsletter_deliveries_subscriber_idx").on(t.subscriberId),
    check(
      "newsletter_deliveries_state_valid",
      sql`${t.state} in ('queued', 'sending', 'sent', 'failed', 'skipped')`,
    ),
  ],
);

// The press kits (docs/product.md#press-kit): one per game and one for the studio (game_id null).
// Only what the game and the site settings do not already keep: `data` is the kit's own fields,
// checked by app/press/kit-schema.ts. A kit can be unlisted or embargoed until a time.
export const pressKits = pgTable(
  "press_kits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    gameId: uuid("game_id").references(() => games.id, { onDelete: "cascade" }),
    listed: boolean("listed").notNull().default(true),
    embargoUntil: timestamp("embargo_until", { withTimezone: true }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    // When its images.zip and logos.zip were last built (null: not yet).
    zipsBuiltAt: timestamp("zips_built_at", { withTimezone: true }),
    // Signed links carry this number in their signature: "Revoke all links" raises it, and every
    // link given before stops opening the kit (app/press/signed-link.server.ts).
    linkVersion: integer("link_version").notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("press_kits_scope_idx").on(sql`coalesce(${t.gameId}::text, 'studio')`)],
);

// How often each file of a kit (a zip or one original) was downloaded.
export const pressDownloads = pgTable(
  "press_downloads",
  {
    kitId: uuid("kit_id")
      .notNull()
      .references(() => pressKits.id, { onDelete: "cascade" }),
    file: text("file").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [uniqueIndex("press_downloads_file_idx").on(t.kitId, t.file)],
);

// Announcements (app/announcements, docs/product.md#announcements): where a post is announced
// (Discord and generic webhooks, for the studio or one game), what each hook shows of each post,
// and every call made. URLs and secrets are sealed (docs/accounts-and-security.md#secrets-at-rest);
// `url_hint` is the masked form the admin shows.
export const announcementHooks = pgTable(
  "announcement_hooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    // null: the studio's hook (every post); else one game's (posts linked to that game).
    gameId: uuid("game_id").references(() => games.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    urlSealed: text("url_sealed").notNull(),
    urlHint: text("url_hint").notNull(),
    // Generic webhooks: the signing secret, sealed.
    secretSealed: text("secret_sealed"),
    // Discord: the role mentioned in the message's content, and the thread title (forum channels).
    roleId: text("role_id"),
    threadName: text("thread_name"),
    ...timestamps,
  },
  (t) => [
    index("announcement_hooks_game_id_idx").on(t.gameId),
    check("announcement_hooks_kind", sql`${t.kind} in ('discord', 'webhook')`),
  ],
);

/** One hook's message about one post: what the remote shows, and the next action's progress. */
export const announcementMessages = pgTable(
  "announcement_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hookId: uuid("hook_id")
      .notNull()
      .references(() => announcementHooks.id, { onDelete: "cascade" }),
    // No reference: a deleted post's row stays until its message is deleted.
    newsId: uuid("news_id").notNull(),
    // Whether the remote shows the post now (a Discord message exists, a receiver was told).
    live: boolean("live").notNull().default(false),
    remoteId: text("remote_id"),
    // Discord: the channel (a forum post's thread) the message is in, for its edit and delete.
    remoteChannelId: text("remote_channel_id"),
    // The post's publication time as the remote was last told it: a post.unpublished call says the
    // same time as the post.published one, though the post itself no longer has one.
    publishedAt: timestamp("published_at", { withTimezone: true }),
    // The hash of what the remote shows; of what was refused, after a permanent failure.
    contentHash: text("content_hash"),
    // done | sending (claimed until `claimed_until`) | retry (at `next_attempt_at`) | failed
    state: text("state").notNull().default("done"),
    lastAction: text("last_action"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("announcement_messages_hook_news_idx").on(t.hookId, t.newsId),
    index("announcement_messages_news_id_idx").on(t.newsId),
    index("announcement_messages_state_idx").on(t.state, t.nextAttemptAt),
    check("announcement_messages_state", sql`${t.state} in ('done', 'sending', 'retry', 'failed')`),
  ],
);

/** Every webhook call: the admin's delivery log. */
export const announcementDeliveries = pgTable(
  "announcement_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hookId: uuid("hook_id").references(() => announcementHooks.id, { onDelete: "cascade" }),
    newsId: uuid("news_id"),
    postTitle: text("post_title"),
    // create | edit | delete | test
    action: text("action").notNull(),
    // null: no answer (network error, timeout).
    statusCode: integer("status_code"),
    attempt: integer("attempt").notNull(),
    // ok | retry | failed
    outcome: text("outcome").notNull(),
    error: text("error"),
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("announcement_deliveries_at_idx").on(t.at, t.id)],
);

export type AnnouncementHook = typeof announcementHooks.$inferSelect;
export type AnnouncementMessage = typeof announcementMessages.$inferSelect;

// Backups taken by the server (docs/deployment.md#scheduled-backups). The owner's schedule (one
// row, id 1): whether a backup is taken each day, at what time of the studio's zone, how many
// archives are kept and where they go ("folder": BACKUP_DIR or DATA_DIR/backups; "storage": the
// uploads' store under backups/).
export const backupSchedule = pgTable(
  "backup_schedule",
  {
    id: integer("id").primaryKey().default(1),
    enabled: boolean("enabled").notNull().default(false),
    time: text("time").notNull().default("03:00"),
    keep: integer("keep").notNull().default(7),
    destination: text("destination").notNull().default("folder"),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("backup_schedule_one_row", sql`${t.id} = 1`),
    check("backup_schedule_time", sql`${t.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("backup_schedule_keep", sql`${t.keep} between 1 and 90`),
    check("backup_schedule_destination", sql`${t.destination} in ('folder', 'storage')`),
  ],
);

// One row per backup the server takes. `slot` is the day's (the studio zone's date) or
// "manual-<time>": unique, so of several processes sweeping at once one inserts it and runs it.
// Left out of backups themselves: it describes archives on this installation.
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slot: text("slot").notNull(),
    state: text("state").notNull().default("queued"),
    destination: text("destination").notNull(),
    // The archive: an absolute path (folder) or a storage key; set when the run starts.
    location: text("location"),
    // Tables and files done, bytes done of the estimate (app/backup/progress.server.ts).
    progress: jsonb("progress").$type<Record<string, unknown>>(),
    size: bigint("size", { mode: "number" }),
    error: text("error"),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    // Moved on by each progress report: a running row left still for long lost its process.
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    uniqueIndex("backup_runs_slot_idx").on(t.slot),
    index("backup_runs_created_at_idx").on(t.createdAt),
    check("backup_runs_state", sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    check("backup_runs_destination", sql`${t.destination} in ('folder', 'storage')`),
  ],
);
