import { PGlite } from "@electric-sql/pglite";
const db = new PGlite({ dataDir: process.argv[2] });
const S = 'select "values"::text from "site_settings" limit $1';
const P = 'select "id", "slug", "title", "placement" from "pages" where "pages"."published" = $1 order by "pages"."title" asc, "pages"."id" asc';
const M = `select (select "values"::text from "site_settings" limit 1) as s, (select coalesce(json_agg(json_build_object('id', id, 'slug', slug, 'title', title, 'placement', placement) order by title, id), '[]') from pages where published) as p`;
const runs = { two: async () => { await db.query(S, [1]); await db.query(P, [true]); }, merged: async () => { await db.query(M, []); } };
for (let r = 0; r < 3; r++) for (const [name, fn] of Object.entries(runs)) {
  for (let i = 0; i < 100; i++) await fn();
  const c0 = process.cpuUsage(); const N = 500;
  for (let i = 0; i < N; i++) await fn();
  const c = process.cpuUsage(c0);
  console.log(r, name.padEnd(7), ((c.user + c.system) / N / 1000).toFixed(3), "ms");
}
await db.close();
