import type { Storage } from "~/platform/storage/storage.server";
import { listFiles } from "./files.server";
import { ident, type Session } from "./session.server";

// Emptying a restore's target: the site's schema (every object of `public`, the job queue's and
// the migrations' schemas), so the archive's schema version can be built from nothing, and every
// stored file. Only after a target was found empty, or its contents backed up (`--replace`).

export async function wipeDatabase(session: Session): Promise<void> {
  await session.query("drop schema if exists pgboss cascade");
  await session.query("drop schema if exists drizzle cascade");
  const relations = await session.query<{ name: string; kind: string }>(
    `select c.relname as name, c.relkind as kind from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`,
  );
  const keyword: Record<string, string> = {
    r: "table",
    p: "table",
    v: "view",
    m: "materialized view",
    S: "sequence",
    f: "foreign table",
  };
  for (const relation of relations)
    await session.query(
      `drop ${keyword[relation.kind]} if exists public.${ident(relation.name)} cascade`,
    );
  const types = await session.query<{ name: string }>(
    `select t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype in ('e', 'd')
        and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')`,
  );
  for (const type of types)
    await session.query(`drop type if exists public.${ident(type.name)} cascade`);
  const functions = await session.query<{ signature: string }>(
    `select p.oid::regprocedure::text as signature from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  for (const fn of functions) await session.query(`drop routine if exists ${fn.signature} cascade`);
}

/** Deletes every stored file, folder by folder; says which keys would not go. */
export async function wipeStorage(storage: Storage): Promise<void> {
  const folders = new Set((await listFiles(storage)).map((file) => file.key.split("/")[0]!));
  for (const folder of folders) await storage.delete(folder);
  const left = await listFiles(storage);
  if (left.length > 0)
    throw new Error(
      `The storage (${storage.describe}) could not be emptied: ${left.length} files remain, such as ${left[0]!.key}.`,
    );
}
