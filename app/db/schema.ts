import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { GAME_STATUSES } from "~/games/game-status";

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
    ...timestamps,
  },
  (t) => [
    index("news_created_at_idx").on(t.createdAt.desc()),
    check("news_title_not_blank", sql`length(trim(${t.title})) > 0`),
    check("news_content_not_blank", sql`length(trim(${t.content})) > 0`),
  ],
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
    ...timestamps,
  },
  (t) => [
    index("games_display_order_idx").on(t.displayOrder),
    check("games_status_valid", sql`${t.status} in (${statusList})`),
    check("games_display_order_positive", sql`${t.displayOrder} >= 1`),
    check("games_title_not_blank", sql`length(trim(${t.title})) > 0`),
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
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("contact_messages_created_at_idx").on(t.createdAt.desc()),
    check(
      "contact_messages_fields_not_blank",
      sql`length(trim(${t.name})) > 0 and length(trim(${t.email})) > 0 and length(trim(${t.subject})) > 0 and length(trim(${t.message})) > 0`,
    ),
  ],
);

// Fixed-window counters shared by every process that uses the database (contact form, later auth).
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

export type NewsItem = typeof news.$inferSelect;
export type Game = typeof games.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
