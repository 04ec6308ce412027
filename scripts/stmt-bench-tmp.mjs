import { PGlite } from "@electric-sql/pglite";

const dir = process.argv[2];
const db = new PGlite({ dataDir: dir });
await db.waitReady;
const ids = (await db.query("select id from media limit 13")).rows.map((r) => r.id);
const newsIds = (await db.query("select id from news limit 4")).rows.map((r) => r.id);
const Q = {
  settings: ['select "values"::text from "site_settings" limit $1', [1]],
  pages: [
    'select "id", "slug", "title", "placement" from "pages" where "pages"."published" = $1 order by "pages"."title" asc, "pages"."id" asc',
    [true],
  ],
  games: [
    'select "id", "title", "description", "status", "url", "slug", "image_url", "gallery", "card_image", "card_image_alt" from "games" where "games"."visibility" = \'public\' limit $1',
    [3],
  ],
  media13: [
    `select "id", "width", "height", "widths", "uploaded_by", "created_at" from "media" where "media"."id" in (${ids.map((_, i) => `$${i + 1}`).join(",")})`,
    ids,
  ],
  newsGames: [
    `select "news_games"."news_id", "games"."id", "games"."slug", "games"."title" from "news_games" inner join "games" on "games"."id" = "news_games"."game_id" where "news_games"."news_id" in ($1,$2,$3,$4)`,
    newsIds,
  ],
  sections: [
    'select "sections_html" from "site_settings" where "site_settings"."id" = $1 limit $2',
    [1, 1],
  ],
  select1: ["select 1", []],
};
const N = 400;
for (const [name, [sql, params]] of [...Object.entries(Q), ...Object.entries(Q)]) {
  for (let i = 0; i < 50; i++) await db.query(sql, params);
  const c0 = process.cpuUsage();
  let rows = 0;
  for (let i = 0; i < N; i++) rows = (await db.query(sql, params)).rows.length;
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(10), ((c.user + c.system) / N / 1000).toFixed(3), "ms", rows, "rows");
}
await db.close();
