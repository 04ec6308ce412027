import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { GAME_STATUSES, ROLES } from "./enums";

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
    ...timestamps,
  },
  (t) => [
    // The catalogue's order, id breaking ties (the API's keyset).
    index("games_display_order_idx").on(t.displayOrder, t.id),
    uniqueIndex("games_slug_idx").on(t.slug),
    check("games_status_valid", sql`${t.status} in (${statusList})`),
    check("games_display_order_positive", sql`${t.displayOrder} >= 1`),
    check("games_title_not_blank", sql`length(trim(${t.title})) > 0`),
    check("games_slug_valid", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
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

/** One-time tokens for creating the first owner account (printed at start-up). */
export const ownerInvites = pgTable("owner_invites", {
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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
