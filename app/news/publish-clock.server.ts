import type { Database } from "~/db/database.server";
import type { ClearableCache } from "~/platform/server/caches.server";

// Scheduled items appear at their time on every process, without a restart. Public
// reads already ask for `published_at <= now()`; what could still show the page from before that
// moment are the caches (page cache, reader pages, API answers, read models). Each process keeps a
// timer for the next scheduled time and clears its own public caches when it rings: no message
// between processes is needed, since every process has the same timer. Registered as a public cache
// itself, it looks again whenever public content changes (a new schedule, on any process: the
// write's clear reaches every process).

// setTimeout's limit is ~24.8 days; a later time is looked at again in a day.
const MAX_WAIT_MS = 24 * 60 * 60 * 1000;
// Rung a little after the time: the database's clock decides, and the two may differ by a hair.
const AFTER_MS = 25;

export class PublishClock implements ClearableCache {
  readonly name = "publish-clock";
  readonly holds = "public" as const;
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;
  private again = false;
  private closed = false;
  /** The time the timer is set for (ms), for tests and the console. */
  due: number | null = null;

  constructor(
    private readonly options: {
      db: Database;
      next: (db: Database) => Promise<Date | null>;
      /** Clears this process's public caches (the registry's `clearLocal("public")`). */
      expire: () => void;
      onError: (error: unknown) => void;
      now?: () => number;
    },
  ) {}

  /** Looks up the next scheduled time and sets the timer for it. */
  start(): Promise<void> {
    return this.look();
  }

  /** Public content changed: the next time may be another. */
  clear(): void {
    void this.look();
  }

  private look(): Promise<void> {
    if (this.closed) return Promise.resolve();
    // One lookup at a time; a change during one is looked at once more after it.
    if (this.looking) {
      this.again = true;
      return this.looking;
    }
    this.looking = (async () => {
      do {
        this.again = false;
        try {
          this.arm(await this.options.next(this.options.db));
        } catch (error) {
          this.options.onError(error);
          // The database is away: look again in a minute (the caches' TTL bounds the delay anyway).
          this.arm(new Date((this.options.now ?? Date.now)() + 60_000));
        }
      } while (this.again && !this.closed);
      this.looking = null;
    })();
    return this.looking;
  }

  private arm(at: Date | null) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.due = at ? at.getTime() : null;
    if (!at || this.closed) return;
    const wait = Math.max(0, at.getTime() - (this.options.now ?? Date.now)()) + AFTER_MS;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (wait > MAX_WAIT_MS) {
          void this.look();
          return;
        }
        // Clearing the public caches clears this clock too, which looks up the next time.
        this.options.expire();
      },
      Math.min(wait, MAX_WAIT_MS),
    );
    this.timer.unref();
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
