import { ident, type Session } from "./session.server";

// Which tables a backup holds, read from the database itself (so a table added by a later
// migration is backed up with no change here), and the order a restore loads them in.

/**
 * Left out on purpose (docs/deployment.md#what-a-backup-holds): counters and one-time state that
 * a restored site must not inherit. Rate-limit counters; sign-ins (a stolen archive must not carry
 * live sessions); verification values (reset and confirmation links, sign-in attempts); the
 * one-time owner set-up link. The job queue's `pgboss` schema and Drizzle's migrations table are
 * outside `public`: the queue's sweeps find again what a lost job would have done, and the
 * migrations table is rebuilt by migrating. The server's list of its own backups describes
 * archives on this installation (and holds the running one's row), not the site.
 */
export const EXCLUDED_TABLES = [
  "rate_limits",
  "sessions",
  "verifications",
  "owner_invites",
  "backup_runs",
];

export type Column = { name: string; type: string };
export type CatalogTable = { name: string; columns: Column[] };

/** The tables of `public` a backup holds, each with its stored (not generated) columns. */
export async function listTables(session: Session): Promise<CatalogTable[]> {
  const rows = await session.query<{ table: string; column: string; type: string }>(
    `select c.relname as "table", a.attname as "column",
            format_type(a.atttypid, a.atttypmod) as "type"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, Column[]>();
  for (const row of rows) {
    if (EXCLUDED_TABLES.includes(row.table)) continue;
    const columns = tables.get(row.table) ?? [];
    columns.push({ name: row.column, type: row.type });
    tables.set(row.table, columns);
  }
  const order = await loadOrder(session, [...tables.keys()]);
  return order.map((name) => ({ name, columns: tables.get(name) ?? [] }));
}

/**
 * The tables ordered so that each comes after every table its foreign keys point to (Kahn's
 * algorithm, ties by name). Constraints are checked row by row as a restore inserts, and only a
 * superuser may turn them off, so a cycle (or a table that refers to itself) among the backed-up
 * tables has no order; there is none today, and this says so if one is ever added.
 */
export async function loadOrder(session: Session, names: string[]): Promise<string[]> {
  const edges = await session.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and not k.condeferrable`,
  );
  const wanted = new Set(names);
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges)
    if (wanted.has(child) && wanted.has(parent)) parents.get(child)?.add(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < names.length) {
    const ready = names
      .filter(
        (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)),
      )
      .sort();
    if (ready.length === 0) {
      const left = names.filter((name) => !placed.has(name)).sort();
      throw new Error(
        `The tables ${left.join(", ")} refer to each other in a cycle: no restore order.`,
      );
    }
    for (const name of ready) {
      order.push(name);
      placed.add(name);
    }
  }
  return order;
}

/** The sequences of `public` with their current values (none today; kept so a serial column restores). */
export async function listSequences(session: Session): Promise<{ name: string; value: string }[]> {
  const sequences = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const values: { name: string; value: string }[] = [];
  for (const { name } of sequences) {
    const [row] = await session.query<{ value: string; called: boolean }>(
      `select last_value::text as value, is_called as called from public.${ident(name)}`,
    );
    if (row?.called) values.push({ name, value: row.value });
  }
  return values;
}

/** Rows of a table, counted in the session's snapshot. */
export async function countRows(session: Session, table: string): Promise<number> {
  const [row] = await session.query<{ count: string }>(
    `select count(*)::text as count from public.${ident(table)}`,
  );
  return Number(row?.count ?? 0);
}

/** The tables of `public` a backup would hold that have rows: a target must have none. */
export async function tablesWithRows(session: Session): Promise<string[]> {
  const tables = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const filled: string[] = [];
  for (const { name } of tables) {
    if (EXCLUDED_TABLES.includes(name)) continue;
    const [row] = await session.query(`select 1 from public.${ident(name)} limit 1`);
    if (row) filled.push(name);
  }
  return filled;
}

/** The tables' size on disk: what a backup's progress estimates its work by. */
export async function tablesSize(session: Session, names: string[]): Promise<number> {
  if (names.length === 0) return 0;
  const [row] = await session.query<{ bytes: string }>(
    `select coalesce(sum(pg_table_size(format('public.%I', name)::regclass)), 0)::text as bytes
       from unnest($1::text[]) as name`,
    [names],
  );
  return Number(row?.bytes ?? 0);
}
