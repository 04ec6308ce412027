import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PGlite, type Transaction } from "@electric-sql/pglite";

// The statements one request sends to the embedded database: what a page costs in round trips.
// The compiled site loads PGlite from node_modules, as this module does, so they share its class:
// its query, exec and transaction methods are wrapped once per worker, and a statement is counted
// for the request whose handling sent it (an AsyncLocalStorage around the site's handler).

/** The header that asks for a request's statements (the value names the request). */
export const TRACE_HEADER = "x-test-statements";

const tracing = new AsyncLocalStorage<string[]>();
const traces = new Map<string, string[]>();

function record(text: string) {
  tracing.getStore()?.push(text.replace(/\s+/g, " ").trim());
}

let wrapped = false;
function wrapEngine() {
  if (wrapped) return;
  wrapped = true;
  const base = PGlite.prototype;
  const { query, exec, transaction } = base;
  base.query = function (this: PGlite, text, ...rest) {
    record(text);
    return query.call(this, text, ...rest);
  } as typeof query;
  base.exec = function (this: PGlite, text, ...rest) {
    record(text);
    return exec.call(this, text, ...rest);
  } as typeof exec;
  base.transaction = function (this: PGlite, callback) {
    record("begin");
    return transaction.call(this, (tx: Transaction) => {
      const inner = { query: tx.query, exec: tx.exec };
      tx.query = ((text, ...rest) => {
        record(text);
        return inner.query(text, ...rest);
      }) as typeof tx.query;
      tx.exec = ((text, ...rest) => {
        record(text);
        return inner.exec(text, ...rest);
      }) as typeof tx.exec;
      return callback(tx);
    });
  } as typeof transaction;
}

/** The site's handler, counting the statements of each request that carries TRACE_HEADER. */
export function tracingHandler(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  wrapEngine();
  return (req, res) => {
    const name = req.headers[TRACE_HEADER];
    if (typeof name !== "string") return handle(req, res);
    const statements: string[] = [];
    traces.set(name, statements);
    tracing.run(statements, () => handle(req, res));
  };
}

let names = 0;
/** A name for a traced request, and its statements once it has been answered. */
export function newTrace(): { name: string; statements(): string[] } {
  const name = `trace-${process.pid}-${++names}`;
  return {
    name,
    statements() {
      const statements = traces.get(name) ?? [];
      traces.delete(name);
      return [...statements];
    },
  };
}
