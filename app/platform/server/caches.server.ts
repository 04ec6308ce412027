import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "~/db/database.server";
import type { Logger } from "./logger.server";

/**
 * A cache the server keeps in memory; registered so Clear Cache can empty it. `holds` says what it
 * keeps: public content (cleared by the writes that change public pages) or sessions (cleared when
 * a session ends or changes).
 */
export type ClearableCache = {
  name: string;
  clear(): void;
  holds?: CacheKind | readonly CacheKind[];
};
export type CacheKind = "public" | "sessions";
const CACHE_KINDS: readonly string[] = ["public", "sessions"] satisfies CacheKind[];

const CHANNEL = "studio_cache_clear";
// Each process's listening connection is named `studio-cache <origin>`, so a writer can count the
// other processes it must hear back from.
const LISTENER_NAME = "studio-cache";
/** How long a write's answer waits at most for the other processes to confirm they cleared. */
export const ACK_TIMEOUT_MS = 2_000;

/** The part of a node-postgres client the listener uses (a seam for tests). */
export type ListenClient = Pick<pg.Client, "connect" | "query" | "end" | "on">;

/**
 * What a write of what a signed-in page shows of its viewer (role, display name, avatar, theme)
 * takes: the database, and the clear it owes every process's sessions and signed-in pages before
 * its answer. The runtime is one.
 */
export type ViewerStore = {
  db: Database;
  caches: Pick<CacheRegistry, "sessionsChanged">;
};

/** Delays between reconnection attempts: quick at first, then every few seconds. */
export const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000, 4000];

/**
 * The server's caches, and the means to clear them on every process: with PostgreSQL a
 * NOTIFY reaches every process listening on the same database; the embedded database has one
 * process, so clearing locally is clearing everywhere.
 *
 * A clear waits until every other listening process has confirmed (each answers a clear with an
 * acknowledgement on the same channel), up to ACK_TIMEOUT_MS: so once a write's answer is out, no
 * process serves a page from before it.
 *
 * The listening connection is reconnected when it is lost (database restart, network cut), and the
 * local caches are cleared on reconnecting, since a NOTIFY sent meanwhile never arrived.
 */
export class CacheRegistry {
  private caches = new Map<string, ClearableCache>();
  private listener: ListenClient | null = null;
  private listening = false;
  private shared = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private attempt = 0;
  /** Names this process in notifications, so it does not clear again on hearing its own. */
  readonly origin = crypto.randomUUID();
  private sequence = 0;
  // Clears this process sent and is waiting on: acknowledgements so far, and how many it expects
  // (known once the NOTIFY statement returns; acknowledgements may arrive before that).
  private awaiting = new Map<
    string,
    { acked: number; expected: number | null; done: () => void }
  >();

  constructor(
    private readonly logger: Logger,
    private readonly newClient: (url: string) => ListenClient = (url) =>
      new pg.Client({
        // In the URL: node-postgres lets the URL's parameters win over the options beside it.
        connectionString: withApplicationName(url, `${LISTENER_NAME} ${this.origin}`),
        connectionTimeoutMillis: 5_000,
      }),
  ) {}

  register(cache: ClearableCache) {
    this.caches.set(cache.name, cache);
  }

  names(): string[] {
    return [...this.caches.keys()];
  }

  /** Clears here the caches holding that kind of data (every cache without one); their names. */
  clearLocal(kind?: CacheKind): string[] {
    const cleared = [...this.caches.values()].filter(
      (cache) => kind === undefined || [cache.holds ?? "public"].flat().includes(kind),
    );
    for (const cache of cleared) cache.clear();
    return cleared.map((cache) => cache.name);
  }

  /** True while a LISTEN connection is up (false during an outage, until it is back). */
  isListening(): boolean {
    return this.listening;
  }

  /** Starts listening; the first connection must succeed (start-up fails otherwise). */
  async listen(databaseUrl: string): Promise<void> {
    this.shared = true;
    await this.connect(databaseUrl);
  }

  private async connect(databaseUrl: string): Promise<void> {
    const client = this.newClient(databaseUrl);
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      this.listening = false;
      if (this.listener === client) this.listener = null;
      client.end().catch(() => {});
      if (this.closed) return;
      this.logger.warn({ err: error }, "cache listener lost its connection; reconnecting");
      this.scheduleReconnect(databaseUrl);
    };
    client.on("notification", (message) => this.onNotification(client, message.payload ?? ""));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      lost = true;
      client.end().catch(() => {});
      throw error;
    }
    client.on("error", onLost);
    client.on("end", () => onLost());
    this.listener = client;
    this.listening = true;
  }

  private scheduleReconnect(databaseUrl: string) {
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    this.attempt++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.connect(databaseUrl).then(
        () => {
          this.attempt = 0;
          // Clears sent while the connection was down were missed: start from empty.
          this.clearLocal();
          this.logger.info("cache listener reconnected");
        },
        () => this.scheduleReconnect(databaseUrl),
      );
    }, delay);
    this.retryTimer.unref();
  }

  // Payloads: `clear <origin> <n> [public|sessions]` asks for a clear (of the caches holding that
  // kind of data, or of all); `ack <origin> <n>` confirms one to its sender.
  private onNotification(client: ListenClient, payload: string) {
    const [kind, origin, n, holding] = payload.split(" ");
    if (kind === "clear" && origin !== this.origin) {
      // A kind this process does not know (a newer process's) clears everything: safe.
      this.clearLocal(CACHE_KINDS.includes(holding ?? "") ? (holding as CacheKind) : undefined);
      client.query("select pg_notify($1, $2)", [CHANNEL, `ack ${origin} ${n}`]).catch(() => {});
    } else if (kind === "ack" && origin === this.origin) {
      const waiting = this.awaiting.get(n ?? "");
      if (!waiting) return;
      waiting.acked++;
      if (waiting.expected !== null && waiting.acked >= waiting.expected) waiting.done();
    }
  }

  /**
   * Clears here and, with PostgreSQL, on every other process (even while this one's listening
   * connection is being re-established), waiting for them to confirm.
   */
  async clearEverywhere(db: Database, kind?: CacheKind): Promise<string[]> {
    const cleared = this.clearLocal(kind);
    if (!this.shared) return cleared;
    const n = String(++this.sequence);
    let done = () => {};
    const confirmed = new Promise<void>((resolve) => {
      done = resolve;
    });
    const waiting = { acked: 0, expected: null as number | null, done };
    this.awaiting.set(n, waiting);
    const timer = setTimeout(done, ACK_TIMEOUT_MS);
    try {
      // One statement: the processes counted are the ones listening when the NOTIFY is sent.
      const { rows } = await db.execute<{ others: number }>(sql`
        select pg_notify(${CHANNEL}, ${`clear ${this.origin} ${n}${kind ? ` ${kind}` : ""}`}) as sent,
          (select count(*)::int from pg_stat_activity
            where datname = current_database()
              and application_name like ${`${LISTENER_NAME} %`}
              and application_name <> ${`${LISTENER_NAME} ${this.origin}`}) as others`);
      waiting.expected = Number(rows[0]?.others ?? 0);
      if (waiting.acked >= waiting.expected) done();
      await confirmed;
    } finally {
      clearTimeout(timer);
      this.awaiting.delete(n);
    }
    return cleared;
  }

  /**
   * Called by a write that changed what public pages show (news, games), after it committed and
   * before its answer: every process drops its copies, and the answer waits for their
   * confirmation. Never throws: the write stands, and a copy that could not be dropped expires
   * within the page cache's TTL.
   */
  async publicContentChanged(db: Database): Promise<void> {
    await this.clearEverywhere(db, "public").catch((error) =>
      this.logger.warn({ err: error }, "cache clear after a write failed"),
    );
  }

  /**
   * Called when a session ended or what it carries changed (sign-out, a revoked device, a password
   * change, two-factor turned on or off, a deleted account, the user's role, profile or theme:
   * `ViewerStore` writes), before the answer: every process
   * forgets the sessions it had resolved, so none accepts an ended session afterwards. Never
   * throws: when the notification cannot be sent (the database is gone, so the session write most
   * likely failed too) it is logged as an error, and the other processes' copies expire within
   * SESSION_CACHE_MS.
   */
  async sessionsChanged(db: Database): Promise<void> {
    await this.clearEverywhere(db, "sessions").catch((error) =>
      this.logger.error({ err: error }, "sessions not cleared on the other processes"),
    );
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.listening = false;
    await this.listener?.end().catch(() => {});
    this.listener = null;
  }
}

function withApplicationName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set("application_name", name);
  return url.toString();
}
