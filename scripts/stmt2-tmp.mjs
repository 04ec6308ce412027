import { PGlite } from "@electric-sql/pglite";

const db = new PGlite({ dataDir: process.argv[2] });
const Q = {
  orig: 'select "values"::text from "site_settings" limit $1',
  byId: 'select "values"::text from "site_settings" where id = $1',
  noText: 'select "values" from "site_settings" where id = $1',
  len: 'select length("values"::text) from "site_settings" where id = $1',
  size: 'select pg_column_size("values") from "site_settings" where id = $1',
  sections: 'select "sections_html" from "site_settings" where "site_settings"."id" = $1',
  sectionsText: 'select "sections_html"::text from "site_settings" where "site_settings"."id" = $1',
  id: 'select id from "site_settings" where id = $1',
};
for (const [name, sql] of [...Object.entries(Q), ...Object.entries(Q)].reverse()) {
  for (let i = 0; i < 50; i++) await db.query(sql, [1]);
  const c0 = process.cpuUsage();
  const N = 300;
  for (let i = 0; i < N; i++) await db.query(sql, [1]);
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(13), ((c.user + c.system) / N / 1000).toFixed(3), "ms");
}
await db.close();
