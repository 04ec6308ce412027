import { describe, expect, it } from "vitest";
import { checkConsoleQuery } from "./sql-query.server";

describe("console SQL checks", () => {
  it.each([
    ["", "Please enter a SQL query"],
    ["   ", "Please enter a SQL query"],
    ["delete from profiles", "Only SELECT queries are allowed for safety"],
    ["with x as (select 1) select * from profiles", "Only SELECT queries are allowed for safety"],
    ["select * from news", "Query not supported. Try selecting from profiles or user_roles."],
  ])("%j -> the spec's message", async (sql, message) => {
    await expect(checkConsoleQuery(sql)).rejects.toThrow(message);
  });

  it.each([
    "select * from profiles; delete from profiles",
    "select * from profiles; select * from user_roles",
    "select * from profiles join users on users.id = profiles.id",
    "select * from profiles where id in (select user_id from sessions)",
    "select * from profiles, pg_catalog.pg_authid",
    "select * from public.news, profiles",
    "select pg_sleep(10) from profiles",
    "select pg_read_file('/etc/passwd') from profiles",
    "select * from profiles for update",
    "select * into stolen from profiles",
    "select * from profiles, generate_series(1, 10)",
    "select * from profiles /* ; */ join accounts on true",
    "select (select password from accounts limit 1) from profiles",
    "select set_config('role', 'postgres', true) from profiles",
    "select * from profiles -- harmless?\n; drop table profiles",
    "select * from information_schema.tables, profiles",
    "select * from (with gone as (delete from user_roles returning *) select * from gone) x, profiles",
  ])("refuses %j", async (sql) => {
    await expect(checkConsoleQuery(sql)).rejects.toThrow();
  });

  it.each([
    "select id, username from profiles limit 5",
    "SELECT p.username, r.role FROM profiles p JOIN user_roles r ON r.user_id = p.id",
    "select role, count(*) from user_roles group by role",
    "select lower(username) from public.profiles where created_at > now() - interval '1 day'",
    "select * from profiles; ",
    "select * from profiles -- newest first\n",
  ])("accepts %j", async (sql) => {
    await expect(checkConsoleQuery(sql)).resolves.toMatch(/^select/i);
  });
});
