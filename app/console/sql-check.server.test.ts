import { describe, expect, it } from "vitest";
import {
  checkConsoleQuery,
  cteShadowRefused,
  fieldCallRefused,
  QueryRefused,
  RECURSIVE_REFUSED,
} from "./sql-check.server";

/** Asserts the check refuses the query with exactly this message (not a crash of another kind). */
async function expectRefused(sql: string, message: string) {
  const error = await checkConsoleQuery(sql).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, sql).toBeInstanceOf(QueryRefused);
  expect((error as QueryRefused).message, sql).toBe(message);
}

const TABLE_REFUSED = (table: string) =>
  `The table ${table} cannot be queried here. Try profiles or user_roles.`;
const ONE_STATEMENT = "Run exactly one statement at a time.";
const PLAIN_READS = "Only plain reads of profiles and user_roles are allowed.";
const FUNCTION_REFUSED = (name: string) => `The function ${name} is not allowed here.`;

describe("console SQL checks", () => {
  it.each([
    ["", "Please enter a SQL query"],
    ["   ", "Please enter a SQL query"],
    ["delete from profiles", "Only SELECT queries are allowed for safety"],
    ["with x as (select 1) select * from profiles", "Only SELECT queries are allowed for safety"],
    ["select * from news", "Query not supported. Try selecting from profiles or user_roles."],
  ])("%j -> the spec's message", async (sql, message) => {
    await expectRefused(sql, message);
  });

  it.each([
    ["select * from profiles; delete from profiles", ONE_STATEMENT],
    ["select * from profiles; select * from user_roles", ONE_STATEMENT],
    ["select * from profiles join users on users.id = profiles.id", TABLE_REFUSED("users")],
    [
      "select * from profiles where id in (select user_id from sessions)",
      TABLE_REFUSED("sessions"),
    ],
    ["select * from profiles, pg_catalog.pg_authid", TABLE_REFUSED("pg_catalog.pg_authid")],
    ["select * from public.news, profiles", TABLE_REFUSED("public.news")],
    ["select pg_sleep(10) from profiles", FUNCTION_REFUSED("pg_sleep")],
    ["select pg_read_file('/etc/passwd') from profiles", FUNCTION_REFUSED("pg_read_file")],
    ["select * from profiles for update", PLAIN_READS],
    ["select * into stolen from profiles", PLAIN_READS],
    ["select * from profiles, generate_series(1, 10)", PLAIN_READS],
    ["select * from profiles /* ; */ join accounts on true", TABLE_REFUSED("accounts")],
    ["select (select password from accounts limit 1) from profiles", TABLE_REFUSED("accounts")],
    ["select set_config('role', 'postgres', true) from profiles", FUNCTION_REFUSED("set_config")],
    ["select * from profiles -- harmless?\n; drop table profiles", ONE_STATEMENT],
    [
      "select * from information_schema.tables, profiles",
      TABLE_REFUSED("information_schema.tables"),
    ],
    [
      "select * from (with gone as (delete from user_roles returning *) select * from gone) x, profiles",
      PLAIN_READS,
    ],
  ])("refuses %j", async (sql, message) => {
    await expectRefused(sql, message);
  });

  // The account take-over: a WITH query named like a real table, inside a subquery, made
  // the old check take every `accounts` for the WITH query, even the one in its own body.
  it.each([
    [
      "select a.* from (with accounts as (select * from accounts) select * from accounts) a, profiles p where p.id = a.user_id",
      cteShadowRefused("accounts"),
    ],
    [
      "select s.* from (with sessions as (select * from sessions) select token from sessions) s, profiles",
      cteShadowRefused("sessions"),
    ],
    [
      "select * from (with profiles as (select 1) select * from profiles) x",
      cteShadowRefused("profiles"),
    ],
    [
      "select * from profiles where id in (with pg_authid as (select 1) select 1)",
      cteShadowRefused("pg_authid"),
    ],
  ])("refuses a WITH query that takes a table's name: %j", async (sql, message) => {
    await expectRefused(sql, message);
  });

  // A name the schema does not know is still only a WITH query where PostgreSQL would see one.
  it.each([
    // Its own body: a non-recursive WITH query does not see itself.
    [
      "select * from (with secrets as (select * from secrets) select * from secrets) x, profiles",
      "secrets",
    ],
    // Outside the subquery that defines it.
    ["select * from (with t as (select 1) select * from t) x, t, profiles", "t"],
    // A later sibling is not visible to an earlier one.
    [
      "select * from (with a as (select * from b), b as (select * from profiles) select * from a) x",
      "b",
    ],
    // A WITH in one arm of a UNION does not reach the other arm.
    [
      "select id from profiles union select * from t union (with t as (select 1) select * from t)",
      "t",
    ],
  ])("refuses a name used outside its WITH query's scope: %j", async (sql, table) => {
    await expectRefused(sql, TABLE_REFUSED(table));
  });

  it.each([
    "select * from (with recursive t(n) as (select 1 union all select n + 1 from t) select n from t) x, profiles",
    "select * from profiles where id in (with recursive r as (select id from profiles) select id from r)",
  ])("refuses WITH RECURSIVE: %j", async (sql) => {
    await expectRefused(sql, RECURSIVE_REFUSED);
  });

  // PostgreSQL reads `x.f` and `(expr).f` as f(x) when f is no column: a call the allow-list never saw.
  it.each([
    ["select ('server_version').current_setting from profiles", "(…).current_setting"],
    ["select (1.5::float8).pg_sleep from profiles", "(…).pg_sleep"],
    ["select (42::bigint).pg_advisory_lock from profiles", "(…).pg_advisory_lock"],
    ["select (username).length from profiles", "(…).length"],
    ["select (p).username from profiles p", "(…).username"],
    ["select p.pg_advisory_lock from profiles p", "p.pg_advisory_lock"],
    ["select profiles.to_jsonb from profiles", "profiles.to_jsonb"],
    ["select count(*) from profiles p where p.pg_try_advisory_lock", "p.pg_try_advisory_lock"],
    [
      "select x.pg_advisory_lock from (select 42::bigint as n from profiles) x",
      "x.pg_advisory_lock",
    ],
    ["select public.profiles.row_to_json from profiles", "public.profiles.row_to_json"],
  ])("refuses a function called by attribute notation: %j", async (sql, shown) => {
    await expectRefused(sql, fieldCallRefused(shown));
  });

  it.each([
    "select pg_advisory_lock(1) from profiles",
    "select pg_advisory_xact_lock(1) from profiles",
    "select pg_try_advisory_lock_shared(1) from profiles",
    "select set_config('application_name', 'x', false) from profiles",
  ])("refuses lock and setting functions called by name: %j", async (sql) => {
    await expect(checkConsoleQuery(sql)).rejects.toThrow(/^The function .* is not allowed here\.$/);
  });

  it.each([
    "select id, username from profiles limit 5",
    "select p.id, p.username, p.created_at from profiles p",
    "select public.profiles.id from public.profiles",
    "select x.who, x.n from (select username as who, count(*) as n from profiles group by username) x",
    "select x.total from (select count(*) from user_roles) as x(total)",
    "select x.count from (select count(*) from user_roles) x",
    "select a.uid from (with a(uid) as (select user_id from user_roles) select * from a) a",
    "select (array_agg(id))[1] from profiles",
    "select (p).* from profiles p",
    "select * from (with admins as (select user_id from user_roles where role = 'admin') select p.username from profiles p join admins a on a.user_id = p.id) x",
    "select * from (with a as (select id from profiles), b as (select * from a) select * from b) x",
    "select (with r as (select count(*) from user_roles) select * from r) as roles, username from profiles",
    "SELECT p.username, r.role FROM profiles p JOIN user_roles r ON r.user_id = p.id",
    "select role, count(*) from user_roles group by role",
    "select lower(username) from public.profiles where created_at > now() - interval '1 day'",
    "select * from profiles; ",
    "select * from profiles -- newest first\n",
  ])("accepts %j", async (sql) => {
    await expect(checkConsoleQuery(sql)).resolves.toMatch(/^select/i);
  });

  it("returns the statement alone, also after characters of several bytes", async () => {
    await expect(
      checkConsoleQuery("select 'café – ✓' as note, username from profiles ; "),
    ).resolves.toBe("select 'café – ✓' as note, username from profiles");
  });
});
