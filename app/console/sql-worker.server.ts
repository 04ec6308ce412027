import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Exec } from "./sql-reader.server";

// PGlite runs on the thread that calls it and ignores statement_timeout, so a slow console query
// on the embedded database would stall every request. On PGlite the box's queries run here
// instead: a second, in-memory PGlite on a worker thread, loaded with a copy of the two tables for
// each query, which is terminated (and replaced on the next use) when a statement overruns.

/** Kept after use for a while, so the next query in a session does not wait for a new engine. */
const IDLE_MS = 5 * 60_000;
const START_TIMEOUT_MS = 60_000;

/** The worker's whole program: one in-memory PGlite answering one statement per message. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { PGlite } = require(workerData.pglite);
const db = new PGlite();
db.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ failed: String((error && error.message) || error) }),
);
parentPort.on("message", async ({ id, text, copy }) => {
  try {
    const options = copy === undefined ? undefined : { blob: new Blob([copy]) };
    const result = await db.query(text, [], options);
    parentPort.postMessage({ id, rows: result.rows, fields: result.fields.map((f) => ({ name: f.name })) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

/** The worker could not be started, or stopped under a statement: there is no engine to ask. */
export class EngineDown extends Error {
  name = "EngineDown";
}

/** A statement that ran past its time; the worker that ran it is gone. */
export class StatementTimedOut extends Error {
  name = "StatementTimedOut";
}

type Reply = {
  id?: number;
  ready?: true;
  failed?: string;
  rows?: Record<string, unknown>[];
  fields?: { name: string }[];
  error?: { message: string; code?: string };
};

class DatabaseError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A statement to the worker: text, an optional COPY FROM payload, and how long it may take. */
export type WorkerExec = (
  text: string,
  options?: { copy?: string; timeoutMs?: number },
) => ReturnType<Exec>;

type Engine = {
  worker: Worker;
  stopped: boolean;
  ready: Promise<void>;
  pending: Map<number, { resolve(reply: Reply): void; reject(e: Error): void }>;
};

class QueryWorker {
  private engine: Engine | null = null;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private idle: NodeJS.Timeout | null = null;

  private start(): Engine {
    if (this.engine) return this.engine;
    const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pglite } });
    // Never what keeps the process alive: shutdown does not wait for it.
    worker.unref();
    const pending: Engine["pending"] = new Map();
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new EngineDown("the query engine did not start in time"));
        this.stop(engine);
      }, START_TIMEOUT_MS);
      timer.unref();
      worker.on("message", (reply: Reply) => {
        if (reply.ready) {
          clearTimeout(timer);
          resolve();
        } else if (reply.failed) {
          clearTimeout(timer);
          reject(new EngineDown(`the query engine did not start: ${reply.failed}`));
          this.stop(engine);
        } else if (reply.id !== undefined) {
          const waiting = pending.get(reply.id);
          pending.delete(reply.id);
          waiting?.resolve(reply);
        }
      });
      const gone = (error: Error) => {
        clearTimeout(timer);
        engine.stopped = true;
        if (this.engine === engine) this.engine = null;
        for (const waiting of pending.values()) waiting.reject(error);
        pending.clear();
        reject(error);
      };
      worker.on("error", (error) =>
        gone(new EngineDown(`the query engine failed: ${error.message}`)),
      );
      worker.on("exit", () => gone(new EngineDown("the query engine stopped")));
    });
    // A failed start is not remembered (the handlers above forget the engine): the next use tries again.
    ready.catch(() => {});
    const engine: Engine = { worker, stopped: false, ready, pending };
    this.engine = engine;
    return engine;
  }

  /** Ends an engine (the current one by default) and whatever it is running, at once. */
  stop(engine: Engine | null = this.engine) {
    if (!engine) return;
    engine.stopped = true;
    if (this.engine === engine) this.engine = null;
    void engine.worker.terminate();
  }

  /**
   * Runs `work` with this worker to itself (one session at a time), starting it when needed;
   * `discard` ends the engine it ran on (a replacement starts on the next use).
   */
  use<T>(work: (exec: WorkerExec, discard: () => void) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      if (this.idle) clearTimeout(this.idle);
      const engine = this.start();
      await engine.ready;
      try {
        return await work(
          (text, options) => this.send(engine, text, options),
          () => this.stop(engine),
        );
      } finally {
        this.idle = setTimeout(() => this.stop(), IDLE_MS);
        this.idle.unref();
      }
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async send(
    engine: Engine,
    text: string,
    options: { copy?: string; timeoutMs?: number } = {},
  ): ReturnType<Exec> {
    if (engine.stopped) throw new EngineDown("the query engine stopped");
    const id = this.nextId++;
    const reply = await new Promise<Reply>((resolve, reject) => {
      const timer = options.timeoutMs
        ? setTimeout(() => {
            // The only way to stop a statement in a WASM engine is to end its thread.
            engine.pending.delete(id);
            this.stop(engine);
            // The owner usually tries again: have the replacement ready by then.
            this.start();
            reject(new StatementTimedOut(`ran longer than ${options.timeoutMs} ms`));
          }, options.timeoutMs)
        : null;
      engine.pending.set(id, {
        resolve: (r) => {
          if (timer) clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          if (timer) clearTimeout(timer);
          reject(e);
        },
      });
      engine.worker.postMessage({ id, text, copy: options.copy });
    });
    if (reply.error) throw new DatabaseError(reply.error.message, reply.error.code);
    return { rows: reply.rows ?? [], fields: reply.fields ?? [] };
  }
}

/** One per process: it holds no data between queries, so every embedded database shares it. */
export const queryWorker = new QueryWorker();
