import { QUERY_TABLES } from "./query-rules";

// The dedicated role the SQL box runs as, on either engine: how it is set up where the database
// user may, and how a session proves it switched to it and that it can read the two tables alone.

export const DEFAULT_READER_ROLE = "studio_console_reader";

/** Runs one statement in the current session and answers its rows. */
export type Exec = (text: string) => Promise<{
  rows: Record<string, unknown>[];
  fields: { name: string }[];
}>;

/** The box cannot run safely here; the reason is shown to the owner and logged at start-up. */
export class ReaderUnavailable extends Error {
  name = "ReaderUnavailable";
}

const PG_ERROR = /^[0-9A-Z]{5}$/;

/** The SQLSTATE of a database error, through Drizzle's wrapper when there is one. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (typeof e.code === "string" && PG_ERROR.test(e.code)) return e.code;
  }
  return undefined;
}

/** The database's own message, without Drizzle's "Failed query: …" wrapper. */
export function databaseMessage(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Creates the role if it is missing and grants it SELECT on the two tables, then lets the database
 * user switch to it. Needs CREATEROLE (or a superuser) and the tables' ownership; without them it
 * throws, and an operator runs these statements instead.
 */
export function readerSetupStatements(role: string): string[] {
  return [
    `DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role} NOLOGIN; END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
    `GRANT USAGE ON SCHEMA public TO ${role}`,
    `GRANT SELECT ON ${QUERY_TABLES.map((t) => `public.${t}`).join(", ")} TO ${role}`,
    `GRANT ${role} TO CURRENT_USER`,
  ];
}

/** What an operator runs, as a superuser, when the app's database user may not create roles. */
export function readerSetupAdvice(role: string, appUser: string): string {
  return `CREATE ROLE ${role} NOLOGIN; GRANT USAGE ON SCHEMA public TO ${role}; GRANT SELECT ON public.profiles, public.user_roles TO ${role}; GRANT ${role} TO ${appUser};`;
}

const TABLE_LIST = QUERY_TABLES.map((t) => `'${t}'`).join(", ");

/** One row that says who the session is now and everything that role may reach. */
const VERIFY = `SELECT current_user::text AS role,
  r.rolsuper OR r.rolbypassrls OR r.rolcreaterole OR r.rolcreatedb OR r.rolreplication AS powerful,
  (SELECT count(*)::int FROM pg_auth_members m WHERE m.member = r.oid) AS memberships,
  (SELECT coalesce(string_agg(t, ', ' ORDER BY t), '') FROM (VALUES ${QUERY_TABLES.map((t) => `('${t}')`).join(", ")}) AS q(t)
    WHERE NOT has_table_privilege('public.' || t, 'SELECT')) AS unreadable,
  (SELECT coalesce(string_agg(n.nspname || '.' || c.relname, ', ' ORDER BY n.nspname, c.relname), '')
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p', 'S')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema')
      AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
      AND CASE WHEN n.nspname = 'public' AND c.relname IN (${TABLE_LIST})
        THEN has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
          OR has_any_column_privilege(c.oid, 'INSERT, UPDATE, REFERENCES')
        ELSE has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
          OR (c.relkind <> 'S' AND has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))
      END) AS reaches
FROM pg_roles r WHERE r.rolname = current_user`;

const listed = (names: string) => (names.length > 200 ? `${names.slice(0, 200)}…` : names);

/**
 * Switches the open transaction to the reader role and proves it: the session is now that role,
 * the role has no special powers and belongs to no other role, reads profiles and user_roles and
 * can neither change them nor reach any other table. Throws ReaderUnavailable otherwise.
 */
export async function becomeReader(exec: Exec, role: string): Promise<void> {
  const { rows: exists } = await exec(`SELECT 1 FROM pg_roles WHERE rolname = '${role}'`);
  if (exists.length === 0) throw new ReaderUnavailable(`the role ${role} does not exist`);
  try {
    await exec(`SET LOCAL ROLE ${role}`);
  } catch (error) {
    // 42501: not a member; 22023: the role went away meanwhile.
    if (["42501", "22023"].includes(sqlState(error) ?? ""))
      throw new ReaderUnavailable(`the database user may not switch to the role ${role}`);
    throw error;
  }
  const { rows } = await exec(VERIFY);
  const found = rows[0] as
    | { role: string; powerful: boolean; memberships: number; unreadable: string; reaches: string }
    | undefined;
  if (!found || found.role !== role)
    throw new ReaderUnavailable(`the session did not switch to the role ${role}`);
  if (found.powerful)
    throw new ReaderUnavailable(
      `the role ${role} has special powers (superuser, create role or database, replication or bypass RLS)`,
    );
  if (found.memberships > 0)
    throw new ReaderUnavailable(`the role ${role} is a member of other roles`);
  if (found.unreadable)
    throw new ReaderUnavailable(`the role ${role} cannot read ${found.unreadable}`);
  if (found.reaches)
    throw new ReaderUnavailable(
      `the role ${role} can reach more than reading profiles and user_roles: ${listed(found.reaches)}`,
    );
}
