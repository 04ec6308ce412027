import type { Auth, SessionCache, SessionUser } from "~/accounts/index.server";
import type { Database, EngineDatabase } from "~/db/database.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import type { CacheRegistry } from "~/platform/server/caches.server";
import type { Env } from "~/platform/server/env.server";
import type { Logger } from "~/platform/server/logger.server";
import type { PublicReads } from "~/platform/server/public-reads.server";
import type { RateLimits } from "~/platform/server/rate-limit.server";
import type { Storage } from "~/platform/storage/storage.server";

/** What the server process hands every loader and action (router context). */
export type Runtime = {
  db: Database;
  /** The same database with its engine's own client, for what Drizzle does not cover (the SQL box). */
  database: EngineDatabase;
  env: Env;
  logger: Logger;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  caches: CacheRegistry;
  /**
   * The signed-in users this process resolved in the last seconds, by session cookie (decisions
   * 041, 045); registered in `caches`.
   */
  sessions: SessionCache<SessionUser>;
  /** The public lists' read models; registered in `caches`. */
  reads: PublicReads;
  /** Every rate limit (sign-in, contact, API, beacon), shared by the processes on one database. */
  limits: RateLimits;
  /** A database round trip; throws when the database is unreachable. */
  ping(): Promise<void>;
  /** True once shutdown has begun; health checks report it so balancers stop sending traffic. */
  isShuttingDown(): boolean;
};

declare module "react-router" {
  interface AppLoadContext {
    runtime: Runtime;
    /** This response's CSP nonce; none for a page the page cache may share. */
    nonce: string | undefined;
    /** Set when the request's body was over its limit: the action answers 413 without reading it. */
    refusedBody?: string;
    /** The client's address, as Express resolved it with the TRUST_PROXY setting. */
    clientIp: string;
  }
}
