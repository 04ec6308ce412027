import pg from "pg";
import type { Logger } from "./logger.server";

/** A cache the server keeps in memory; registered so Clear Cache can empty it. */
export type ClearableCache = { name: string; clear(): void };

const CHANNEL = "studio_cache_clear";

/**
 * The server's caches, and the means to clear them on every process: with PostgreSQL a
 * NOTIFY reaches every process listening on the same database; the embedded database has one
 * process, so clearing locally is clearing everywhere.
 */
export class CacheRegistry {
  private caches = new Map<string, ClearableCache>();
  private listener: pg.Client | null = null;

  constructor(private readonly logger: Logger) {}

  register(cache: ClearableCache) {
    this.caches.set(cache.name, cache);
  }

  names(): string[] {
    return [...this.caches.keys()];
  }

  clearLocal(): string[] {
    for (const cache of this.caches.values()) cache.clear();
    return this.names();
  }

  async listen(databaseUrl: string): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on("error", (error) =>
      this.logger.warn({ err: error }, "cache listener lost its connection"),
    );
    client.on("notification", () => this.clearLocal());
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  /** Clears here and asks every other process to clear too. */
  async clearEverywhere(notify: (channel: string) => Promise<void>): Promise<string[]> {
    const cleared = this.clearLocal();
    if (this.listener) await notify(CHANNEL);
    return cleared;
  }

  async close() {
    await this.listener?.end().catch(() => {});
  }
}
