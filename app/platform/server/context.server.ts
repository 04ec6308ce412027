import { createContext, type RouterContextProvider } from "react-router";
import type { Database, EngineDatabase } from "~/db/database.server";
import type { Jobs } from "~/platform/jobs/jobs.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import type { Storage } from "~/platform/storage/storage.server";
import type { Env } from "../config/env.server";
import type { RateLimits, Verdict } from "../limits/rate-limit.server";
import type { Logger } from "../logging/logger.server";
import type { Microcache } from "./microcache.server";

// What the server hands every middleware, loader and action through React Router's typed context
// (`context.get(runtimeContext)`), set once per request by server/app.ts. Features add their own
// keys beside these (the auth library's is accounts' `authContext`).

/** The services the process opened at start-up. */
export type Services = {
  db: Database;
  /** The same database with its engine's own client, for what Drizzle does not cover (the SQL box). */
  database: EngineDatabase;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  /** The job queue in the database: work done after the answer, retried, once per job. */
  jobs: Jobs;
  storage: Storage;
  /** Every rate limit (sign-in, contact, API, beacon), shared by the processes on one database. */
  limits: RateLimits;
  /** The one cache of anonymous responses; only the console's Clear Cache touches it. */
  pageCache: Pick<Microcache, "clear" | "size">;
  /** A database round trip; throws when the database is unreachable. */
  ping(): Promise<void>;
  /** True once shutdown has begun; health checks report it so balancers stop sending traffic. */
  isShuttingDown(): boolean;
};

/** What this one request brings besides itself. */
export type RequestFacts = {
  /** This response's CSP nonce (none in development tools that render without one). */
  nonce: string | undefined;
  /** The client's address, as Express resolved it with the TRUST_PROXY setting. */
  clientIp: string;
  /** Set when the request's body was over its limit: the action answers 413 without reading it. */
  refusedBody?: string;
  /** The API's rate limit, already counted for this request before the page cache. */
  apiVerdict?: Verdict;
};

export const runtimeContext = createContext<Services>();
export const requestContext = createContext<RequestFacts>();

/** The router context a loader, action or middleware receives. */
export type AppContext = Readonly<RouterContextProvider>;
