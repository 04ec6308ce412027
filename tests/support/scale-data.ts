import { sql } from "drizzle-orm";
import type { Database } from "../../app/db/database.server";

// Large data for the scale tests, the benchmark and the browser tests of paging: news (with kinds,
// tags and games), contact messages and users (as sign-up makes them), written by SQL in one statement each, so
// 10,000 rows take a second rather than minutes. Rows are spread over the past, one a minute, each
// with a number in its text; every third message is unread. Returns nothing: read the counts back.

export type ScaleCounts = { news?: number; messages?: number; users?: number };

/** Words spread over the messages and news, so searches find some rows and not others. */
const TOPICS = ["lantern", "orchard", "harbour", "comet", "meadow"];

/** The browser tests' long lists: a few news pages, an inbox to search, thousands of users. */
export const E2E_SCALE = { news: 80, messages: 600, users: 3_000 } satisfies ScaleCounts;

export async function seedScale(db: Database, counts: ScaleCounts): Promise<void> {
  const topics = sql.raw(`array[${TOPICS.map((topic) => `'${topic}'`).join(", ")}]`);
  if (counts.news) {
    await db.execute(sql`
      insert into news (title, slug, content, excerpt, format, created_at, updated_at, published_at)
      select 'Devlog ' || n || ': the ' || (${topics})[n % 5 + 1] || ' update',
             'devlog-' || n || '-the-' || (${topics})[n % 5 + 1] || '-update',
             'Notes on build ' || n || ' and the ' || (${topics})[n % 5 + 1] || E' level.\n'
               || repeat('A longer second paragraph of the devlog. ', 20),
             'Notes on build ' || n || ' and the ' || (${topics})[n % 5 + 1] || ' level.',
             'text',
             now() - interval '1 day' - n * interval '1 minute',
             now() - interval '1 day' - n * interval '1 minute',
             now() - interval '1 day' - n * interval '1 minute'
      from generate_series(1, ${counts.news}::int) as n`);
    // What the posts are about (docs/product.md#news-about-games): a kind each (every fifth patch
    // notes with its version), `update` and two of 50 tags, and the first three games in turn.
    await db.execute(sql`
      update news set
        kind = (array['devlog', 'news', 'patch-notes', 'event', 'launch'])[n % 5 + 1],
        version = case when n % 5 = 2 then '1.' || n || '.0' end,
        tags = array['update', 'tag-' || (n % 50), 'tag-' || ((n * 7 + 3) % 50)]
      from (select id, substring(slug from '^devlog-([0-9]+)-')::int as n from news
            where slug ~ '^devlog-[0-9]+-the-') as numbered
      where news.id = numbered.id`);
    await db.execute(sql`
      insert into news_games (news_id, game_id)
      select news.id, g.id from news
      join (select id, row_number() over (order by display_order, created_at) - 1 as i from games) g
        on g.i = substring(news.slug from '^devlog-([0-9]+)-')::int % 3
      where news.slug ~ '^devlog-[0-9]+-the-'
      on conflict do nothing`);
  }
  if (counts.messages) {
    await db.execute(sql`
      insert into contact_messages (name, email, subject, message, read, created_at)
      select 'Sender ' || n, 'sender' || n || '@mail.example', 'Question ' || n,
             'About the ' || (${topics})[n % 5 + 1] || ' in message ' || n || '. '
               || repeat('Thank you for the game. ', 10),
             n % 3 <> 0, now() - interval '1 day' - n * interval '1 minute'
      from generate_series(1, ${counts.messages}::int) as n`);
  }
  if (counts.users) {
    await db.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at)
      select 'scale-user-' || n, 'Player ' || n, 'player' || n || '@users.example', true,
             now() - interval '1 day' - n * interval '1 minute',
             now() - interval '1 day' - n * interval '1 minute'
      from generate_series(1, ${counts.users}::int) as n`);
    // As an account gets them at sign-up (a profile named by its address, default preferences, no
    // role: guest); every 50th is a moderator, for the role filter.
    await db.execute(sql`
      insert into profiles (id, username, display_name, created_at)
      select id, email, name, created_at from users where id like 'scale-user-%'`);
    await db.execute(sql`
      insert into user_preferences (user_id) select id from users where id like 'scale-user-%'`);
    await db.execute(sql`
      insert into user_roles (user_id, role)
      select 'scale-user-' || n, 'moderator' from generate_series(50, ${counts.users}::int, 50) as n`);
  }
  await db.execute(sql`analyze`);
}
