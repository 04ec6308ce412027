import type { Auth } from "~/accounts/auth.server";
import type { Database } from "~/db/database.server";
import type { Mailer } from "~/mail/mailer.server";
import type { Storage } from "~/storage/storage.server";
import type { CacheRegistry } from "./caches.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";

/** What the server process hands every loader and action (router context). */
export type Runtime = {
  db: Database;
  env: Env;
  logger: Logger;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  caches: CacheRegistry;
  /** A database round trip; throws when the database is unreachable. */
  ping(): Promise<void>;
  /** True once shutdown has begun; health checks report it so balancers stop sending traffic. */
  isShuttingDown(): boolean;
};

declare module "react-router" {
  interface AppLoadContext {
    runtime: Runtime;
    nonce: string;
    /** The client's address, as Express resolved it with the TRUST_PROXY setting. */
    clientIp: string;
  }
}
