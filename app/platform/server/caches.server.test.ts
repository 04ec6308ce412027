import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/database.server";
import {
  ACK_TIMEOUT_MS,
  CacheRegistry,
  type ListenClient,
  RECONNECT_DELAYS_MS,
} from "./caches.server";
import { createLogger } from "./logger.server";

/** A stand-in for a node-postgres client: connects when `up`, emits what a real one emits. */
class FakeClient extends EventEmitter {
  queries: string[] = [];
  ended = false;
  constructor(private readonly network: { up: boolean }) {
    super();
  }
  async connect() {
    if (!this.network.up)
      throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
  }
  async query(text: string, values?: unknown[]) {
    this.queries.push(values ? `${text} ${JSON.stringify(values)}` : text);
    return {};
  }
  async end() {
    this.ended = true;
  }
}

/** The database a write's clear goes through: it reports how many other processes listen. */
function fakeDb(others: number) {
  const execute = vi.fn(async () => ({ rows: [{ sent: "", others }] }));
  return { db: { execute } as unknown as Database, execute };
}

function setup() {
  const network = { up: true };
  const clients: FakeClient[] = [];
  const registry = new CacheRegistry(createLogger("silent"), () => {
    const client = new FakeClient(network);
    clients.push(client);
    return client as unknown as ListenClient;
  });
  const cache = { name: "pages", clear: vi.fn() };
  registry.register(cache);
  return { network, clients, registry, cache };
}

describe("CacheRegistry listener", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("clears on another process's request and acknowledges it", async () => {
    const { clients, registry, cache } = setup();
    await registry.listen("postgres://db/studio");
    expect(clients[0]!.queries).toEqual(["LISTEN studio_cache_clear"]);
    clients[0]!.emit("notification", { payload: "clear other-process 7" });
    expect(cache.clear).toHaveBeenCalledTimes(1);
    expect(clients[0]!.queries[1]).toBe(
      'select pg_notify($1, $2) ["studio_cache_clear","ack other-process 7"]',
    );
  });

  it("does not clear again on hearing its own request, nor on others' acknowledgements", async () => {
    const { clients, registry, cache } = setup();
    await registry.listen("postgres://db/studio");
    clients[0]!.emit("notification", { payload: `clear ${registry.origin} 1` });
    clients[0]!.emit("notification", { payload: "ack other-process 1" });
    expect(cache.clear).not.toHaveBeenCalled();
  });

  it("a clear returns once every other listening process has acknowledged", async () => {
    const { clients, registry, cache } = setup();
    await registry.listen("postgres://db/studio");
    const { db, execute } = fakeDb(2);
    let finished = false;
    const clearing = registry.clearEverywhere(db).then(() => {
      finished = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.clear).toHaveBeenCalledTimes(1);
    expect(execute).toHaveBeenCalledTimes(1);
    clients[0]!.emit("notification", { payload: `ack ${registry.origin} 1` });
    await vi.advanceTimersByTimeAsync(0);
    expect(finished).toBe(false);
    clients[0]!.emit("notification", { payload: `ack ${registry.origin} 1` });
    await clearing;
    expect(finished).toBe(true);
  });

  it("a clear gives up waiting after ACK_TIMEOUT_MS when a process does not answer", async () => {
    const { registry } = setup();
    await registry.listen("postgres://db/studio");
    let finished = false;
    const clearing = registry.clearEverywhere(fakeDb(1).db).then(() => {
      finished = true;
    });
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS - 10);
    expect(finished).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    await clearing;
    expect(finished).toBe(true);
  });

  it("reconnects after losing its connection, retrying while the database is down", async () => {
    const { network, clients, registry, cache } = setup();
    await registry.listen("postgres://db/studio");
    network.up = false;
    clients[0]!.emit("error", new Error("Connection terminated unexpectedly"));
    clients[0]!.emit("end");
    expect(registry.isListening()).toBe(false);
    expect(clients[0]!.ended).toBe(true);

    // Two refused attempts, then the database is back.
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0]!);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[1]!);
    expect(clients).toHaveLength(3);
    expect(registry.isListening()).toBe(false);
    network.up = true;
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[2]!);
    expect(clients).toHaveLength(4);
    expect(registry.isListening()).toBe(true);
    expect(clients[3]!.queries).toEqual(["LISTEN studio_cache_clear"]);
    // Clears sent during the outage were missed, so reconnecting clears.
    expect(cache.clear).toHaveBeenCalledTimes(1);
    clients[3]!.emit("notification", { payload: "clear other-process 3" });
    expect(cache.clear).toHaveBeenCalledTimes(2);
  });

  it("still tells other processes while its own connection is reconnecting", async () => {
    const { network, clients, registry } = setup();
    await registry.listen("postgres://db/studio");
    network.up = false;
    clients[0]!.emit("end");
    const { db, execute } = fakeDb(0);
    await registry.clearEverywhere(db);
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it("clears only locally on the embedded database", async () => {
    const { registry, cache } = setup();
    const { db, execute } = fakeDb(0);
    expect(await registry.clearEverywhere(db)).toEqual(["pages"]);
    expect(cache.clear).toHaveBeenCalledTimes(1);
    expect(execute).not.toHaveBeenCalled();
  });

  it("stops reconnecting once closed", async () => {
    const { network, clients, registry } = setup();
    await registry.listen("postgres://db/studio");
    network.up = false;
    clients[0]!.emit("end");
    await registry.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(clients).toHaveLength(1);
  });
});

describe("CacheRegistry: public content and sessions are cleared apart", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function registryWithBoth() {
    const { clients, registry, cache: pages } = setup();
    const sessions = { name: "sessions", holds: "sessions" as const, clear: vi.fn() };
    registry.register(sessions);
    return { clients, registry, pages, sessions };
  }

  it("a public-content write leaves the sessions; a session change leaves the pages", async () => {
    const { registry, pages, sessions } = registryWithBoth();
    await registry.publicContentChanged(fakeDb(0).db);
    expect(pages.clear).toHaveBeenCalledTimes(1);
    expect(sessions.clear).not.toHaveBeenCalled();
    await registry.sessionsChanged(fakeDb(0).db);
    expect(sessions.clear).toHaveBeenCalledTimes(1);
    expect(pages.clear).toHaveBeenCalledTimes(1);
  });

  it("names the kind in its request, and another process clears only caches of that kind", async () => {
    const { clients, registry, pages, sessions } = registryWithBoth();
    await registry.listen("postgres://db/studio");
    const { db, execute } = fakeDb(0);
    await registry.sessionsChanged(db);
    expect(JSON.stringify(execute.mock.calls[0])).toContain(`clear ${registry.origin} 1 sessions`);
    clients[0]!.emit("notification", { payload: "clear other-process 4 sessions" });
    expect(sessions.clear).toHaveBeenCalledTimes(2);
    expect(pages.clear).not.toHaveBeenCalled();
    // A request that names nothing (from a process before this change) clears everything.
    clients[0]!.emit("notification", { payload: "clear other-process 5" });
    expect(pages.clear).toHaveBeenCalledTimes(1);
    expect(sessions.clear).toHaveBeenCalledTimes(3);
  });
});

describe("CacheRegistry in a process that keeps no caches (the command line)", () => {
  it("still tells the other processes to clear public content", async () => {
    const registry = new CacheRegistry(createLogger("silent"), () => {
      return new FakeClient({ up: true }) as unknown as ListenClient;
    });
    await registry.listen("postgres://db/studio");
    const { db, execute } = fakeDb(0);
    await registry.publicContentChanged(db);
    expect(JSON.stringify(execute.mock.calls[0])).toContain(`clear ${registry.origin} 1 public`);
  });
});
