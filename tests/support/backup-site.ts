import crypto from "node:crypto";
import { symmetricEncrypt } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { checkSealedHooks, saveHook } from "../../app/announcements/index.server";
import { EXCLUDED_TABLES } from "../../app/backup/catalog.server";
import { ident, inTransaction } from "../../app/backup/session.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { games } from "../../app/db/schema";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import type { Storage } from "../../app/platform/storage/storage.server";
import { keySealer } from "../../app/press-desk/index.server";
import { importKeys } from "../../app/press-desk/keys.server";
import { seedDemo } from "../../app/runtime/demo.server";
import { signedInAs } from "./accounts";
import { type ScaleCounts, seedScale } from "./scale-data";

// A site worth backing up, for the backup tests and the benchmark: the demo (news, games, their
// pictures, the studio's settings), more news, messages and accounts, subscribers on two lists,
// sealed press keys, a Discord hook and a signed webhook, a two-factor factor and a signing key
// sealed by the auth library, and values whose text is easy to get wrong (a JSON string and a
// JSON null, arrays with quotes, blanks and NULLs, microseconds). `secrets` are the clear values a
// backup must never hold.

export type SeededSite = {
  pressKeys: string[];
  hookUrl: string;
  hookSecret: string;
  totpSecret: string;
};

/** The tests' size; the benchmark passes the growth scenario's 100× counts. */
const TESTS_SIZE = { news: 40, messages: 40, users: 40, subscribers: 20 };

export async function seedBackupSite(
  context: AppContext,
  size: Required<ScaleCounts> & { subscribers: number } = TESTS_SIZE,
): Promise<SeededSite> {
  const { db, env, storage } = context.get(runtimeContext);
  await seedDemo(db, { storage });
  await seedScale(db, size);
  const owner = await signedInAs(context, "owner");
  const actor = { id: owner.id, email: owner.email };
  const [game] = await db.select({ id: games.id }).from(games).limit(1);
  const pressKeys = Array.from({ length: 5 }, (_, i) => `BACKUP-KEY-${i}-${crypto.randomUUID()}`);
  await importKeys(db, keySealer(env), actor, {
    gameId: game!.id,
    platform: "Steam",
    text: pressKeys.join("\n"),
    embargoUntil: new Date("2031-02-03T04:05:06.789Z"),
  });
  const hookUrl = `https://discord.com/api/webhooks/112233445566778899/${crypto.randomBytes(24).toString("base64url")}`;
  await saveHook(db, env, {
    hookId: "",
    kind: "discord",
    scope: "studio",
    label: "Community",
    url: hookUrl,
    roleId: "",
    threadName: "",
  });
  const generic = await saveHook(db, env, {
    hookId: "",
    kind: "webhook",
    scope: "studio",
    label: "Our bot",
    url: "https://hooks.example.com/studio",
    roleId: "",
    threadName: "",
  });
  const totpSecret = crypto.randomBytes(20).toString("base64url");
  await db.execute(sql`
    insert into two_factors (id, secret, backup_codes, user_id)
    values (${crypto.randomUUID()}, ${await symmetricEncrypt({ key: env.AUTH_SECRET, data: totpSecret })},
            ${await symmetricEncrypt({ key: env.AUTH_SECRET, data: '["code-1","code-2"]' })}, ${owner.id})`);
  const jwk = await symmetricEncrypt({ key: env.AUTH_SECRET, data: '{"kty":"OKP","d":"private"}' });
  await db.execute(sql`
    insert into jwks (id, public_key, private_key, alg)
    values (${crypto.randomUUID()}, '{"kty":"OKP"}', ${JSON.stringify(jwk)}, 'EdDSA')`);
  await db.execute(sql`
    with list as (insert into subscriber_lists (game_id) values (null), (${game!.id}) returning id),
         people as (
           insert into subscribers (email, confirmed_at, created_at)
           select 'reader' || n || '@example.test',
                  case when n % 3 = 0 then null else '2026-01-02 03:04:05.123456+00'::timestamptz end,
                  now() - n * interval '1 hour'
           from generate_series(1, ${size.subscribers}::int) as n returning id)
    insert into subscriptions (subscriber_id, list_id) select people.id, list.id from people, list`);
  await db.execute(sql`
    insert into consents (subscriber_id, form, lists)
    select id, 'home', '["studio", "a \\"quoted\\" list"]'::jsonb from subscribers`);
  await db.execute(sql`
    insert into staff_audit_log (actor_id, action, subject_type, details)
    values (${owner.id}, 'backup.test', 'string', '"just a string"'::jsonb),
           (${owner.id}, 'backup.test', 'nested', '{"a": [1, 2.5, null, {"b": "\\u00e9\\n"}]}'::jsonb)`);
  await db.execute(sql`
    insert into user_activity (user_id, activity_type, activity_data)
    values (${owner.id}, 'login', 'null'::jsonb), (${owner.id}, 'login', null)`);
  await db.execute(sql`
    update news set tags = array['with "quotes"', '', 'a,comma', 'back\\slash']
    where id = (select id from news order by created_at limit 1)`);
  return { pressKeys, hookUrl, hookSecret: generic.secret!, totpSecret };
}

/** Every backed-up table's rows as text, sorted, read in one snapshot with fixed settings. */
export async function tableRows(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  return inTransaction(handle, "snapshot", async (session) => {
    const tables = await session.query<{ name: string }>(
      `select relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by relname`,
    );
    const rows: Record<string, string[]> = {};
    for (const { name } of tables) {
      if (EXCLUDED_TABLES.includes(name)) continue;
      const found = await session.query<{ row: string }>(
        `select x::text as row from public.${ident(name)} x order by 1`,
      );
      rows[name] = found.map((r) => r.row);
    }
    return rows;
  });
}

/** Every stored file: its SHA-256 and content type, by key. */
export async function storedFiles(storage: Storage): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const { key } of storage.list()) {
    const stored = await storage.get(key);
    files[key] =
      `${crypto.createHash("sha256").update(stored!.data).digest("hex")} ${stored!.contentType}`;
  }
  return Object.fromEntries(Object.entries(files).sort());
}

/** Whether every sealed hook value opens (a check of the restored rows through the feature). */
export async function hooksOpen(handle: DatabaseHandle, secret: string): Promise<boolean> {
  const count = await checkSealedHooks(handle.db, { AUTH_SECRET: secret });
  return count.sealed > 0 && count.opened === count.sealed;
}
