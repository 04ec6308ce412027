import type { ClearableCache } from "./caches.server";

// Read models of the public lists: what the news pages, the home page's latest news
// and the games page read, kept in memory per process for signed-in readers, whose pages the page
// cache does not keep. The same writes that clear the page cache clear them, on every process,
// before their answer (CacheRegistry's `publicContentChanged`); a short life bounds the rest.

const TTL_MS = 60_000;
const MAX_ENTRIES = 500;

type Entry = { value: Promise<unknown>; storedAt: number };

export class PublicReads implements ClearableCache {
  readonly name = "public-reads";
  readonly holds = "public" as const;
  private entries = new Map<string, Entry>();
  // Bumped by every clear: a read that began before a clear may hold data from before the write,
  // so it is answered but not kept.
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The kept answer for `key`, or `load()`'s, kept when it succeeds. Callers arriving while a load
   * runs share it. The value is shared: callers must not change it.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && this.now() - kept.storedAt < TTL_MS) return kept.value as Promise<T>;
    const generation = this.generation;
    const value = load();
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const entry = { value, storedAt: this.now() };
    this.entries.set(key, entry);
    value.then(
      () => {
        if (generation !== this.generation && this.entries.get(key) === entry)
          this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.generation++;
  }

  size(): number {
    return this.entries.size;
  }
}
