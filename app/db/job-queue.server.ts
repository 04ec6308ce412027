import PgBoss from "pg-boss";
import type { EngineClient } from "./database.server";

// The job queue's tables (app/platform/jobs): pg-boss keeps them in their own schema, installed and
// upgraded with the migrations, on PostgreSQL and on the embedded database alike.

export const JOB_SCHEMA = "pgboss";

/** pg-boss's one need of a database: a statement (or a script, without values) and its rows. */
export type JobExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

/**
 * The engine's client as pg-boss's executor. pg-boss sends its locked scripts (BEGIN; … COMMIT;)
 * without values: node-postgres runs those as a simple query; PGlite needs `exec` for several
 * statements and `query` for parameters.
 */
export function jobExecutor(client: EngineClient): JobExecutor {
  if (client.engine === "postgres")
    return { executeSql: (text, values) => client.pool.query(text, values) };
  const { pglite } = client;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** Installs or upgrades pg-boss's schema (migrations run this once per database). */
export async function installJobQueue(client: EngineClient): Promise<void> {
  const boss = new PgBoss({
    db: jobExecutor(client) as PgBoss.Db,
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: false, close: false });
}
